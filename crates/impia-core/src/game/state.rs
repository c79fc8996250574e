//! The state of a game: what the log replayed gives. Nothing here is saved;
//! the game file holds the setup and the log (event sourcing).

use std::sync::Arc;

use serde::Serialize;

use super::action::PendingRoll;
use super::cow::CowList;
use super::refs::{ModelRef, Side, Sides};
use super::setup::GameSetup;
use super::status::Status;
use crate::roster::{Profile, Spell, derive_profile};
use crate::tables::{Keyword, RuleSet};
use crate::text::{Lang, Text};

/// One model during the game: its fixed profile and what the game changed.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelState {
    pub name: Arc<str>,
    /// Derived once from the roster (or the beast's profile) at the start.
    pub profile: Arc<Profile>,
    pub leader: bool,
    /// Spells it knows (R38).
    pub spells: Arc<[Spell]>,
    /// The Leader's extra DP each turn (R32), from the tables.
    pub leader_dp: i32,
    /// Fear markers, never below 0 (R31).
    pub fear: i32,
    pub status: Status,
    /// Toughness lost for good (R14, R38), as a positive number.
    pub toughness_lost: i32,
    /// The Leader's extra DP left this turn (R32; refreshed every turn).
    pub own_dp: i32,
    /// One-use herb DP left for the game (R37).
    pub herbs: i32,
    /// The agility round it acts in this turn (R06, R09).
    pub round: i32,
    /// It has had its activation this turn (R05).
    pub acted: bool,
    /// The enemies it is engaged with (R21).
    pub engaged: Vec<ModelRef>,
    /// The turn it last breathed (R41 Breath: one turn to recharge).
    pub breath_turn: Option<u32>,
    /// R42 Survival instinct: spent once used (rules 3).
    pub instinct_used: bool,
    /// R42 Savage (rules 3): put Down, it still acts; it falls at the end
    /// of its next activation.
    pub savage_fall: bool,
    /// R42 Savage: its one more activation has been given.
    pub savage_used: bool,
    /// The armour and equipment it carries (R36, R37; herbs are `herbs`),
    /// by table id: what a Loot may take from it (R19, rules 4).
    pub gear: Vec<String>,
}

impl ModelState {
    fn new(name: &str, profile: Profile, leader: bool, leader_dp: i32, spells: &[Spell]) -> Self {
        let herbs = (profile.own_dp - leader_dp).max(0);
        ModelState {
            name: Arc::from(name),
            round: profile.stats.agility,
            profile: Arc::new(profile),
            leader,
            spells: Arc::from(spells),
            leader_dp,
            fear: 0,
            status: Status::Standing,
            toughness_lost: 0,
            own_dp: 0,
            herbs,
            acted: false,
            engaged: Vec::new(),
            breath_turn: None,
            instinct_used: false,
            savage_fall: false,
            savage_used: false,
            gear: Vec::new(),
        }
    }

    pub fn has(&self, k: Keyword) -> bool {
        self.profile.keywords.contains(&k)
    }

    pub fn agility(&self) -> i32 {
        self.profile.stats.agility
    }

    pub fn courage(&self) -> i32 {
        self.profile.stats.courage
    }

    /// Toughness now: the profile's less what was lost for good.
    pub fn toughness(&self) -> i32 {
        self.profile.stats.toughness - self.toughness_lost
    }

    /// R31: fear has reached Courage, so every roll gets complications
    /// (unless Stubborn).
    pub fn frightened(&self) -> bool {
        self.fear >= self.courage() && !self.has(Keyword::Stubborn)
    }

    /// A sorcerer: casts spells and gains no fear from spells (R38).
    pub fn is_sorcerer(&self) -> bool {
        self.has(Keyword::CastsSpells)
    }

    /// R42 Savage (rules 3): put Down but still acting, its fall pending;
    /// in words for every status view (`None` otherwise).
    pub fn pending_fall(&self, l: Lang) -> Option<&'static str> {
        self.savage_fall.then(|| {
            l.pick(
                "Salvaje: Abatida al terminar su activación (R42)",
                "Savage: Down at the end of its activation (R42)",
            )
        })
    }

    /// DP of its own it can still spend: the Leader's extra and its herbs.
    pub fn own_total(&self) -> i32 {
        self.own_dp + self.herbs
    }
}

/// Victory points of a warband, by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    /// R32: enemies the Leader put Down (+1 more for the enemy Leader).
    pub kills: i32,
    /// R33: enemy totems destroyed.
    pub totem: i32,
    /// Scenario points added by hand.
    pub scenario: i32,
}

impl Score {
    pub fn total(&self) -> i32 {
        self.kills + self.totem + self.scenario
    }
}

