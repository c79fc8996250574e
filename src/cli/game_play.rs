//! `impia game offers|act|undo|redo`: playing a game from a script through
//! the same door as the app: the core's offers, and actions sent to it.

use std::io::BufRead;
use std::path::Path;
use std::process::ExitCode;

use super::game::{EXIT_INCONSISTENT, open, print_status};
use super::{CliError, print_json};
use crate::core::game::{Action, ErrorKind, Game, GameError, GameStatus, OffersView};
use crate::core::glossary;
use crate::core::odds::Odds;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// Exit code when the rules refuse an action.
const EXIT_REFUSED: u8 = 1;

/// Open a game to play it: refused (exit 2) while another window or command
/// has it for writing.
fn load_writable(path: &Path, rules: &RuleSet) -> Result<Result<Game, ExitCode>, CliError> {
    let g = load(path, rules)?;
    if let Ok(g) = &g
        && g.read_only()
    {
        return Err(CliError(format!(
            "{}: another impia window or command has this game open for writing",
            path.display()
        )));
    }
    Ok(g)
}

fn load(path: &Path, rules: &RuleSet) -> Result<Result<Game, ExitCode>, CliError> {
    Ok(match open(path, rules)? {
        Ok(g) => Ok(g),
        Err(msg) => {
            eprintln!("impia: {msg}");
            Err(ExitCode::from(EXIT_INCONSISTENT))
        }
    })
}

pub(crate) fn offers(
    path: &Path,
    rules: &RuleSet,
    json: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let g = match load(path, rules)? {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    if json {
        // Through a `Value`, as before issue 23: its keys come out sorted.
        print_json(&serde_json::to_value(OffersView::of(&g, l))?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let offers = g.offers();
    outln!("{}", g.now_text(l));
    if let Some(p) = g.pending() {
        outln!("  {}", g.describe(&p.action, l));
    }
    for o in &offers.offers {
        let who = o
            .model
            .map(|m| format!("{} ", g.state().name(m)))
            .unwrap_or_default();
        let targets: Vec<String> = o
            .targets
            .iter()
            .map(|t| match t.p_down {
                Some(p) => format!("{} {}", g.state().name(t.model), Odds(p).percent()),
                None => g.state().name(t.model),
            })
            .collect();
        let id = format!("{}{}", o.id, variant(&o.action, l));
        match &o.why_not {
            None => outln!(
                "  {} {who}{id} ({} {}){}",
                if o.allowed { "+" } else { "-" },
                o.dp,
                glossary::DP.get(l),
                if targets.is_empty() {
                    String::new()
                } else {
                    format!(" → {}", targets.join(", "))
                }
            ),
            Some(e) => outln!("  - {who}{id}: {}", e.message(l)),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What tells apart two offers with one id in the text output: a round
/// change's step, the warband that ends its changes or starts, a brutal
/// assault, an aimed or defensive shot, Iron defence (the JSON output
/// carries the whole action).
fn variant(a: &Action, l: Lang) -> String {
    match a {
        Action::ChangeRound { steps, .. } => format!(" {steps:+}"),
        Action::EndChangeRound { side } | Action::ChooseStart { side } => {
            format!(" {}", side.label(l))
        }
        Action::Assault { brutal: true, .. } => " brutal".into(),
        Action::Shoot { options, .. } if options.aimed => " aimed".into(),
        Action::Shoot { options, .. } if !options.options.is_empty() => {
            let keys: Vec<&str> = options.options.keys().map(String::as_str).collect();
            format!(" {}", keys.join(" "))
        }
        Action::ResolveHit { options, .. } if options.iron_defence => " iron_defence".into(),
        _ => String::new(),
    }
}

/// A refusal's line: the rule id first when there is one.
fn refusal_line(e: &GameError, l: Lang) -> String {
    e.message(l)
}

pub(crate) fn act(
    path: &Path,
    rules: &RuleSet,
    action: Option<&str>,
    json: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let mut g = match load_writable(path, rules)? {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let was_ended = g.state().ended.is_some();
    let logged = g.actions().len();
    let lines: Vec<String> = match action {
        Some(a) => vec![a.to_string()],
        None => std::io::stdin()
            .lock()
            .lines()
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| CliError(format!("stdin: {e}")))?,
    };
    for (n, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let a: Action = serde_json::from_str(line).map_err(|e| {
            CliError(format!(
                "action {} (line {}): not an action: {e}",
                n + 1,
                n + 1
            ))
        })?;
        if let Err(e) = g.act(a) {
            if e.is_applied() {
                return Err(CliError(e.message(l)));
            }
            if e.kind == ErrorKind::Unknown {
                return Err(CliError(format!("line {}: {}", n + 1, e.message(l))));
            }
            eprintln!(
                "{}",
                crate::core::text::escape_controls(&refusal_line(&e, l))
            );
            sync_records(&g, path, was_ended, l);
            return Ok(ExitCode::from(EXIT_REFUSED));
        }
    }
    sync_records(&g, path, was_ended, l);
    let out = GameStatus::of(&g, l);
    if json {
        print_json(&out)?;
    } else {
        // R39: what the dark forces gave, in the history's words, before
        // the status of the turn they started.
        for e in g.log().skip(logged) {
            if matches!(e.action, Action::StartTurn { .. }) {
                outln!("{}", e.describe(l));
            }
        }
        print_status(&out, l);
    }
    Ok(ExitCode::SUCCESS)
}

/// Issue 15: an ended game is in both warbands' records, and leaves them
/// when its end is undone. A record that cannot be written is said, not
/// fatal: the game itself is saved.
fn sync_records(g: &Game, path: &Path, was_ended: bool, l: Lang) {
    if let Err(e) = crate::core::records::sync(g, path, was_ended) {
        eprintln!(
            "impia: {}: {e}",
            l.pick(
                "no se pudo escribir el historial de las bandas",
                "the warbands' records could not be written"
            )
        );
    }
}

pub(crate) fn undo(
    path: &Path,
    rules: &RuleSet,
    redo: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let mut g = match load_writable(path, rules)? {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let target = if redo {
        g.redo_list().last().cloned()
    } else {
        g.actions().last().cloned()
    };
    let was_ended = g.state().ended.is_some();
    let done = if redo { g.redo() } else { g.undo() };
    match done {
        Ok(true) => {
            sync_records(&g, path, was_ended, l);
            let text = target.map(|a| a.id()).unwrap_or_default();
            outln!(
                "{} {text}; {}",
                if redo {
                    l.pick("Rehecho:", "Redone:")
                } else {
                    l.pick("Deshecho:", "Undone:")
                },
                g.now_text(l)
            );
            Ok(ExitCode::SUCCESS)
        }
        Ok(false) => {
            eprintln!(
                "{}",
                if redo {
                    l.pick("nada que rehacer", "nothing to redo")
                } else {
                    l.pick("nada que deshacer", "nothing to undo")
                }
            );
            Ok(ExitCode::from(EXIT_REFUSED))
        }
        Err(e) => Err(CliError(e.message(l))),
    }
}
