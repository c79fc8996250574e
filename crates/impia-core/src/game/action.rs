//! The actions of the log: everything that happens in a game, as the view
//! sends it and the game file stores it, dice included.

use serde::{Deserialize, Serialize};

use super::error::GameError;
use super::refs::{ModelRef, Side};
use super::roll::{CheckDice, OpposedDice, SideDice};
use super::setup::Beast;
use super::status::Status;
use crate::roster::SpellHit;
use crate::tables::Stat;

#[macro_use]
mod list;
mod kinds;
mod options;
pub use kinds::{PendingRoll, RerollKind, RerollRecord};
pub(crate) use options::check_number;
pub use options::{
    CheckOptions, ExtraModifier, FightOptions, HitOptions, MAX_HAND_NUMBER, Party, RangeBand,
    ShootOptions,
};

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

action_list! {
$
/// One step of a game. The state is the log of these replayed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action")]
pub enum Action {
    // --- The turn (R05–R12, R39) ---
    /// Start the next turn: the dark forces dice (R39), then the pools are
    /// rebuilt (R10–R12).
    "start_turn" => start_turn::StartTurn {
        /// Empty: the game rolls them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dark_forces: Vec<u32>,
    },
    /// R09: move a model `steps` agility rounds up (+) or down (−), 1 DP each.
    "change_round" => change_round::ChangeRound {
        model: ModelRef,
        steps: i32,
    },
    /// R09: this warband makes no more round changes this turn.
    "end_change_round" => end_change_round::EndChangeRound {
        side: Side,
    },
    /// R08: both players' d10s, ties re-rolled (every pair kept), and the
    /// side the winner chose to start. No dice: the game rolls them; no
    /// `starts`: the winner chooses next ([`Action::ChooseStart`]).
    "roll_off" => roll_off::RollOff {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<[u32; 2]>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        starts: Option<Side>,
    },
    /// R08: the roll-off winner chooses which warband activates first.
    "choose_start" => choose_start::ChooseStart {
        side: Side,
    },
    /// R07: this model starts its activation.
    "activate" => activate::Activate {
        model: ModelRef,
    },
    /// The activation ends; terrain it ends on (R14) and whether it ends
    /// within 15 cm of the enemy totem (R33); then the flee check (R31).
    "end_activation" => end_activation::EndActivation {
        model: ModelRef,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        terrain: Vec<String>,
        #[serde(default, skip_serializing_if = "is_false")]
        near_enemy_totem: bool,
    },
    /// The players end the turn; models that did not act lose their activation.
    "end_turn" => end_turn::EndTurn,
    /// The players end the game (the scenario's end): the winner is decided
    /// by VP, a draw on equal VP (issue 15). Undo reopens it.
    "end_game" => end_game::EndGame,

    // --- Actions of the model in its activation ---
    /// R13.
    "move" => r#move::Move {
        model: ModelRef,
    },
    /// R18: a Prone model stands up.
    "stand_up" => stand_up::StandUp {
        model: ModelRef,
    },
    /// R19: take something from a Down model in contact.
    "loot" => loot::Loot {
        model: ModelRef,
        body: ModelRef,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        item: String,
    },
    /// R14: the model touched terrain during an action (cursed: +1 fear, once per activation).
    "touch_terrain" => touch_terrain::TouchTerrain {
        model: ModelRef,
        terrain: String,
    },
    /// R20, R22: move into contact and the free Fight.
    "assault" => assault::Assault {
        attacker: ModelRef,
        defender: ModelRef,
        #[serde(default, skip_serializing_if = "is_false")]
        brutal: bool,
        #[serde(default, skip_serializing_if = "FightOptions::is_default")]
        options: FightOptions,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<OpposedDice>,
    },
    /// R23, R24.
    "fight" => fight::Fight {
        attacker: ModelRef,
        defender: ModelRef,
        #[serde(default, skip_serializing_if = "FightOptions::is_default")]
        options: FightOptions,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<OpposedDice>,
    },
    /// R25: one opposed Agility roll per engaged opponent.
    "disengage" => disengage::Disengage {
        model: ModelRef,
        /// One per engaged opponent; empty: the game rolls them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<DisengageRoll>,
    },
    /// R26. `stray`: the friend hit by a miss that the into-combat penalty caused.
    "shoot" => shoot::Shoot {
        shooter: ModelRef,
        target: ModelRef,
        #[serde(default)]
        options: ShootOptions,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<CheckDice>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stray: Option<ModelRef>,
    },
    /// R27–R30: roll the pending hit of `attacker` on `target`. `witnesses`:
    /// friends within 15 cm of the target, who gain fear if it is put Down (R31).
    "resolve_hit" => resolve_hit::ResolveHit {
        attacker: ModelRef,
        target: ModelRef,
        #[serde(default, skip_serializing_if = "HitOptions::is_default")]
        options: HitOptions,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<OpposedDice>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        witnesses: Vec<ModelRef>,
    },
    /// R41 Breath: every model under the template takes a hit.
    "breath" => breath::Breath {
        model: ModelRef,
        targets: Vec<ModelRef>,
    },
    /// R18: a fall; no roll up to the harmless height.
    "fall" => fall::Fall {
        model: ModelRef,
        height_cm: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<OpposedDice>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        witnesses: Vec<ModelRef>,
    },
    /// R01: any attribute check the players want logged (a jump, difficult
    /// terrain, Courage to assault a dreadful creature…).
    "check" => check::Check {
        model: ModelRef,
        stat: Stat,
        #[serde(default)]
        modifier: i32,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// Advantages, complications and what the check is for (rules 3).
        #[serde(default, skip_serializing_if = "CheckOptions::is_default")]
        options: CheckOptions,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<CheckDice>,
    },
    /// R32: the Leader orders `model`, which makes the next action.
    "leader_order" => leader_order::LeaderOrder {
        leader: ModelRef,
        model: ModelRef,
    },
    /// R32: the listed friends lose fear.
    "leader_rally" => leader_rally::LeaderRally {
        leader: ModelRef,
        models: Vec<ModelRef>,
    },
    /// R33: in contact with its own totem: lose fear.
    "totem_own" => totem_own::TotemOwn {
        model: ModelRef,
    },
    /// R33: in contact with the enemy totem: fear, VP, the totem destroyed.
    "totem_enemy" => totem_enemy::TotemEnemy {
        model: ModelRef,
    },
    /// R38: cast a spell, fear to the models within 15 cm, then the backlash roll.
    "cast_spell" => cast_spell::CastSpell {
        caster: ModelRef,
        spell: SpellChoice,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<ModelRef>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        within_15cm: Vec<ModelRef>,
        /// Empty: the game rolls it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        backlash: Vec<u32>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        within_30cm: Vec<ModelRef>,
        /// R38 (rules 3): the models a spell that declares a hit hits.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<ModelRef>,
    },
    /// R37 (rules 3): the model burns one mystic herb: its DP becomes the
    /// model's own DP of this turn, spent first. Costs no action.
    "use_herb" => use_herb::UseHerb {
        model: ModelRef,
    },

    // --- The life of a roll (game files of rules 2 on) ---
    /// R33: a model taking part in the roll waiting to be accepted re-rolls
    /// its own dice with its warband's totem (once per turn per warband).
    /// `roll`: which roll of a Disengage (0 otherwise). No dice: the game
    /// rolls them.
    "totem_reroll" => totem_reroll::TotemReroll {
        by: ModelRef,
        #[serde(default, skip_serializing_if = "is_zero")]
        roll: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<SideDice>,
    },
    /// R42 Headstrong (rules 3): a Headstrong model that rolled a 1 in the
    /// Combat roll waiting re-rolls its own dice, once per roll, apart from
    /// the totem's re-roll. No dice: the game rolls them.
    "headstrong_reroll" => headstrong_reroll::HeadstrongReroll {
        by: ModelRef,
        #[serde(default, skip_serializing_if = "is_zero")]
        roll: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<SideDice>,
    },
    /// Issue 33: `side` takes none of its re-rolls (R33 totem, R42
    /// Headstrong) on the roll waiting, so the other side may close it.
    "pass_reroll" => pass_reroll::PassReroll {
        side: Side,
    },
    /// The roll waiting is accepted: its result takes effect. Facts that do
    /// not change the dice may be given (or corrected) here: the friends
    /// within 15 cm of a model put Down (R31), the friend a stray shot hits
    /// (R26).
    "accept" => accept::Accept {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        witnesses: Option<Vec<ModelRef>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stray: Option<ModelRef>,
        /// R38: the models within 30 cm of a caster the backlash removed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within_30cm: Option<Vec<ModelRef>>,
    },

    // --- Beasts, scenario and hand adjustments ---
    /// A beast comes onto the table (R39 8–9, or the scenario).
    "beast_appears" => beast_appears::BeastAppears {
        beast: BeastChoice,
    },
    "scenario_points" => scenario_points::ScenarioPoints {
        side: Side,
        points: i32,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    "adjust_fear" => adjust_fear::AdjustFear {
        model: ModelRef,
        delta: i32,
    },
    "adjust_pool" => adjust_pool::AdjustPool {
        side: Side,
        delta: i32,
    },
    "adjust_own_dp" => adjust_own_dp::AdjustOwnDp {
        model: ModelRef,
        delta: i32,
    },
    "adjust_toughness" => adjust_toughness::AdjustToughness {
        model: ModelRef,
        delta: i32,
    },
    "set_status" => set_status::SetStatus {
        model: ModelRef,
        status: Status,
    },
    "set_engaged" => set_engaged::SetEngaged {
        a: ModelRef,
        b: ModelRef,
        engaged: bool,
    },
    "set_round" => set_round::SetRound {
        model: ModelRef,
        round: i32,
    },
    "note" => note::Note {
        text: String,
    },
}
}

impl Action {
    /// An action from its JSON, as a script or the game file writes it.
    /// Unknown fields are refused, the two without fields (`end_turn`,
    /// `end_game`) included: each action is a struct that denies them.
    pub fn from_json(text: &str) -> Result<Action, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// One roll of a Disengage (R25).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisengageRoll {
    pub opponent: ModelRef,
    pub roll: OpposedDice,
}

/// Which spell is cast (R38): one the sorcerer knows, or "level N, cost X".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SpellChoice {
    Known {
        index: usize,
    },
    Custom {
        #[serde(default, skip_serializing_if = "String::is_empty")]
        name: String,
        level: u32,
        cost: u32,
        /// R38 (rules 3): the hit the players declare the spell gives each
        /// model it names, as a known spell's (issue 24).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hit: Option<SpellHit>,
    },
}

/// Which beast appears: one of the setup's bestiary or a new profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum BeastChoice {
    Bestiary { index: usize },
    New(Beast),
}

impl Beast {
    /// Its profile within [`MAX_HAND_NUMBER`].
    pub fn check_numbers(&self) -> Result<(), GameError> {
        for s in Stat::ALL {
            check_number(s.id(), self.stats.get(s))?;
        }
        check_number("armour", self.armour)
    }
}