/// A warband during the game.
#[derive(Clone, Debug, PartialEq)]
pub struct SideState {
    pub warband: Arc<str>,
    pub player: Arc<str>,
    /// The totem's name, if the warband has one (R33).
    pub totem: Option<Arc<str>>,
    pub totem_standing: bool,
    /// Shared between copies of the state until changed (issue 32).
    pub models: CowList<ModelState>,
    /// The common destiny pool (R10–R12); never negative.
    pub pool: i32,
    pub score: Score,
    /// Totem re-rolls taken this turn (R33).
    pub rerolls_used: u32,
}

/// Where the game turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the first turn.
    Setup,
    /// R09: the players may move models between agility rounds.
    ChangeRound,
    /// R05–R08: the agility rounds, highest first.
    Rounds,
    /// Every model has acted: the next turn may start.
    TurnOver,
}

/// R09: who changed rounds first and who has finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChangeRoundState {
    pub first: Option<Side>,
    pub done: [bool; 2],
}

/// R08: the agility round being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundState {
    pub round: i32,
    /// The side the roll-off winner chose to start, once rolled.
    pub starts: Option<Side>,
    /// The side whose turn it is to activate a model (alternation).
    pub next: Option<Side>,
    /// Every roll-off pair, ties included.
    pub rolloff: Vec<[u32; 2]>,
}

/// Where a hit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HitSource {
    Fight,
    Assault,
    Shot,
    /// R26: a miss caused by shooting into a combat hits a friend.
    StrayShot,
    /// R25: an opponent that won a disengage roll hits automatically.
    Disengage,
    Breath,
    /// R38 (rules 3): a spell that declares a hit.
    Spell,
}

/// A hit waiting for its Strength-against-Toughness roll (R27).
#[derive(Clone, Debug, PartialEq)]
pub struct PendingHit {
    pub attacker: ModelRef,
    pub target: ModelRef,
    pub strength: i32,
    pub penetration: i32,
    /// The weapon, breath or shot it comes from, in words.
    pub weapon: Text,
    pub source: HitSource,
    /// The side whose activation it was: it rolls as the active side (R02).
    pub acting_side: Side,
}

/// This turn's dark forces roll (R39).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DarkForces {
    pub total: i32,
    /// Index of the row of the `dark_forces` table.
    pub row: usize,
}

/// The whole game as the log left it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameState {
    /// 0 before the first turn.
    pub turn: u32,
    pub phase: Phase,
    pub sides: Sides<SideState>,
    /// Beasts on the table, in order of appearance (RULES.md §3).
    pub beasts: Vec<ModelState>,
    pub dark_forces: Option<DarkForces>,
    /// DP each model gives this turn changes by this (R39 row 10).
    pub dp_per_model: i32,
    /// The dark forces called a beast this turn (R39 8–9) and none has appeared yet.
    pub beast_due: bool,
    /// The game is over, and why (issue 15): nothing but notes after it.
    pub ended: Option<Ending>,
    pub change_round: ChangeRoundState,
    pub round: Option<RoundState>,
    /// The model in its activation (R07).
    pub active: Option<ModelRef>,
    /// R32: the model the Leader ordered, which makes the next action.
    pub ordered: Option<ModelRef>,
    /// Hits to roll before anything else happens.
    pub pending_hits: Vec<PendingHit>,
    /// Terrain touched during this activation (R14 cursed: at most once).
    pub touched: Vec<String>,
    /// Models that made a Move in this activation (R26: no aimed shot after
    /// it; R20: the consecutive moves before an Assault).
    pub moved: u32,
    /// R20: the Moves the acting model made just before now, in a row
    /// (any other action resets it): the most consecutive Moves an Assault
    /// may count, as the tracker logged them.
    pub in_row: u32,
    /// R41 Dreadful aspect (rules 3): the Courage checks made in this
    /// activation, (roller, dreadful enemy, passed).
    pub dread: Vec<(ModelRef, ModelRef, bool)>,
    /// R26 (rules 3): enemies that made a defensive shot in this activation.
    pub reacted: Vec<ModelRef>,
    /// The roll made and waiting to be re-rolled or accepted (rules 2 on).
    pub pending: Option<Box<PendingRoll>>,
}

