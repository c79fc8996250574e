//! Each seat's JSON from an open game, for the owner to publish: `status`
//! exactly as `game status --json` prints it and `offers` as `game offers
//! --json` does, each target's price in numbers only (the core's
//! `GameStatus` and `OffersView::for_phone`, parts of its `Snapshot`), with
//! the log's lines, newest first, and each model's profile in words for the
//! cards.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use super::{Seat, State};
use crate::core::game::{Game, Offer, Offers, Side, Snapshot, Status, targets_for_phone};
use crate::core::glossary;
use crate::core::tables::Stat;
use crate::core::text::Lang;

/// The newest lines of the log a page receives: a long game's state stays
/// small; the laptop has the whole log.
pub const LOG_LINES: usize = 300;

/// What every seat sees in one language (issue 34: `Game::snapshot`, the
/// one value every client renders, plus the words the page shows): the
/// seat's part is added by [`state_from`], `index`, `seat` and `lang` by
/// [`State::new`].
#[derive(Clone, Debug, Serialize)]
pub struct GameJson {
    #[serde(flatten)]
    pub snapshot: Snapshot,
    /// Issue 32: nothing shown as saved that is not: what the file lacks.
    pub unsaved: Option<String>,
    /// Each model's profile on one line, by its reference.
    pub profiles: BTreeMap<String, String>,
    pub words: Words,
}

/// The core's words for the ids the page shows.
#[derive(Clone, Debug, Serialize)]
pub struct Words {
    /// Each status by its id.
    pub status: BTreeMap<String, String>,
    /// Each offered action as the history would tell it, by the offer's
    /// place in `offers.offers`.
    pub offers: Vec<OfferWords>,
    /// The glossary's words the page shows beside numbers.
    pub glossary: GlossaryWords,
}

/// An offer in the history's words (issue 32: its targets' words come
/// with `POST targets`, [`targets_json`], when a page opens it).
#[derive(Clone, Debug, Serialize)]
pub struct OfferWords {
    pub text: String,
}

/// The game's words the page puts beside numbers, from `core::glossary`
/// (issue 34: the page kept its own "Armadura", "PV", "Pavor").
#[derive(Clone, Debug, Serialize)]
pub struct GlossaryWords {
    pub turn: &'static str,
    pub round: &'static str,
    pub dp: &'static str,
    /// A warband's destiny pool (R10–R12), the glossary's "Reserva común".
    pub pool: &'static str,
    pub vp: &'static str,
    pub fear: &'static str,
    pub dark_forces: &'static str,
    pub strength: &'static str,
    pub toughness: &'static str,
    pub penetration: &'static str,
    /// Before the models a model fights (R21).
    pub engaged_with: &'static str,
}

impl GlossaryWords {
    fn of(l: Lang) -> GlossaryWords {
        GlossaryWords {
            turn: glossary::TURN.get(l),
            round: glossary::ROUND.get(l),
            dp: glossary::DP.get(l),
            pool: glossary::POOL.get(l),
            vp: glossary::VP.get(l),
            fear: glossary::FEAR.get(l),
            dark_forces: glossary::DARK_FORCES.get(l),
            strength: Stat::Strength.abbrev(l),
            toughness: Stat::Toughness.abbrev(l),
            penetration: glossary::PENETRATION.get(l),
            engaged_with: glossary::ENGAGED_WITH.get(l),
        }
    }
}

/// What every seat sees in one language (the seat is set by [`State::new`]).
/// `offered` is `g.offers_listed()` (issue 32: targets listed, not tried
/// or priced; `g.offers()` serves too), worked out once for both
/// languages.
pub fn seat_json(g: &Game, offered: &Offers, l: Lang) -> GameJson {
    // The core's snapshot: its `status` and `offers` are the very values
    // `game status --json` and `game offers --json` print (one door).
    let snapshot = g.snapshot_for_phone(offered, l, LOG_LINES);
    let st = g.state();
    let profiles = st
        .models()
        .map(|(r, m)| (r.to_string(), profile_line(m, l)))
        .collect();
    // The words for ids the page shows: each status, and each offered
    // action as the history would tell it.
    let status = Status::ALL
        .iter()
        .filter_map(|s| {
            Some((
                serde_json::to_value(s).ok()?.as_str()?.to_string(),
                s.label(l).to_string(),
            ))
        })
        .collect();
    let offers = offered
        .offers
        .iter()
        .map(|o| OfferWords {
            text: declared(g, &o.action, l),
        })
        .collect();
    GameJson {
        snapshot,
        unsaved: g.unsaved().map(|e| e.message(l)),
        profiles,
        words: Words {
            status,
            offers,
            glossary: GlossaryWords::of(l),
        },
    }
}

