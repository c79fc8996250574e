//! Each seat's JSON from an open game, for the owner to publish: `status`
//! and `offers` exactly as `game status --json` and `game offers --json`
//! print them (today the CLI's shapes; after issue 23 the core's
//! Snapshot), with the log's lines, newest first, and each model's profile
//! in words for the cards.

use serde_json::{Value, json};

use super::{Seat, State};
use crate::core::game::Game;
use crate::core::glossary;
use crate::core::tables::Stat;
use crate::core::text::Lang;

/// The newest lines of the log a page receives: a long game's state stays
/// small; the laptop has the whole log.
pub const LOG_LINES: usize = 300;

/// What every seat sees in one language (the seat is set by [`State::new`]).
pub fn seat_json(g: &Game, l: Lang) -> Value {
    let status = serde_json::to_value(crate::cli::game::status_out(g, l)).unwrap_or(Value::Null);
    let offers = crate::cli::game_play::offers_json(g, &g.offers(), l).unwrap_or(Value::Null);
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
    json!({"status": status, "offers": offers, "log": log, "profiles": profiles})
}

/// The game's state for every seat in both languages, as `index`.
pub fn state(g: &Game, index: u64) -> State {
    let per_lang = [seat_json(g, Lang::Es), seat_json(g, Lang::En)];
    State::new(index, |_seat: Seat, l| match l {
        Lang::Es => per_lang[0].clone(),
        Lang::En => per_lang[1].clone(),
    })
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