/// What the game waits for now: the view's "who acts now". Serialised
/// with its name as `step` (`{"step": "acting", "model": "a0", …}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Now {
    /// Roll the dark forces to start turn `turn` (R39).
    StartTurn { turn: u32 },
    /// R09: `side` may move models between rounds, or finish; `None`: either
    /// player may begin.
    ChangeRound { side: Option<Side> },
    /// R08: both warbands have models in `round`: each rolls 1d10.
    RollOff { round: i32 },
    /// R08: `winner` won the roll-off of `round` and chooses who starts.
    ChooseStart { round: i32, winner: Side },
    /// `side` picks which of `models` activates next in `round`.
    Pick {
        round: i32,
        side: Side,
        models: Vec<ModelRef>,
    },
    /// `model` is in its activation; `ordered` makes the next action (R32).
    Acting {
        model: ModelRef,
        ordered: Option<ModelRef>,
    },
    /// These pending hits, (attacker, target), must be rolled (R27).
    ResolveHits { hits: Vec<(ModelRef, ModelRef)> },
    /// A roll has been made: it may be re-rolled as the rules allow, then
    /// it is accepted.
    Rolled,
    /// The game is over: `winner` by VP, `None` a draw (issue 15).
    Ended { winner: Option<Side> },
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The players ended it (the scenario's end).
    ByPlayers,
    /// This warband has no model left standing (rules 3).
    NoneStanding(Side),
}

impl GameState {
    /// The state before the first action: rosters turned into models.
    pub fn new(setup: &GameSetup, rules: &RuleSet) -> GameState {
        let leader_dp = rules.warband.leader.effects.own_dp;
        let side = |i: usize| {
            let (roster, player) = if i == 0 {
                (&setup.rosters.a, &setup.players.a)
            } else {
                (&setup.rosters.b, &setup.players.b)
            };
            SideState {
                warband: Arc::from(roster.name.as_str()),
                player: Arc::from(player.as_str()),
                totem: roster.totem.as_deref().map(Arc::from),
                totem_standing: roster.totem.is_some(),
                models: roster
                    .models
                    .iter()
                    .map(|m| {
                        let own = if m.leader { leader_dp } else { 0 };
                        let mut x = ModelState::new(
                            &m.name,
                            derive_profile(m, rules),
                            m.leader,
                            own,
                            &m.spells,
                        );
                        // Herbs are counted apart (R37); the rest is gear.
                        x.gear = m
                            .armour
                            .iter()
                            .chain(m.equipment.iter())
                            .filter(|id| {
                                rules.armour(id).is_some()
                                    || rules
                                        .equipment_item(id)
                                        .is_some_and(|e| e.effects.own_dp == 0)
                            })
                            .cloned()
                            .collect();
                        x
                    })
                    .collect(),
                pool: 0,
                score: Score::default(),
                rerolls_used: 0,
            }
        };
        GameState {
            turn: 0,
            phase: Phase::Setup,
            sides: Sides::new(side(0), side(1)),
            beasts: Vec::new(),
            dark_forces: None,
            dp_per_model: 0,
            beast_due: false,
            ended: None,
            change_round: ChangeRoundState::default(),
            round: None,
            active: None,
            ordered: None,
            pending_hits: Vec::new(),
            touched: Vec::new(),
            moved: 0,
            in_row: 0,
            dread: Vec::new(),
            reacted: Vec::new(),
            pending: None,
        }
    }

    pub(crate) fn new_beast(name: &str, profile: Profile) -> ModelState {
        ModelState::new(name, profile, false, 0, &[])
    }

    pub fn side(&self, side: Side) -> Option<&SideState> {
        self.sides.get(side)
    }

    pub fn side_mut(&mut self, side: Side) -> Option<&mut SideState> {
        self.sides.get_mut(side)
    }

    pub fn model(&self, m: ModelRef) -> Option<&ModelState> {
        match m.side {
            Side::Beast => self.beasts.get(m.index),
            s => self.sides.get(s).and_then(|x| x.models.get(m.index)),
        }
    }

    pub fn model_mut(&mut self, m: ModelRef) -> Option<&mut ModelState> {
        match m.side {
            Side::Beast => self.beasts.get_mut(m.index),
            s => self
                .sides
                .get_mut(s)
                .and_then(|x| x.models.get_mut(m.index)),
        }
    }

    /// The models of one side, with their references.
    pub fn models_of(&self, side: Side) -> impl Iterator<Item = (ModelRef, &ModelState)> {
        let (warband, beasts): (Option<&CowList<ModelState>>, &[ModelState]) = match side {
            Side::Beast => (None, &self.beasts),
            s => (self.sides.get(s).map(|x| &x.models), &[]),
        };
        warband
            .into_iter()
            .flat_map(|l| l.iter())
            .chain(beasts.iter())
            .enumerate()
            .map(move |(i, m)| (ModelRef::new(side, i), m))
    }

    /// Every model: warband A, warband B, then the beasts.
    pub fn models(&self) -> impl Iterator<Item = (ModelRef, &ModelState)> {
        self.models_of(Side::A)
            .chain(self.models_of(Side::B))
            .chain(self.models_of(Side::Beast))
    }