/// Issue 32's `POST targets`: the targets of an offer, worked out in full
/// ([`Game::offer_in_full`]), as a phone opening the offer draws them.
#[derive(Clone, Debug, Serialize)]
pub struct OpenedTargets {
    /// Each priced in numbers and words, with its declarations.
    pub targets: Vec<crate::core::game::TargetView>,
    /// Each in the history's words, by place.
    pub words: Vec<String>,
}

/// Issue 26's `POST price`: a draft's price (issue 34: typed, like the
/// state).
#[derive(Clone, Debug, Serialize)]
pub struct Priced {
    pub price: crate::core::game::PriceView,
    /// The draft as the core set it, one more answer declared on it.
    pub draft: crate::core::game::Action,
    /// Its declarations with what each declares now.
    pub declarations: Vec<crate::core::game::DeclarationView>,
}

/// [`OpenedTargets`] of `o` in `l`, as JSON.
pub fn targets_json(g: &Game, o: &Offer, l: Lang) -> Value {
    let opened = OpenedTargets {
        targets: targets_for_phone(g, o, l),
        words: o
            .targets
            .iter()
            .map(|t| declared(g, &t.action, l))
            .collect(),
    };
    serde_json::to_value(opened).unwrap_or(Value::Null)
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
    /// Issue 38: seat A's and seat B's after-game step on their campaign.
    pub after: [Option<super::seats::AfterSeat>; 2],
    /// Issue 34: what the last change did besides the game (records
    /// failed, a copy given its own id, who fled), told on both phones
    /// until the game moves on.
    pub told: Vec<crate::core::game::Said>,
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
            after: [None, None],
            told: Vec::new(),
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
    /// Each language's part, written once as a JSON object whose members
    /// every seat's state carries (issue 32: each seat wrote the whole
    /// game again).
    per_lang: [Arc<String>; 2],
    /// The ended game's report in words (Spanish, English): sent only to a
    /// page that asks for it (`GET report`), never inside each state.
    report: Option<Arc<[Arc<str>; 2]>>,
}

impl Built {
    pub fn of(g: &Game) -> Built {
        let offered = g.offers_listed();
        Built {
            version: version(g),
            per_lang: both_languages(|l| {
                Arc::new(serde_json::to_string(&seat_json(g, &offered, l)).unwrap_or_default())
            }),
            // Both languages from one replay of the log.
            report: g.state().ended.is_some().then(|| {
                let [es, en] = match crate::core::game::report::reports(g) {
                    Ok([es, en]) => [es.lines(Lang::Es).join("\n"), en.lines(Lang::En).join("\n")],
                    Err(_) => [String::new(), String::new()],
                };
                Arc::new([Arc::from(es), Arc::from(en)])
            }),
        }
    }

    /// Built from `g` as it is now.
    pub fn is_of(&self, g: &Game) -> bool {
        self.version == version(g)
    }
}

