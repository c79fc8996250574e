//! `impia game offers|act|undo|redo`: playing a game from a script through
//! the same door as the app: the core's offers, and actions sent to it.

use crate::core::game::act;
use std::io::BufRead;
use std::path::Path;
use std::process::ExitCode;

use super::super::{CliError, EXIT_BUSY, print_json};
use super::read::{EXIT_INCONSISTENT, open, print_status};
use crate::core::game::{
    Action, ErrorKind, Game, GameError, GameFileError, GameStatus, Happened, Host, HostError,
    OffersView,
};
use crate::core::glossary;
use crate::core::odds::Odds;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use crate::core::text::escape_controls;

/// Exit code when the rules refuse an action.
const EXIT_REFUSED: u8 = 1;

/// Exit code when a change could not be saved to the game file (issue 32;
/// sysexits' EX_CANTCREAT): the game as played is in the recovery file the
/// message names.
pub(crate) const EXIT_NOT_SAVED: u8 = 73;

/// Issue 32, the end of a command that holds a game: the file is looked at
/// once more (replaced or truncated under the command, its lock gone), and
/// when it lacks changes the game as played is written to the recovery
/// file and stderr says so: the exit code to end with.
pub(crate) fn not_saved_end(host: &mut Host, l: Lang) -> Option<ExitCode> {
    let e = host.not_saved_at_end()?;
    errln!("impia: {}", escape_controls(&e.message(l)));
    Some(ExitCode::from(EXIT_NOT_SAVED))
}

/// Open a game to play it: its lock first (issue 21), so a second writer
/// is refused before it reads: exit [`EXIT_BUSY`]. A log that does not
/// replay: exit 1; unreadable or hard-linked: exit 2.
pub(crate) fn load_writable(
    path: &Path,
    rules: &RuleSet,
) -> Result<Result<Host, ExitCode>, CliError> {
    match Host::open(path, rules) {
        Ok(h) => Ok(Ok(h)),
        Err(e) => host_error(e).map(Err),
    }
}

/// A writer's open refused: busy and an inconsistent log get their own
/// exit codes; the rest is bad input (exit 2).
pub(crate) fn host_error(e: HostError) -> Result<ExitCode, CliError> {
    match e {
        HostError::Busy { .. } => {
            errln!("impia: {}", escape_controls(&e.to_string()));
            Ok(ExitCode::from(EXIT_BUSY))
        }
        HostError::File(e @ GameFileError::Inconsistent { .. }) => {
            errln!("impia: {}", escape_controls(&e.to_string()));
            Ok(ExitCode::from(EXIT_INCONSISTENT))
        }
        e => Err(CliError(e.to_string())),
    }
}