    /// Every reference, for changes that walk all models.
    pub(crate) fn refs(&self) -> Vec<ModelRef> {
        self.models().map(|(r, _)| r).collect()
    }

    /// The model's name, or its reference when it does not exist.
    pub fn name(&self, m: ModelRef) -> String {
        self.model(m)
            .map_or_else(|| m.to_string(), |s| s.name.to_string())
    }

    /// The highest agility round that still has a model to act (R05, §3).
    pub fn current_round(&self) -> Option<i32> {
        self.models()
            .filter(|(_, m)| m.status.in_play() && !m.acted)
            .map(|(_, m)| m.round)
            .max()
    }

    /// The models of `side` still to act in `round`.
    pub fn to_act(&self, side: Side, round: i32) -> Vec<ModelRef> {
        self.models_of(side)
            .filter(|(_, m)| m.status.in_play() && !m.acted && m.round == round)
            .map(|(r, _)| r)
            .collect()
    }

    /// Whether `side` has a model still to act in `round` (no list made:
    /// the offers ask it once per model, issue 32).
    fn has_to_act(&self, side: Side, round: i32) -> bool {
        self.models_of(side)
            .any(|(_, m)| m.status.in_play() && !m.acted && m.round == round)
    }

    /// The model making actions now: the ordered one if the Leader gave an
    /// order (R32), else the one in its activation.
    pub fn actor(&self) -> Option<ModelRef> {
        self.ordered.or(self.active)
    }

    /// What the game waits for (R05–R09, R27, R39).
    pub fn now(&self) -> Now {
        if self.ended.is_some() {
            return Now::Ended {
                winner: self.winner(),
            };
        }
        match self.phase {
            Phase::Setup => return Now::StartTurn { turn: 1 },
            Phase::TurnOver => {
                return Now::StartTurn {
                    turn: self.turn + 1,
                };
            }
            Phase::ChangeRound => {
                let c = self.change_round;
                let side = match c.first {
                    None => None,
                    Some(first) if !c.done[side_slot(first)] => Some(first),
                    Some(first) => first.opponent(),
                };
                return Now::ChangeRound { side };
            }
            Phase::Rounds => {}
        }
        if self.pending.is_some() {
            return Now::Rolled;
        }
        if !self.pending_hits.is_empty() {
            return Now::ResolveHits {
                hits: self
                    .pending_hits
                    .iter()
                    .map(|h| (h.attacker, h.target))
                    .collect(),
            };
        }
        if let Some(model) = self.active {
            return Now::Acting {
                model,
                ordered: self.ordered,
            };
        }
        let Some(round) = self.current_round() else {
            return Now::StartTurn {
                turn: self.turn + 1,
            };
        };
        match self.picker(round) {
            Some(side) => Now::Pick {
                round,
                side,
                models: self.to_act(side, round),
            },
            None => match self.rolloff_winner(round) {
                Some(winner) => Now::ChooseStart { round, winner },
                None => Now::RollOff { round },
            },
        }
    }

    /// R08: which side picks the next model in `round`; `None` while the
    /// roll-off is owed.
    pub(crate) fn picker(&self, round: i32) -> Option<Side> {
        let a = self.has_to_act(Side::A, round);
        let b = self.has_to_act(Side::B, round);
        let rs = self.round.as_ref().filter(|r| r.round == round);
        match (a, b) {
            (true, true) => {
                let next = rs.and_then(|r| r.next.or(r.starts))?;
                Some(next)
            }
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            // Beasts act once both warbands are done with the round (§3).
            (false, false) => Some(Side::Beast),
        }
    }
}

impl GameState {
    /// The player of `side` by name (issue 13), or the side's letter when
    /// the setup names none.
    pub fn player_name(&self, side: Side, l: Lang) -> String {
        match self.side(side) {
            Some(s) if !s.player.trim().is_empty() => s.player.to_string(),
            _ => side.label(l).to_string(),
        }
    }

    /// The warband ahead on VP; `None` on equal VP (a draw).
    pub fn winner(&self) -> Option<Side> {
        let (a, b) = (self.sides.a.score.total(), self.sides.b.score.total());
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// R08: the winner of `round`'s roll-off when it has been rolled and the
    /// winner has not chosen yet.
    pub fn rolloff_winner(&self, round: i32) -> Option<Side> {
        let rs = self.round.as_ref().filter(|r| r.round == round)?;
        if rs.starts.is_some() {
            return None;
        }
        let last = rs.rolloff.last()?;
        match last[0].cmp(&last[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// 0 for A, 1 for B (beasts never reach here in a warband-only context).
pub(crate) fn side_slot(side: Side) -> usize {
    match side {
        Side::A => 0,
        _ => 1,
    }
}
