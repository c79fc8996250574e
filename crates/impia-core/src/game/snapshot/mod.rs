//! The game now, in one serialisable value (issue 23): what every client
//! shows (the app, the CLI's `--json`, a phone page) and the tests read.
//! Built from a [`Game`] and a [`Lang`] by [`Game::snapshot`], without a
//! replay: the state is in memory, the offers are the core's, and only the
//! log's last [`LOG_LINES`] lines are described.
//!
//! `status` and `offers` are exactly what `game status --json` and `game
//! offers --json` print (a contract with scripts, `tests/snapshot_json.rs`);
//! the rest is what those two never carried: the step as a typed value,
//! who acts, the dark forces' row, each model's card, the roll in play and
//! the newest lines of the log.

mod figures;
mod offers;
mod status;
mod type_dice;

use serde::Serialize;

use super::{Game, ModelRef, ModelState, Now, Side, Status};
use crate::game::roll::Role;
use crate::game::{Action, Taker};
use crate::tables::Stats;
use crate::text::{Lang, Text};

pub use figures::Figure;
pub use offers::{
    CheckView, ChoiceView, DeclarationView, OfferView, OffersView, OpposedCheck, PendingView,
    PriceView, RerollView, TargetView, declarations_view, targets_for_phone,
};
pub use status::{GameStatus, StatusHit, StatusModel, StatusSide, StatusVp};
pub use type_dice::TypeDiceView;

/// How many of the log's newest lines a snapshot carries.
pub const LOG_LINES: usize = 30;

/// Issue 34: the version of the JSON that `game status --json`, `game
/// offers --json` and the phone page's state print (their `format` key).
/// A change that removes or renames a key, or changes what a key means,
/// bumps it; the README lists each change. 3: issue 32 (a phone's state
/// lists each offer's targets, unpriced; `POST targets` prices an offer's);
/// 2: issue 34 (figures in words,
/// a target's check and chances are its draft's price); 1: everything
/// before (`offers[].action.options` keys dropped by issue 23 without one).
pub const FORMAT: u32 = 3;

/// The game now, in one language.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// The number of actions in the log: it grows by one per action and
    /// shrinks on undo, so a client can say which game it saw (`log_index`:
    /// a phone's state has its own `index`, the server's).
    #[serde(rename = "log_index")]
    pub index: usize,
    pub lang: Lang,
    /// Issue 34: the JSON's format version ([`FORMAT`]).
    pub format: u32,
    /// The line above "what now": scenario, turn and round, in words
    /// (no "Turn 0" before the first turn).
    pub heading: String,
    /// Who leads on VP, or the tie, in words ([`Game::lead_text`]).
    pub lead: String,
    /// What the game waits for, as a typed value (`step` names it).
    pub step: Now,
    /// The side (and model) that acts now, if one does.
    pub acting: Option<Acting>,
    /// Issue 34: whose move it is, the sides the game waits for
    /// ([`takers`]); empty when it waits for nobody.
    pub takers: Vec<Side>,
    /// This turn's dark forces (R39), with its row in words.
    pub dark_forces: Option<DarkForces>,
    /// Exactly `game status --json`: turn, round, phase, the "what now"
    /// sentence, both pools and VP, every model, the hits to roll.
    pub status: GameStatus,
    /// Each model's card: warband A, warband B, then the beasts.
    pub cards: Vec<Card>,
    /// The roll in play: the pending one with its dice, or the next hit to
    /// roll before its dice.
    pub roll: Option<RollView>,
    /// Exactly `game offers --json`.
    pub offers: OffersView,
    /// The log's newest lines, newest first, whole.
    pub log: Vec<LogLine>,
}

/// Who acts now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Acting {
    pub side: Side,
    /// The player's name, or the side's letter when the setup names none.
    pub player: String,
    /// The model making actions, if the step has one (R07, R32).
    pub model: Option<ModelRef>,
    pub name: Option<String>,
    /// R10–R12: what the model can spend now, in words ("3 DP available",
    /// [`Game::dp_available_text`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dp_available: Option<String>,
}

/// This turn's dark forces roll (R39).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DarkForces {
    pub total: i32,
    /// What its row of the `dark_forces` table says.
    pub text: String,
}

/// A model engaged with this one (R21).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Engaged {
    pub model: ModelRef,
    pub name: String,
}

/// A model's card: what a player looks at across the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Card {
    pub model: ModelRef,
    pub name: String,
    pub leader: bool,
    pub status: Status,
    /// The status in words.
    pub status_text: String,
    /// R42 Savage (rules 3): Down as the rules count it, it still acts and
    /// falls at the end of its activation.
    pub savage_fall: bool,
    /// The profile now (Toughness less what was lost for good).
    pub stats: Stats,
    pub armour: i32,
    pub movement_cm: u32,
    /// DP it gives the pool each turn (R10).
    pub dp: i32,
    /// Fear markers against Courage (R31).
    pub fear: i32,
    pub courage: i32,
    /// R31: fear has reached Courage (and it is not Stubborn): every roll
    /// gets a complication.
    pub frightened: bool,
    /// Its own DP left: the Leader's extra and its herbs (R32, R37).
    pub own_dp: i32,
    /// Its agility round this turn (R06, R09).
    pub round: i32,
    pub acted: bool,
    /// It is the model making actions now.
    pub acting: bool,
    pub engaged: Vec<Engaged>,
}

