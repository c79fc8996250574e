//! The shape of `game status --json` (and `game act --json`): turn, round,
//! phase, what now, each side's pool, VP and models, the beasts and the
//! hits to roll. Its keys are a contract with scripts:
//! `tests/snapshot_json.rs` compares them with what earlier versions
//! printed.

use serde::Serialize;

use crate::game::{
    Action, Game, GameState, ModelRef, ModelState, Offer, Phase, PipRun, Side, Status,
};
use crate::tables::RuleSet;
use crate::text::{Lang, Text};

/// One model in the status: what the game changed on it (R10, R14, R21,
/// R31, R32, R37).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatusModel {
    #[serde(rename = "ref")]
    pub model: ModelRef,
    pub name: String,
    pub leader: bool,
    pub status: Status,
    pub fear: i32,
    pub courage: i32,
    /// DP it gives the pool each turn (R10).
    pub dp: i32,
    /// The Leader's extra DP left this turn (R32).
    pub own_dp: i32,
    /// One-use herb DP left (R37).
    pub herbs: i32,
    /// Issue 34: its own DP it can still spend, both together
    /// ([`ModelState::own_total`]), so no client adds them.
    pub own_total: i32,
    pub toughness: i32,
    pub round: i32,
    pub acted: bool,
    pub engaged: Vec<ModelRef>,
    /// R42 Savage: put Down, it still acts and falls at the end of its
    /// activation (the words, in the output's language).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_fall: Option<&'static str>,
    /// Issue 34: how its fear stands by R31, so no client keeps the
    /// thresholds: `calm`, `frightened` (fear has reached Courage: a
    /// complication on every roll) or `flees` (it would flee if its
    /// activation ended now).
    pub fear_level: &'static str,
    /// R31: what its fear does now, in words (`fear_level` said:
    /// "1 complication", "flees at the end of its activation").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fear_effect: Option<String>,
    /// Issue 34: its fear pips as drawn (R31), a run per level with how
    /// many are filled and empty, so no client counts pips or keeps a
    /// threshold.
    pub fear_pips: Vec<PipRun>,
    /// Issue 34: that it acted this turn, in words ("Acted",
    /// [`ModelState::acted_text`]); none while it has not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub acted_text: Option<String>,
}

/// A warband's victory points by source (R32, R33, scenario).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatusVp {
    pub kills: i32,
    pub totem: i32,
    pub scenario: i32,
    pub total: i32,
}

/// A warband in the status.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatusSide {
    pub side: Side,
    pub warband: String,
    pub player: String,
    pub pool: i32,
    pub vp: StatusVp,
    pub totem_standing: bool,
    pub models: Vec<StatusModel>,
    /// Issue 34: its models by status in words ("3 standing · 1 Down · 0
    /// fled", [`GameState::counts_text`]).
    pub counts_text: String,
    /// Issue 34: its pool and VP in words ("Ana: destiny pool 3 DP · 0
    /// VP", [`GameState::pool_text`]).
    pub pool_text: String,
    /// Issue 34: its totem destroyed, in words ("Totem destroyed",
    /// [`GameState::totem_text`]); none while it stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totem_text: Option<String>,
}

/// A hit waiting for its roll (R27).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatusHit {
    pub attacker: ModelRef,
    pub target: ModelRef,
    pub strength: i32,
    pub penetration: i32,
}

/// Where the game stands, as `game status --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameStatus {
    /// Issue 34: the JSON's format version ([`super::FORMAT`]).
    pub format: u32,
    pub scenario: String,
    pub turn: u32,
    pub phase: Phase,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<i32>,
    /// What the game waits for, in words.
    pub now: String,
    /// This turn's dark forces roll (R39).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dark_forces: Option<i32>,
    pub sides: Vec<StatusSide>,
    pub beasts: Vec<StatusModel>,
    pub pending_hits: Vec<StatusHit>,
    /// Issue 34: how many models have not acted this turn, in words ("2
    /// not acted", [`Game::not_acted_text`]); none when all have.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_acted_text: Option<String>,
    /// Actions in the log.
    pub actions: usize,
    /// Actions undone and ready to redo.
    pub redo: usize,
}

