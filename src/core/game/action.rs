//! The actions of the log: everything that happens in a game, as the view
//! sends it and the game file stores it, dice included.

use serde::{Deserialize, Serialize};

use super::error::GameError;
use super::refs::{ModelRef, Side};
use super::roll::{CheckDice, OpposedDice, SideDice};
use super::setup::Beast;
use super::status::Status;
use crate::core::roster::SpellHit;
use crate::core::tables::Stat;

#[macro_use]
mod list;
mod kinds;
mod options;
pub use kinds::{PendingRoll, RerollKind, RerollRecord};
pub(crate) use kinds::{by_hand, roll_life, rolled, turn_steps, unrolled, unrolled_acts};
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
/// One step of a game. The state is the log of these replayed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action")]
pub enum Action {
    // --- The turn (R05–R12, R39) ---
    "start_turn" => start_turn::StartTurn,
    "change_round" => change_round::ChangeRound,
    "end_change_round" => end_change_round::EndChangeRound,
    "roll_off" => roll_off::RollOff,
    "choose_start" => choose_start::ChooseStart,
    "activate" => activate::Activate,
    "end_activation" => end_activation::EndActivation,
    "end_turn" => end_turn::EndTurn,
    "end_game" => end_game::EndGame,

    // --- Actions of the model in its activation ---
    "move" => r#move::Move,
    "stand_up" => stand_up::StandUp,
    "loot" => loot::Loot,
    "touch_terrain" => touch_terrain::TouchTerrain,
    "assault" => assault::Assault,
    "fight" => fight::Fight,
    "disengage" => disengage::Disengage,
    "shoot" => shoot::Shoot,
    "resolve_hit" => resolve_hit::ResolveHit,
    "breath" => breath::Breath,
    "fall" => fall::Fall,
    "check" => check::Check,
    "leader_order" => leader_order::LeaderOrder,
    "leader_rally" => leader_rally::LeaderRally,
    "totem_own" => totem_own::TotemOwn,
    "totem_enemy" => totem_enemy::TotemEnemy,
    "cast_spell" => cast_spell::CastSpell,
    "use_herb" => use_herb::UseHerb,

    // --- The life of a roll (game files of rules 2 on) ---
    "totem_reroll" => totem_reroll::TotemReroll,
    "headstrong_reroll" => headstrong_reroll::HeadstrongReroll,
    "accept" => accept::Accept,

    // --- Beasts, scenario and hand adjustments ---
    "beast_appears" => beast_appears::BeastAppears,
    "scenario_points" => scenario_points::ScenarioPoints,
    "adjust_fear" => adjust_fear::AdjustFear,
    "adjust_pool" => adjust_pool::AdjustPool,
    "adjust_own_dp" => adjust_own_dp::AdjustOwnDp,
    "adjust_toughness" => adjust_toughness::AdjustToughness,
    "set_status" => set_status::SetStatus,
    "set_engaged" => set_engaged::SetEngaged,
    "set_round" => set_round::SetRound,
    "note" => note::Note,
}
}

impl Action {
    /// An action from its JSON, as a script or the game file writes it.
    /// A unit action (`end_turn`, `end_game`) refuses unknown fields like
    /// every other action: serde ignores extra fields of an internally
    /// tagged unit variant, so they are checked here (issue 21).
    pub fn from_json(text: &str) -> Result<Action, serde_json::Error> {
        let value: serde_json::Value = serde_json::from_str(text)?;
        if let Some(map) = value.as_object()
            && let Some(extra) = map.keys().find(|k| *k != "action")
        {
            // A variant that takes any field refuses this probe.
            let probe = serde_json::json!({"action": map.get("action"), "\u{0}probe": 0});
            if serde_json::from_value::<Action>(probe).is_ok() {
                return Err(serde::de::Error::custom(format!(
                    "unknown field `{extra}`: this action has no fields"
                )));
            }
        }
        serde_json::from_value(value)
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

impl Action {
    /// Every number the action carries within [`MAX_HAND_NUMBER`]: checked
    /// before the game applies it.
    pub fn check_numbers(&self) -> Result<(), GameError> {
        use Action as A;
        match self {
            A::ChangeRound(act::ChangeRound { steps, .. }) => check_number("steps", *steps),
            A::ScenarioPoints(act::ScenarioPoints { points, .. }) => {
                check_number("points", *points)
            }
            A::AdjustFear(act::AdjustFear { delta, .. })
            | A::AdjustPool(act::AdjustPool { delta, .. })
            | A::AdjustOwnDp(act::AdjustOwnDp { delta, .. })
            | A::AdjustToughness(act::AdjustToughness { delta, .. }) => {
                check_number("delta", *delta)
            }
            A::SetRound(act::SetRound { round, .. }) => check_number("round", *round),
            A::Check(act::Check {
                modifier, options, ..
            }) => {
                check_number("modifier", *modifier)?;
                options.check_numbers()
            }
            A::Assault(act::Assault { options, .. }) | A::Fight(act::Fight { options, .. }) => {
                options.check_numbers()
            }
            A::Shoot(act::Shoot { options, .. }) => options.check_numbers(),
            A::ResolveHit(act::ResolveHit { options, .. }) => options.check_numbers(),
            A::CastSpell(act::CastSpell {
                spell:
                    SpellChoice::Custom {
                        level, cost, hit, ..
                    },
                ..
            }) => {
                check_number("level", *level)?;
                check_number("cost", *cost)?;
                if let Some(h) = hit {
                    check_number("strength", h.strength)?;
                    check_number("penetration", h.penetration)?;
                }
                Ok(())
            }
            A::BeastAppears(act::BeastAppears {
                beast: BeastChoice::New(b),
            }) => b.check_numbers(),
            A::CastSpell(act::CastSpell {
                spell: SpellChoice::Known { .. },
                ..
            })
            | A::BeastAppears(act::BeastAppears {
                beast: BeastChoice::Bestiary { .. },
            })
            | unrolled_acts!()
            | roll_life!()
            | A::StartTurn(_)
            | A::EndChangeRound(_)
            | A::RollOff(_)
            | A::ChooseStart(_)
            | A::Activate(_)
            | A::EndActivation(_)
            | A::EndTurn(act::EndTurn {})
            | A::EndGame(act::EndGame {})
            | A::Disengage(_)
            | A::Fall(_)
            | A::SetStatus(_)
            | A::SetEngaged(_)
            | A::Note(_) => Ok(()),
        }
    }
}