/// Where the roll in play stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RollState {
    /// Built, not rolled: the next hit to roll (R27).
    Prepared,
    /// Rolled and waiting to be re-rolled or accepted (rules 2 on).
    Pending,
}

/// One side's dice of the pending roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiceView {
    /// Which roll of the action (a Disengage has one per opponent).
    pub roll: usize,
    pub model: ModelRef,
    pub name: String,
    /// The side of an opposed check it rolls; none for an attribute check.
    pub role: Option<Role>,
    pub d10: u32,
    pub d3: Vec<u32>,
    /// The kept d3, signed (R04).
    pub edge: i32,
    /// 1d10 + value + modifiers + edge (R02).
    pub total: i32,
}

/// The roll in play: its check with every modifier in words and exact
/// odds, and once rolled, its dice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollView {
    pub state: RollState,
    pub action: Action,
    /// The roll (and, once rolled, its outcome) in words.
    pub text: String,
    pub check: Option<CheckView>,
    pub dice: Vec<DiceView>,
    pub rerolls: Vec<RerollView>,
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogLine {
    /// Its place in the log, from 1.
    pub number: usize,
    pub text: String,
    /// It starts a turn (the log shows a rule above it).
    pub turn_start: bool,
}

impl Game {
    /// The game now in `lang`: one value for every client. Cheap: no
    /// replay; the offers are computed once; the log's lines beyond the
    /// last [`LOG_LINES`] are not described.
    pub fn snapshot(&self, lang: Lang) -> Snapshot {
        self.snapshot_of(&self.offers(), lang, LOG_LINES)
    }

    /// The same from offers already worked out (they hold no words: one
    /// set serves both languages), with the log's newest `log_lines`.
    pub fn snapshot_of(&self, offered: &super::Offers, lang: Lang, log_lines: usize) -> Snapshot {
        self.snapshot_with(offered, lang, log_lines, false)
    }

    /// [`Game::snapshot_of`] for a phone's state (issue 32): each target's
    /// price in numbers and words only, without its check or its dice (the
    /// page's sheet asks `POST price` for the draft it opens).
    pub fn snapshot_for_phone(
        &self,
        offered: &super::Offers,
        lang: Lang,
        log_lines: usize,
    ) -> Snapshot {
        self.snapshot_with(offered, lang, log_lines, true)
    }

    fn snapshot_with(
        &self,
        offered: &super::Offers,
        lang: Lang,
        log_lines: usize,
        lean: bool,
    ) -> Snapshot {
        let st = self.state();
        let now = self.state().now();
        let text = self.now_text(lang);
        let offers = offers::offers_view(self, offered, text.clone(), lang, lean);
        Snapshot {
            index: self.actions().len(),
            lang,
            format: FORMAT,
            heading: heading(self, lang),
            lead: self.lead_text().get(lang).to_string(),
            acting: acting(self, &now, lang),
            takers: takers(&offers),
            dark_forces: st.dark_forces.as_ref().map(|d| DarkForces {
                total: d.total,
                text: self
                    .rules()
                    .roll_table("dark_forces")
                    .and_then(|t| t.rows.get(d.row))
                    .map(|r| r.text.get(lang).to_string())
                    .unwrap_or_default(),
            }),
            status: status::status(self, text, lang),
            cards: st.models().map(|(r, m)| card(self, r, m, lang)).collect(),
            roll: roll(self, &offers, lang),
            step: now,
            offers,
            log: self
                .log()
                .rev()
                .take(log_lines)
                .map(|e| LogLine {
                    number: e.index + 1,
                    text: e.describe(lang).to_string(),
                    turn_start: matches!(e.action, Action::StartTurn(_)),
                })
                .collect(),
        }
    }
}

/// The line above "what now": the scenario, the turn once it has begun
/// and the round (issue 34: the phones said "Turno 0" above "Turno 1: …").
pub fn heading(g: &Game, l: Lang) -> String {
    let st = g.state();
    let mut parts = Vec::new();
    if !g.setup().scenario.is_empty() {
        parts.push(g.setup().scenario.clone());
    }
    if st.turn > 0 {
        parts.push(format!("{} {}", crate::glossary::TURN.get(l), st.turn));
    }
    if let Some(r) = &st.round {
        parts.push(format!("{} {}", crate::glossary::ROUND.get(l), r.round));
    }
    parts.join(" · ")
}