impl Game {
    /// R31: how `model`'s fear stands, as every client reads it (the
    /// status's `fear_level`): `calm`, `frightened` (a complication on
    /// every roll) or `flees` (it would flee if its activation ended now).
    pub fn fear_level(&self, model: ModelRef) -> &'static str {
        self.fear_level_at(self.state(), model)
    }

    /// [`Game::fear_level`] in `st`, a state of this game (a replay's).
    pub fn fear_level_at(&self, st: &GameState, model: ModelRef) -> &'static str {
        match st.model(model) {
            Some(m) => fear_level(st, self.rules(), model, m),
            None => "calm",
        }
    }

    /// R31: what `model`'s fear does in `st` (this game's, or a replay's),
    /// in the words every client shows beside its fear (the status's
    /// `fear_effect`): a complication on every roll at Courage, flight at
    /// the end of its activation at twice Courage; `None` when it does
    /// nothing (a Stubborn or Fearless model is spared, one out of play).
    pub fn fear_effect_at(&self, st: &GameState, model: ModelRef) -> Option<Text> {
        st.model(model).filter(|m| m.status.in_play())?;
        fear_effect(self.fear_level_at(st, model))
    }

    /// R31: the words beside offer `o`, what taking it brings on (the
    /// flight of an activation ended), in `l`.
    /// The End turn offer's: who has not acted yet (issue 34).
    pub(super) fn offer_warning(&self, o: &Offer, l: Lang) -> Option<String> {
        if matches!(o.action, Action::EndTurn(_)) {
            return Some(self.end_turn_warning()?.get(l).to_string());
        }
        let end = matches!(o.action, Action::EndActivation(_));
        let m = o.model.filter(|_| end)?;
        Some(self.flight_warning(m)?.get(l).to_string())
    }

    /// R31: the warning every client shows beside the end of `model`'s
    /// activation when its fear (twice its Courage, not Fearless) would
    /// make it flee the battle as it ends; `None` when it would not.
    pub fn flight_warning(&self, model: ModelRef) -> Option<Text> {
        (self.fear_level(model) == "flees").then(|| {
            Text::new(
                "¡Con este Pavor huirá de la batalla al terminar! (R31)",
                "With this fear it will flee the battle when it ends! (R31)",
            )
        })
    }
}

/// The words of a `fear_level` ([`Game::fear_effect_at`]).
fn fear_effect(level: &str) -> Option<Text> {
    match level {
        "flees" => Some(Text::new(
            "huye al final de su activación",
            "flees at the end of its activation",
        )),
        // No break between the count and its word on a narrow card.
        "frightened" => Some(Text::new("1\u{a0}complicación", "1\u{a0}complication")),
        _ => None,
    }
}

fn fear_level(st: &GameState, rules: &RuleSet, r: ModelRef, m: &ModelState) -> &'static str {
    if m.fear <= 0 {
        "calm"
    } else if crate::game::fear::would_flee(st, rules, r) {
        "flees"
    } else if m.frightened() {
        "frightened"
    } else {
        "calm"
    }
}

fn model(g: &Game, r: ModelRef, m: &ModelState, l: Lang) -> StatusModel {
    let level = fear_level(g.state(), g.rules(), r, m);
    StatusModel {
        fear_level: level,
        fear_effect: fear_effect(level)
            .filter(|_| m.status.in_play())
            .map(|t| t.get(l).to_string()),
        model: r,
        name: m.name.to_string(),
        leader: m.leader,
        status: m.status,
        fear: m.fear,
        courage: m.courage(),
        dp: m.profile.dp,
        own_dp: m.own_dp,
        herbs: m.herbs,
        own_total: m.own_total(),
        toughness: m.toughness(),
        round: m.round,
        acted: m.acted,
        engaged: m.engaged.clone(),
        pending_fall: m.pending_fall(l),
        fear_pips: g.fear_pips_drawn_at(g.state(), r),
        acted_text: m.acted.then(|| m.acted_text().get(l).to_string()),
    }
}

/// The status of `g` now; `now` is the core's sentence, built once by the
/// caller.
pub(super) fn status(g: &Game, now: String, l: Lang) -> GameStatus {
    let st = g.state();
    GameStatus {
        format: super::FORMAT,
        scenario: g.setup().scenario.clone(),
        turn: st.turn,
        phase: st.phase,
        round: st.round.as_ref().map(|r| r.round),
        now,
        dark_forces: st.dark_forces.as_ref().map(|d| d.total),
        sides: st
            .sides
            .iter()
            .map(|(side, s)| StatusSide {
                side,
                warband: s.warband.to_string(),
                player: s.player.to_string(),
                pool: s.pool,
                vp: StatusVp {
                    kills: s.score.kills,
                    totem: s.score.totem,
                    scenario: s.score.scenario,
                    total: s.score.total(),
                },
                totem_standing: s.totem_standing,
                models: st.models_of(side).map(|(r, m)| model(g, r, m, l)).collect(),
                counts_text: st.counts_text(side).get(l).to_string(),
                pool_text: st.pool_text(side).get(l).to_string(),
                totem_text: st.totem_text(side).map(|t| t.get(l).to_string()),
            })
            .collect(),
        beasts: st
            .models_of(Side::Beast)
            .map(|(r, m)| model(g, r, m, l))
            .collect(),
        pending_hits: st
            .pending_hits
            .iter()
            .map(|h| StatusHit {
                attacker: h.attacker,
                target: h.target,
                strength: h.strength,
                penetration: h.penetration,
            })
            .collect(),
        not_acted_text: g.not_acted_text().map(|t| t.get(l).to_string()),
        actions: g.actions().len(),
        redo: g.redo_list().len(),
    }
}

impl GameStatus {
    /// The status in `lang` of a game.
    pub fn of(g: &Game, lang: Lang) -> GameStatus {
        status(g, g.now_text(lang), lang)
    }
}
