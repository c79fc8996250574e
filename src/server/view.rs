//! Each seat's JSON from an open game, for the owner to publish: `status`
//! exactly as `game status --json` prints it and `offers` as `game offers
//! --json` does, each target's price in numbers only (the core's
//! `GameStatus` and `OffersView::for_phone`, parts of its `Snapshot`), with
//! the log's lines, newest first, and each model's profile in words for the
//! cards.

use std::sync::Arc;

use serde_json::{Value, json};

use super::{Seat, State};
use crate::core::game::{Game, GameStatus, Offers, OffersView, Side, Status};
use crate::core::glossary;
use crate::core::tables::Stat;
use crate::core::text::Lang;

/// The newest lines of the log a page receives: a long game's state stays
/// small; the laptop has the whole log.
pub const LOG_LINES: usize = 300;

/// What every seat sees in one language (the seat is set by [`State::new`]).
/// `offered` is `g.offers()`, worked out once for both languages.
pub fn seat_json(g: &Game, offered: &Offers, l: Lang) -> Value {
    let mut v = seat_json_but_offers(g, offered, l);
    if let Value::Object(m) = &mut v {
        let offers = OffersView::for_phone(g, offered, l);
        m.insert(
            "offers".into(),
            serde_json::to_value(offers).unwrap_or(Value::Null),
        );
    }
    v
}

/// [`seat_json`]'s members written once, the offers straight from the
/// core's view (issue 32: a 4,000-model game's offers went through a tree
/// of values first).
fn seat_members(g: &Game, offered: &Offers, l: Lang) -> String {
    let rest = members(&seat_json_but_offers(g, offered, l));
    let offers = serde_json::to_string(&OffersView::for_phone(g, offered, l))
        .unwrap_or_else(|_| "null".into());
    format!("{rest},\"offers\":{offers}")
}

/// Every member of [`seat_json`] but `offers`.
fn seat_json_but_offers(g: &Game, offered: &Offers, l: Lang) -> Value {
    // The core's parts of the snapshot, the very values `game status
    // --json` and `game offers --json` print (one door; the phone's offers
    // priced in numbers, `OffersView::for_phone`).
    let status = serde_json::to_value(GameStatus::of(g, l)).unwrap_or(Value::Null);
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
    // Issue 32: nothing shown as saved that is not: what the file lacks.
    let unsaved = g.unsaved().map(|e| e.message(l));
    json!({
        "status": status,
        "unsaved": unsaved,
        "log": log,
        "profiles": profiles,
        "words": {"status": statuses, "offers": actions},
    })
}

/// A seat's standing with the laptop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum May {
    /// The table's link: it only watches.
    Watch,
    /// Not allowed yet: its first action asks the laptop.
    Ask,
    /// Its first action waits for the laptop's answer.
    Asking,
    /// Allowed: it acts for its warband.
    Play,
    /// Refused: its token is dead.
    Refused,
}

impl May {
    /// Its name in the seat's JSON.
    pub fn id(self) -> &'static str {
        match self {
            May::Watch => "watch",
            May::Ask => "ask",
            May::Asking => "asking",
            May::Play => "play",
            May::Refused => "refused",
        }
    }
}

/// What the owner's [`super::Seats`] add to each seat's JSON (issue 26):
/// who may play, which pages are connected, the end's confirmations.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatsView {
    /// Seat A's and seat B's approval (the table only watches).
    pub may: [May; 2],
    /// Whether seat A's and seat B's pages are connected.
    pub connected: [bool; 2],
    /// Whether each seat confirmed the ended game's report.
    pub confirmed: [bool; 2],
    /// The ended game is in the records.
    pub recorded: bool,
    /// Issue 33: a request to take back waiting, and the last word on
    /// undoing.
    pub take_back: super::TakeBackView,
    /// Issue 33: a seat's roll waiting for the other seat.
    pub waiting: Option<crate::core::game::rights::Waiting>,
}

impl Default for SeatsView {
    /// No seat allowed yet, none connected, nothing confirmed.
    fn default() -> Self {
        SeatsView {
            may: [May::Ask; 2],
            connected: [false; 2],
            confirmed: [false; 2],
            recorded: false,
            take_back: super::TakeBackView::default(),
            waiting: None,
        }
    }
}

impl SeatsView {
    /// A seat's approval; the table watches.
    pub fn may(&self, seat: Seat) -> May {
        match seat {
            Seat::A => self.may[0],
            Seat::B => self.may[1],
            Seat::Table => May::Watch,
        }
    }
}

/// The game's state for every seat in both languages, as `index`, with no
/// seat allowed yet (see [`state_with`]).
pub fn state(g: &Game, index: u64) -> State {
    state_with(g, index, &SeatsView::default())
}

/// The game's state for every seat in both languages, as `index`: what all
/// seats see, and per seat its `side`, `may`, `undo`, `connected` and the
/// game's `end` (issue 26).
pub fn state_with(g: &Game, index: u64, seats: &SeatsView) -> State {
    state_from(&Built::of(g), g, index, seats)
}

/// What identifies a state of a game: its id, its log's length, the
/// actions undone and dropped, the actions to redo (each change moves one),
/// and how much the file lacks (a refused save changes no action but the
/// state's `unsaved` words).
type Version = (String, usize, usize, usize, usize, bool);

