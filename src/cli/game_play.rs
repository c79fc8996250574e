//! `impia game offers|act|undo|redo`: playing a game from a script through
//! the same door as the app: the core's offers, and actions sent to it.

use std::io::BufRead;
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;
use serde_json::{Value, json};

use super::game::{EXIT_INCONSISTENT, open, print_status, status_out};
use super::{CliError, print_json};
use crate::core::game::{Action, ErrorKind, Game, GameError, Now, Offer, Offers, Prepared};
use crate::core::glossary;
use crate::core::odds::Odds;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// Exit code when the rules refuse an action.
const EXIT_REFUSED: u8 = 1;

/// Open a game to play it: refused (exit 2) while another window or command
/// has it for writing.
pub(crate) fn load_writable(
    path: &Path,
    rules: &RuleSet,
) -> Result<Result<Game, ExitCode>, CliError> {
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

/// The step's name in the offers' JSON.
fn phase(now: &Now) -> &'static str {
    match now {
        Now::StartTurn { .. } => "start_turn",
        Now::ChangeRound { .. } => "change_round",
        Now::RollOff { .. } => "roll_off",
        Now::ChooseStart { .. } => "choose_start",
        Now::Pick { .. } => "pick",
        Now::Acting { .. } => "acting",
        Now::ResolveHits { .. } => "resolve_hits",
        Now::Rolled => "rolled",
        Now::Ended { .. } => "ended",
    }
}

fn action_json(a: &Action) -> Result<Value, CliError> {
    Ok(serde_json::to_value(a)?)
}

/// Issue 12: the check a rolled action makes, every modifier with its
/// source in words, and its exact odds; `None` for an action without a roll.
fn check_json(g: &Game, a: &Action, l: Lang) -> Option<Value> {
    if !a.is_roll() {
        return None;
    }
    let words = |s: &[crate::core::text::Text]| -> Vec<String> {
        s.iter().map(|t| t.get(l).to_string()).collect()
    };
    match g.prepare(a).ok()? {
        Prepared::Check(p) => Some(json!({"sources": words(&p.sources), "success": p.odds()})),
        Prepared::Opposed(p) => Some(json!({"sources": words(&p.sources), "odds": p.odds()})),
        Prepared::Disengage(v) => Some(json!({
            "rolls": v.iter().map(|p| json!({"sources": words(&p.sources), "odds": p.odds()})).collect::<Vec<_>>()
        })),
        Prepared::NoRoll => None,
    }
}

fn offer_json(g: &Game, o: &Offer, l: Lang) -> Result<Value, CliError> {
    let targets = o
        .targets
        .iter()
        .map(|t| {
            let mut v = json!({
                "model": t.model.to_string(),
                "action": action_json(&t.action)?,
            });
            // Issue 12 ★: the chance to put the target (and, in a fight,
            // the attacker) Down, on attack offers only.
            if let Some(p) = t.p_down {
                v["p_down"] = serde_json::to_value(Odds(p))?;
            }
            if let Some(p) = t.p_attacker_down {
                v["p_attacker_down"] = serde_json::to_value(Odds(p))?;
            }
            if let Some(c) = check_json(g, &t.action, l) {
                v["check"] = c;
            }
            Ok(v)
        })
        .collect::<Result<Vec<Value>, CliError>>()?;
    Ok(json!({
        "id": o.id,
        "model": o.model.map(|m| m.to_string()),
        "dp": o.dp,
        "allowed": o.allowed,
        "why_not": o.why_not.as_ref().map(|e| e.message(l)),
        "action": action_json(&o.action)?,
        "targets": targets,
        "choices": o.choices.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        // An offer without targets that rolls (a check, a disengage).
        "check": if o.allowed && o.targets.is_empty() { check_json(g, &o.action, l) } else { None },
    }))
}

#[derive(Serialize)]
struct RerollOut {
    by: String,
    roll: usize,
    before: u32,
    after: u32,
}

pub(crate) fn offers_json(g: &Game, offers: &Offers, l: Lang) -> Result<Value, CliError> {
    let pending = match g.pending() {
        Some(p) => Some(json!({
            "action": action_json(&p.action)?,
            "text": g.describe(&p.action, l),
            "rerolls": p.rerolls.iter().map(|r| RerollOut {
                by: r.by.to_string(),
                roll: r.roll,
                before: r.before.d10,
                after: r.after.d10,
            }).collect::<Vec<_>>(),
        })),
        None => None,
    };
    Ok(json!({
        "turn": offers.turn,
        "round": offers.round,
        "phase": phase(&offers.now),
        "now": g.now_text(l),
        "actor": offers.actor.map(|m| m.to_string()),
        "pending": pending,
        "offers": offers.offers.iter().map(|o| offer_json(g, o, l)).collect::<Result<Vec<_>, _>>()?,
    }))
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
    let offers = g.offers();
    if json {
        print_json(&offers_json(&g, &offers, l)?)?;
        return Ok(ExitCode::SUCCESS);
    }
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
        match &o.why_not {
            None => outln!(
                "  {} {who}{} ({} {}){}",
                if o.allowed { "+" } else { "-" },
                o.id,
                o.dp,
                glossary::DP.get(l),
                if targets.is_empty() {
                    String::new()
                } else {
                    format!(" → {}", targets.join(", "))
                }
            ),
            Some(e) => outln!("  - {who}{}: {}", o.id, e.message(l)),
        }
    }
    Ok(ExitCode::SUCCESS)
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
    let out = status_out(&g, l);
    if json {
        print_json(&out)?;
    } else {
        print_status(&out, l);
    }
    Ok(ExitCode::SUCCESS)
}

/// Issue 15: an ended game is in both warbands' records, and leaves them
/// when its end is undone. A record that cannot be written is said, not
/// fatal: the game itself is saved.
pub(crate) fn sync_records(g: &Game, path: &Path, was_ended: bool, l: Lang) {
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