impl Game {
    /// Who leads on victory points (R32, R33, the scenario's) and by how
    /// much, or the tie, in the words every client shows: "Leading: Ana
    /// 3–1 VP", "VP tied 0–0".
    pub fn lead_text(&self) -> Text {
        let st = self.state();
        let vp = |s: Side| st.side(s).map_or(0, |x| x.score.total());
        let (a, b) = (vp(Side::A), vp(Side::B));
        let Some(lead) = st.winner() else {
            return Text::new(format!("Empate a PV {a}–{b}"), format!("VP tied {a}–{b}"));
        };
        let (hi, lo) = (a.max(b), a.min(b));
        Text::each(|l| {
            let who = st.player_name(lead, l);
            let vp = crate::glossary::VP.get(l);
            format!("{} {who} {hi}–{lo} {vp}", l.pick("Gana", "Leading:"))
        })
    }
}

/// Whose move it is, from the offers allowed and who may take each (the
/// phones' "Your move" / "Now it is …"): the offers anyone may take at any
/// time (End the game, a note) say nothing; an offer either side may take
/// counts for both only when no side's own is offered; and the other
/// side's reactions to the acting model (a shot at a model that moves) do
/// not make the acting side's move both sides'.
pub fn takers(offers: &OffersView) -> Vec<Side> {
    let mut sides = Vec::new();
    let mut either = false;
    for o in offers.offers.iter().filter(|o| o.allowed) {
        if matches!(o.action, Action::EndGame(_) | Action::Note(_)) {
            continue;
        }
        match o.by {
            Taker::A => sides.push(Side::A),
            Taker::B => sides.push(Side::B),
            Taker::Either => either = true,
            Taker::Neither => {}
        }
    }
    sides.sort();
    sides.dedup();
    if sides.is_empty() && either {
        sides = vec![Side::A, Side::B];
    }
    match offers.actor {
        Some(m) if sides.len() > 1 && sides.contains(&m.side) => vec![m.side],
        _ => sides,
    }
}

/// Who acts in this step: the side that must choose or act, and the model
/// making actions (R05–R09, R32); none while both sides roll or the game
/// waits for the dark forces or is over.
fn acting(g: &Game, now: &Now, l: Lang) -> Option<Acting> {
    let st = g.state();
    let (side, model) = match now {
        Now::ChangeRound { side } => ((*side)?, None),
        Now::ChooseStart { winner, .. } => (*winner, None),
        Now::Pick { side, .. } => (*side, None),
        Now::Acting { .. } | Now::ResolveHits { .. } | Now::Rolled => {
            let m = st.actor()?;
            (m.side, Some(m))
        }
        Now::StartTurn { .. } | Now::RollOff { .. } | Now::Ended { .. } => return None,
    };
    Some(Acting {
        side,
        player: st.player_name(side, l),
        model,
        name: model.map(|m| st.name(m)),
        dp_available: model.map(|m| g.dp_available_text(m).get(l).to_string()),
    })
}

fn card(g: &Game, r: ModelRef, m: &ModelState, l: Lang) -> Card {
    let st = g.state();
    let mut stats = m.profile.stats;
    stats.toughness = m.toughness();
    let mut status_text = m.status.label(l).to_string();
    if m.savage_fall {
        status_text.push_str(l.pick(
            " — Salvaje: Abatida al terminar su activación (R42)",
            " — Savage: Down at the end of its activation (R42)",
        ));
    }
    Card {
        model: r,
        name: m.name.to_string(),
        leader: m.leader,
        status: m.status,
        status_text,
        savage_fall: m.savage_fall,
        stats,
        armour: m.profile.armour,
        movement_cm: m.profile.movement_cm,
        dp: m.profile.dp,
        fear: m.fear,
        courage: m.courage(),
        frightened: m.frightened(),
        own_dp: m.own_total(),
        round: m.round,
        acted: m.acted,
        acting: st.actor() == Some(r),
        engaged: m
            .engaged
            .iter()
            .map(|e| Engaged {
                model: *e,
                name: st.name(*e),
            })
            .collect(),
    }
}

/// The roll in play: the pending roll with its dice, or, while hits wait,
/// the first one as the core offers it (default options), before its dice.
fn roll(g: &Game, offers: &OffersView, l: Lang) -> Option<RollView> {
    if let (Some(p), Some(pending)) = (g.pending(), offers.pending.clone()) {
        let st = g.state();
        return Some(RollView {
            state: RollState::Pending,
            check: offers::check_view(g, &p.action, l),
            dice: g
                .pending_dice()
                .into_iter()
                .map(|(part, dice, spec)| DiceView {
                    roll: part.roll,
                    model: part.model,
                    name: st.name(part.model),
                    role: part.role,
                    edge: dice.edge_value(&spec),
                    total: dice.total(&spec),
                    d10: dice.d10,
                    d3: dice.d3,
                })
                .collect(),
            action: pending.action,
            text: pending.text,
            rerolls: pending.rerolls,
        });
    }
    let hit = offers
        .offers
        .iter()
        .find(|o| o.allowed && o.id == "resolve_hit")?;
    Some(RollView {
        state: RollState::Prepared,
        action: hit.action.clone(),
        text: g.describe(&hit.action, l),
        check: hit.check.clone(),
        dice: Vec::new(),
        rerolls: Vec::new(),
    })
}