fn version(g: &Game) -> Version {
    (
        g.setup().game_id(),
        g.actions().len(),
        g.undone().len(),
        g.redo_list().len(),
        g.unsaved_changes(),
        g.unsaved().is_some(),
    )
}

/// The part of every seat's state that only the game decides (issue 32):
/// each language's JSON (the offers worked out once) and, once ended, the
/// report in both languages. Built once per change of the game and kept by
/// the owner's [`super::Seats`], so a seat's standing changing (a page
/// connecting, a confirmation) costs no offers and no replay.
#[derive(Clone, Debug)]
pub struct Built {
    version: Version,
    /// Each language's part, written once: the members of its JSON object
    /// (issue 32: each seat cloned the tree and wrote it again).
    per_lang: [String; 2],
    /// The ended game's report in words (Spanish, English): sent only to a
    /// page that asks for it (`GET report`), never inside each state.
    report: Option<Arc<[Arc<str>; 2]>>,
}

impl Built {
    pub fn of(g: &Game) -> Built {
        let offered = g.offers();
        Built {
            version: version(g),
            per_lang: [Lang::Es, Lang::En].map(|l| seat_members(g, &offered, l)),
            report: g.state().ended.is_some().then(|| {
                Arc::new([
                    Arc::from(report_text(g, Lang::Es)),
                    Arc::from(report_text(g, Lang::En)),
                ])
            }),
        }
    }

    /// Built from `g` as it is now.
    pub fn is_of(&self, g: &Game) -> bool {
        self.version == version(g)
    }
}

/// [`state_with`] from the game's part already built.
pub fn state_from(built: &Built, g: &Game, index: u64, seats: &SeatsView) -> State {
    let end = end_json(g, seats);
    // Each may replay a block of the log: asked once, not per seat and
    // language.
    let withdraws = g.last_ends_the_game() && seats.recorded;
    let alone = [Side::A, Side::B].map(|s| g.may_take_back_alone(s));
    let waits = [Lang::Es, Lang::En].map(|l| {
        seats
            .waiting
            .as_ref()
            .map_or(Value::Null, |w| super::fair::waiting_json(g, w, l))
    });
    State::spliced(index, &built.per_lang, |seat: Seat, l| {
        let i = match l {
            Lang::Es => 0,
            Lang::En => 1,
        };
        let mut v = Value::Object(serde_json::Map::new());
        if let Value::Object(m) = &mut v {
            let may = seats.may(seat);
            // Issue 33: Undo is offered while there is something a phone
            // may undo or ask to take back (never a result the records
            // hold); `undo_asks`: pressing it asks the other player.
            let playing = seat
                .side()
                .filter(|_| !matches!(may, May::Refused | May::Watch));
            let undo = playing.is_some() && g.can_undo() && !withdraws;
            let undo_asks = playing.is_some_and(|side| !alone[usize::from(side != Side::A)]);
            let (take_back, notice) = seats.take_back.json(seat.side(), l);
            m.insert(
                "side".into(),
                seat.side().map_or(Value::Null, |s| {
                    serde_json::to_value(s).unwrap_or(Value::Null)
                }),
            );
            m.insert("may".into(), may.id().into());
            m.insert("undo".into(), undo.into());
            m.insert("undo_asks".into(), undo_asks.into());
            m.insert("take_back".into(), take_back);
            m.insert("notice".into(), notice);
            m.insert(
                "connected".into(),
                json!({"a": seats.connected[0], "b": seats.connected[1]}),
            );
            m.insert("end".into(), end.clone());
            m.insert("waiting".into(), waits[i].clone());
        }
        v
    })
    .with_report(built.report.clone())
}

/// The members of a JSON object, without its braces.
fn members(v: &Value) -> String {
    let s = v.to_string();
    s.strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or_default()
        .to_string()
}

/// `null` while the game goes on; once ended, who confirmed its report,
/// whether it is in the records, and where the page reads the report
/// (`report?at=N`, N the log's length: the page fetches it again only when
/// it changes; issue 32: the report was inside every state, 629 KB at
/// 100,000 actions).
fn end_json(g: &Game, seats: &SeatsView) -> Value {
    if g.state().ended.is_none() {
        return Value::Null;
    }
    json!({
        "confirmed": {"a": seats.confirmed[0], "b": seats.confirmed[1]},
        "recorded": seats.recorded,
        "report": format!("report?at={}", g.actions().len()),
    })
}

/// The game's report in a few lines: the result, each warband's VP and
/// models, then each turn's story (as `game report` tells it).
pub fn report_text(g: &Game, l: Lang) -> String {
    let Ok(r) = crate::core::game::report::report(g, l) else {
        return String::new();
    };
    let p = |es: &'static str, en: &'static str| l.pick(es, en);
    let mut lines = vec![match &r.winner {
        Some(w) => format!("{} {w}", p("Gana", "Won by")),
        None => p("Empate", "A draw").to_string(),
    }];
    for s in &r.sides {
        lines.push(format!(
            "{} ({}): {} {}; {} {}, {} {}, {} {}",
            s.warband,
            s.player,
            s.vp.total,
            glossary::VP.get(l),
            s.standing,
            p("en pie", "standing"),
            s.down,
            Status::Down.label(l),
            s.fled,
            p("huidas", "fled"),
        ));
    }
    for t in &r.turns {
        lines.push(format!(
            "{} {}: {}",
            glossary::TURN.get(l),
            t.turn,
            t.story(l).join("; ")
        ));
    }
    lines.join("\n")
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