fn load(path: &Path, rules: &RuleSet) -> Result<Result<Game, ExitCode>, CliError> {
    Ok(match open(path, rules)? {
        Ok(g) => Ok(g),
        Err(msg) => {
            errln!("impia: {}", escape_controls(&msg));
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
                Some(p) => format!("{} {}", g.state().name(t.model), Odds(p).percent(l)),
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
/// assault, a defensive shot (the JSON output carries the whole action; an
/// aimed shot and Iron defence are declarations of the one offer since
/// issue 23).
fn variant(a: &Action, l: Lang) -> String {
    match a {
        Action::ChangeRound(act::ChangeRound { steps, .. }) => format!(" {steps:+}"),
        Action::EndChangeRound(act::EndChangeRound { side })
        | Action::ChooseStart(act::ChooseStart { side }) => {
            format!(" {}", side.label(l))
        }
        Action::Assault(act::Assault { brutal: true, .. }) => " brutal".into(),
        Action::Shoot(act::Shoot { options, .. }) if !options.options.is_empty() => {
            let keys: Vec<&str> = options.options.keys().map(String::as_str).collect();
            format!(" {}", keys.join(" "))
        }
        _ => String::new(),
    }
}

/// A refusal's line: the rule id first when there is one.
fn refusal_line(e: &GameError, l: Lang) -> String {
    e.message(l)
}

/// The longest line of a stdin batch: far more than any action (see
/// `MAX_ACTION_BYTES`), so `< /dev/zero` stops here, not at 4 GB.
pub(crate) const MAX_STDIN_LINE: usize = 1024 * 1024;

/// The most lines a stdin batch may have (a game of 100,000 actions is
/// more than any game; its file would pass the read limit first).
pub(crate) const MAX_STDIN_LINES: usize = 200_000;

/// Read one line of at most `max` bytes (without its newline) into `buf`;
/// `Ok(false)` at the end of the input.
pub(crate) fn read_line_bounded(
    r: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<bool> {
    buf.clear();
    loop {
        let avail = r.fill_buf()?;
        if avail.is_empty() {
            return Ok(!buf.is_empty());
        }
        let (part, done) = match avail.iter().position(|b| *b == b'\n') {
            Some(i) => (&avail[..i], i + 1),
            None => (avail, avail.len()),
        };
        if buf.len() + part.len() > max {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("the line is longer than {max} bytes"),
            ));
        }
        buf.extend_from_slice(part);
        let newline = done > part.len();
        r.consume(done);
        if newline {
            return Ok(true);
        }
    }
}

/// One action from a line of JSON: a byte order mark before it is
/// dropped, and a unit action (`end_turn`, `end_game`) refuses unknown
/// fields like every other action (issue 21).
pub(crate) fn parse_action(line: &str) -> Result<Action, String> {
    // serde quotes an unknown action or field whole: cut (issue 32).
    Action::from_json(crate::core::fsutil::strip_bom(line))
        .map_err(|e| crate::core::error::shorten_quotes(&e.to_string()))
}

/// Apply one action (`--action`) or a batch of JSON lines on stdin, all or
/// nothing: each line is applied in memory as it is read, and all are saved
/// in one append at the end; a refused or bad line is named and nothing is
/// written.
pub(crate) fn act(
    path: &Path,
    rules: &RuleSet,
    action: Option<&str>,
    json: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    if let Some(a) = action
        && a.trim().is_empty()
    {
        return Err(CliError(
            "--action is empty: give one action as JSON, or none to read actions from stdin"
                .to_string(),
        ));
    }
    // Parsed before the lock: a malformed --action never waits on it.
    let single = match action {
        Some(a) => {
            Some(parse_action(a).map_err(|e| CliError(format!("--action: not an action: {e}")))?)
        }
        None => None,
    };
    let mut host = match load_writable(path, rules)? {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let logged = host.actions().len();
    let mut batch = host.batch().map_err(|e| CliError(e.message(l)))?;
    let one = single.is_some();
    let refused = |n: usize, e: GameError| -> Result<ExitCode, CliError> {
        let at = if one || n == 0 {
            String::new()
        } else {
            format!("line {n}: ")
        };
        if e.kind == ErrorKind::Unknown {
            return Err(CliError(format!("{at}{}", e.message(l))));
        }
        errln!(
            "{}{}; {}",
            at,
            escape_controls(&refusal_line(&e, l)),
            l.pick("no se guardó nada", "nothing was saved")
        );
        Ok(ExitCode::from(EXIT_REFUSED))
    };
    if let Some(a) = single {
        if let Err(e) = batch.act(a) {
            return refused(1, e);
        }
    } else {
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        let mut n = 0;
        loop {
            let more = read_line_bounded(&mut stdin, &mut buf, MAX_STDIN_LINE)
                .map_err(|e| CliError(format!("stdin, line {}: {e}; nothing was saved", n + 1)))?;
            if !more {
                break;
            }
            n += 1;
            if n > MAX_STDIN_LINES {
                return Err(CliError(format!(
                    "stdin: more than {MAX_STDIN_LINES} lines; nothing was saved"
                )));
            }
            let line = std::str::from_utf8(&buf)
                .map_err(|e| CliError(format!("line {n}: not UTF-8: {e}; nothing was saved")))?;
            if crate::core::fsutil::strip_bom(line).trim().is_empty() {
                continue;
            }
            let a = parse_action(line).map_err(|e| {
                CliError(format!("line {n}: not an action: {e}; nothing was saved"))
            })?;
            if let Err(e) = batch.act(a) {
                return refused(n, e);
            }
        }
    }
    let happened = match batch.commit() {
        Ok(h) => h,
        Err(e) if e.is_applied() => {
            if let Some(h) = e.happened() {
                tell_happened(h, l);
            }
            return Ok(not_saved_end(&mut host, l).unwrap_or(ExitCode::from(EXIT_NOT_SAVED)));
        }
        Err(e) => return refused(0, e),
    };
    super::super::mark_saved();
    tell_happened(&happened, l);
    let out = GameStatus::of(&host, l);
    if json {
        print_json(&out)?;
    } else {
        // R39: what the dark forces gave, in the history's words, before
        // the status of the turn they started.
        for e in host.log().skip(logged) {
            if matches!(e.action, Action::StartTurn(_)) {
                outln!("{}", e.describe(l));
            }
        }
        print_status(&out, l);
    }
    Ok(ExitCode::SUCCESS)
}

/// Issue 34: what a change did besides the game, said at once: who fled
/// (R31), a copied game file given an id of its own, and (issue 15) the
/// warbands' records that could not be written — not fatal: the game
/// itself is saved. On stderr, so that `--json` output stays one document.
pub(crate) fn tell_happened(h: &Happened, l: Lang) {
    for said in h.said() {
        errln!("impia: {}", escape_controls(said.text.get(l)));
    }
}

/// `game undo` (with or without `--withdraw`) or `game redo`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Undo {
    Back { withdraw: bool },
    Redo,
}

pub(crate) fn undo(path: &Path, rules: &RuleSet, how: Undo, l: Lang) -> Result<ExitCode, CliError> {
    let mut g = match load_writable(path, rules)? {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let redo = matches!(how, Undo::Redo);
    // Issue 33: a result the records hold is withdrawn only when asked for
    // by name, and the command says what it withdraws.
    if let Undo::Back { withdraw } = how
        && g.undo_withdraws_result()
    {
        let result = escape_controls(&g.result_words(l)).into_owned();
        if !withdraw {
            errln!(
                "{}",
                match l {
                    Lang::Es => format!(
                        "deshacer el final retira un resultado confirmado y anotado en el historial de las bandas: {result}; repite con --withdraw para retirarlo"
                    ),
                    Lang::En => format!(
                        "undoing the end withdraws a confirmed result the warbands' records hold: {result}; run again with --withdraw to withdraw it"
                    ),
                }
            );
            return Ok(ExitCode::from(EXIT_REFUSED));
        }
        outln!(
            "{} {result}",
            l.pick(
                "Retirado (queda en el historial, marcado como retirado):",
                "Withdrawn (kept in the records, marked withdrawn):"
            )
        );
    }
    let target = if redo {
        g.redo_list().last().cloned()
    } else {
        g.actions().last().cloned()
    };
    let done = if redo { g.redo() } else { g.undo() };
    match done {
        Ok(Some(happened)) => {
            super::super::mark_saved();
            tell_happened(&happened, l);
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
        Ok(None) => {
            errln!(
                "{}",
                if redo {
                    l.pick("nada que rehacer", "nothing to redo")
                } else {
                    l.pick("nada que deshacer", "nothing to undo")
                }
            );
            Ok(ExitCode::from(EXIT_REFUSED))
        }
        Err(e) if e.is_applied() => {
            if let Some(h) = e.happened() {
                tell_happened(h, l);
            }
            Ok(not_saved_end(&mut g, l).unwrap_or(ExitCode::from(EXIT_NOT_SAVED)))
        }
        Err(e) => Err(CliError(e.message(l))),
    }
}