/// `f` in Spanish and English, each on its own thread where there are
/// threads (issue 32: a 4,000-model game's part is written twice, 4 MB a
/// language, while the phone that acted waits).
#[cfg(not(target_arch = "wasm32"))]
fn both_languages<T: Send>(f: impl Fn(Lang) -> T + Sync) -> [T; 2] {
    std::thread::scope(|s| {
        let en = s.spawn(|| f(Lang::En));
        let es = f(Lang::Es);
        match en.join() {
            Ok(en) => [es, en],
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The web has no threads: one language after the other.
#[cfg(target_arch = "wasm32")]
fn both_languages<T: Send>(f: impl Fn(Lang) -> T + Sync) -> [T; 2] {
    [f(Lang::Es), f(Lang::En)]
}

/// A seat's own part of its state (issue 26, 33): its side and standing,
/// what it may undo, the take-back asked, the pages connected, the end's
/// confirmations and the roll waiting for a seat.
#[derive(Clone, Debug, Serialize)]
pub struct SeatPart {
    pub side: Option<Side>,
    pub may: &'static str,
    pub undo: bool,
    /// Pressing Undo asks the other player.
    pub undo_asks: bool,
    pub take_back: Option<super::seats::TakeBackJson>,
    pub notice: Option<String>,
    pub connected: Connected,
    pub end: Option<EndJson>,
    pub waiting: Option<super::fair::WaitingJson>,
    /// Issue 38: the seat's own warband's after-game step, when it came
    /// from a campaign and the game is over.
    pub after: Option<super::seats::AfterSeat>,
    /// Issue 34: what the last change did besides the game, in the seat's
    /// language (the core's words): both phones read it.
    pub happened: Vec<SaidJson>,
}

/// One thing a change did, as a page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SaidJson {
    pub text: String,
    /// A failure (the records could not be written), not news.
    pub error: bool,
}

/// Whether each seat's page is connected.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Connected {
    pub a: bool,
    pub b: bool,
}

/// An ended game: who confirmed its report, whether it is in the records,
/// and where the page reads the report (`report?at=N`, N the log's length:
/// the page fetches it again only when it changes; issue 32: the report
/// was inside every state, 629 KB at 100,000 actions).
#[derive(Clone, Debug, Serialize)]
pub struct EndJson {
    pub confirmed: Connected,
    pub recorded: bool,
    pub report: String,
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
            .map(|w| super::fair::waiting_json(g, w, l))
    });
    State::spliced(index, &built.per_lang, |seat: Seat, l| {
        let i = match l {
            Lang::Es => 0,
            Lang::En => 1,
        };
        let may = seats.may(seat);
        // Issue 33: Undo is offered while there is something a phone may
        // undo or ask to take back (never a result the records hold);
        // `undo_asks`: pressing it asks the other player.
        let playing = seat
            .side()
            .filter(|_| !matches!(may, May::Refused | May::Watch));
        let (take_back, notice) = seats.take_back.json(seat.side(), l);
        let part = SeatPart {
            side: seat.side(),
            may: may.id(),
            undo: playing.is_some() && g.can_undo() && !withdraws,
            undo_asks: playing.is_some_and(|side| !alone[usize::from(side != Side::A)]),
            take_back,
            notice,
            connected: Connected {
                a: seats.connected[0],
                b: seats.connected[1],
            },
            end: end.clone(),
            waiting: waits[i].clone(),
            after: match seat.side() {
                Some(Side::A) => seats.after[0].clone(),
                Some(Side::B) => seats.after[1].clone(),
                _ => None,
            },
            happened: seats
                .told
                .iter()
                .map(|s| SaidJson {
                    text: s.text.get(l).to_string(),
                    error: s.error,
                })
                .collect(),
        };
        // The seat's own members, written before the game's part (spliced
        // in once per language).
        serde_json::to_value(part).unwrap_or(Value::Null)
    })
    .with_report(built.report.clone())
}

/// `None` while the game goes on; once ended, who confirmed, whether it is
/// recorded and where the report is read.
fn end_json(g: &Game, seats: &SeatsView) -> Option<EndJson> {
    g.state().ended.as_ref()?;
    Some(EndJson {
        confirmed: Connected {
            a: seats.confirmed[0],
            b: seats.confirmed[1],
        },
        recorded: seats.recorded,
        report: format!("report?at={}", g.actions().len()),
    })
}

/// The game's report in lines, as `game report` prints it (the core's
/// words).
pub fn report_text(g: &Game, l: Lang) -> String {
    match crate::core::game::report::report(g, l) {
        Ok(r) => r.lines(l).join("\n"),
        Err(_) => String::new(),
    }
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
/// weapons, in the glossary's words (written into one string: issue 32,
/// every model's twice per state).
fn profile_line(m: &crate::core::game::ModelState, l: Lang) -> String {
    use std::fmt::Write;
    let p = &m.profile;
    let mut line = String::with_capacity(96);
    for s in Stat::ALL {
        let _ = write!(line, "{} {} · ", s.abbrev(l), p.stats.get(s));
    }
    let _ = write!(
        line,
        "{} {} cm · {} {}",
        glossary::MOVE.get(l),
        p.movement_cm,
        glossary::ARMOUR.get(l),
        p.armour
    );
    let weapons = p
        .melee
        .iter()
        .filter(|w| w.carried)
        .map(|w| w.name.get(l))
        .chain(p.ranged.iter().map(|w| w.name.get(l)));
    for (k, w) in weapons.enumerate() {
        line.push_str(if k == 0 { " — " } else { ", " });
        line.push_str(w);
    }
    line
}
