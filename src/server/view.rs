//! Each seat's JSON from an open game, for the owner to publish: `status`
//! and `offers` exactly as `game status --json` and `game offers --json`
//! print them (the core's `GameStatus` and `OffersView`, parts of its
//! `Snapshot`), with the log's lines, newest first, and each model's profile
//! in words for the cards.

use serde_json::{Value, json};

use super::{Seat, State};
use crate::core::game::{Game, GameStatus, Offers, OffersView, Status};
use crate::core::glossary;
use crate::core::tables::Stat;
use crate::core::text::Lang;

/// The newest lines of the log a page receives: a long game's state stays
/// small; the laptop has the whole log.
pub const LOG_LINES: usize = 300;

/// What every seat sees in one language (the seat is set by [`State::new`]).
/// `offered` is `g.offers()`, worked out once for both languages.
pub fn seat_json(g: &Game, offered: &Offers, l: Lang) -> Value {
    // The core's parts of the snapshot, the very values `game status
    // --json` and `game offers --json` print (one door).
    let status = serde_json::to_value(GameStatus::of(g, l)).unwrap_or(Value::Null);
    let offers = serde_json::to_value(OffersView::of_offers(g, offered, l)).unwrap_or(Value::Null);
    let log: Vec<Value> = g
        .log()
        .rev()
        .take(LOG_LINES)
        .map(|e| json!({"n": e.index + 1, "text": e.describe(l).to_string()}))
        .collect();
    let st = g.state();
    let profiles: serde_json::Map<String, Value> = st
        .models()
        .map(|(r, m)| (r.to_string(), Value::String(profile_line(m, l))))
        .collect();
    // The words for ids the page shows: each status, and each offered
    // action as the history would tell it.
    let statuses: serde_json::Map<String, Value> = Status::ALL
        .iter()
        .filter_map(|s| {
            Some((
                serde_json::to_value(s).ok()?.as_str()?.to_string(),
                s.label(l).into(),
            ))
        })
        .collect();
    let actions: Vec<Value> = offered
        .offers
        .iter()
        .map(|o| {
            json!({
                "text": declared(g, &o.action, l),
                "targets": o.targets.iter().map(|t| declared(g, &t.action, l)).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "status": status,
        "offers": offers,
        "log": log,
        "profiles": profiles,
        "words": {"status": statuses, "offers": actions},
    })
}

/// The game's state for every seat in both languages, as `index`.
pub fn state(g: &Game, index: u64) -> State {
    let offered = g.offers();
    let per_lang = [
        seat_json(g, &offered, Lang::Es),
        seat_json(g, &offered, Lang::En),
    ];
    State::new(index, |_seat: Seat, l| match l {
        Lang::Es => per_lang[0].clone(),
        Lang::En => per_lang[1].clone(),
    })
}

/// An offered action in the history's words, without the outcome a roll
/// not yet made would add (its last `: …` part).
fn declared(g: &Game, a: &crate::core::game::Action, l: Lang) -> String {
    let text = g.describe(a, l);
    if !a.is_roll() {
        return text;
    }
    match text.rfind(": ") {
        Some(i) => text[..i].trim_end().to_string(),
        None => text,
    }
}

/// A model's profile on one line: the six attributes, Move, armour and
/// weapons, in the glossary's words.
fn profile_line(m: &crate::core::game::ModelState, l: Lang) -> String {
    let p = &m.profile;
    let mut parts: Vec<String> = Stat::ALL
        .iter()
        .map(|s| format!("{} {}", s.abbrev(l), p.stats.get(*s)))
        .collect();
    parts.push(format!("{} {} cm", glossary::MOVE.get(l), p.movement_cm));
    parts.push(format!("{} {}", l.pick("Armadura", "Armour"), p.armour));
    let weapons: Vec<String> = p
        .melee
        .iter()
        .filter(|w| w.carried)
        .map(|w| w.name.get(l).to_string())
        .chain(p.ranged.iter().map(|w| w.name.get(l).to_string()))
        .collect();
    let mut line = parts.join(" · ");
    if !weapons.is_empty() {
        line.push_str(" — ");
        line.push_str(&weapons.join(", "));
    }
    line
}
