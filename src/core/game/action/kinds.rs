//! What an action is: its name in the game file, the patterns that group
//! actions, and the pending roll it becomes (rules 2).

use serde::{Deserialize, Serialize};

use super::super::refs::ModelRef;
use super::super::roll::SideDice;
use super::Action;

/// The actions that roll dice of a check (or the backlash of a spell):
/// a pattern. Every action is in `rolled!()` or [`unrolled!()`], by name,
/// so a match over actions that handles the rolls lists the rest with
/// `unrolled!()` and stays exhaustive: a new action fails to compile until
/// it is put in one of the two (one line), and then every match that
/// names `rolled!()` points at it again if it rolls.
macro_rules! rolled {
    () => {
        $crate::core::game::Action::Assault(_)
            | $crate::core::game::Action::Fight(_)
            | $crate::core::game::Action::Disengage(_)
            | $crate::core::game::Action::Shoot(_)
            | $crate::core::game::Action::ResolveHit(_)
            | $crate::core::game::Action::Fall(_)
            | $crate::core::game::Action::Check(_)
            | $crate::core::game::Action::CastSpell(_)
    };
}
pub(crate) use rolled;

/// The turn's steps (R05–R12, R39) and the game's end: a pattern.
macro_rules! turn_steps {
    () => {
        $crate::core::game::Action::StartTurn(_)
            | $crate::core::game::Action::ChangeRound(_)
            | $crate::core::game::Action::EndChangeRound(_)
            | $crate::core::game::Action::RollOff(_)
            | $crate::core::game::Action::ChooseStart(_)
            | $crate::core::game::Action::Activate(_)
            | $crate::core::game::Action::EndActivation(_)
            | $crate::core::game::Action::EndTurn(_)
            | $crate::core::game::Action::EndGame(_)
    };
}
pub(crate) use turn_steps;

/// A model's actions that roll no check: a pattern.
macro_rules! unrolled_acts {
    () => {
        $crate::core::game::Action::Move(_)
            | $crate::core::game::Action::StandUp(_)
            | $crate::core::game::Action::Loot(_)
            | $crate::core::game::Action::TouchTerrain(_)
            | $crate::core::game::Action::Breath(_)
            | $crate::core::game::Action::LeaderOrder(_)
            | $crate::core::game::Action::LeaderRally(_)
            | $crate::core::game::Action::TotemOwn(_)
            | $crate::core::game::Action::TotemEnemy(_)
            | $crate::core::game::Action::UseHerb(_)
    };
}
pub(crate) use unrolled_acts;

/// The life of a roll waiting (R33, R42): re-rolls and accept; a pattern.
macro_rules! roll_life {
    () => {
        $crate::core::game::Action::TotemReroll(_)
            | $crate::core::game::Action::HeadstrongReroll(_)
            | $crate::core::game::Action::Accept(_)
    };
}
pub(crate) use roll_life;

/// Beasts, scenario points and hand adjustments (not notes): a pattern.
macro_rules! by_hand {
    () => {
        $crate::core::game::Action::BeastAppears(_)
            | $crate::core::game::Action::ScenarioPoints(_)
            | $crate::core::game::Action::AdjustFear(_)
            | $crate::core::game::Action::AdjustPool(_)
            | $crate::core::game::Action::AdjustOwnDp(_)
            | $crate::core::game::Action::AdjustToughness(_)
            | $crate::core::game::Action::SetStatus(_)
            | $crate::core::game::Action::SetEngaged(_)
            | $crate::core::game::Action::SetRound(_)
    };
}
pub(crate) use by_hand;

/// Every action that rolls no check: a pattern (see [`rolled!()`]).
macro_rules! unrolled {
    () => {
        $crate::core::game::action::turn_steps!()
            | $crate::core::game::action::unrolled_acts!()
            | $crate::core::game::action::roll_life!()
            | $crate::core::game::action::by_hand!()
            | $crate::core::game::Action::Note(_)
    };
}
pub(crate) use unrolled;

/// Who re-rolled, and with what right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RerollKind {
    /// R33: once per turn per warband, a model near its own totem.
    Totem,
    /// R42 Headstrong: a 1 in Combat, once per roll (rules 3).
    Headstrong,
}

/// One re-roll of a roll waiting to be accepted: the dice before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RerollRecord {
    pub kind: RerollKind,
    pub by: ModelRef,
    /// Which roll of the action (a Disengage has one per opponent).
    pub roll: usize,
    pub before: SideDice,
    pub after: SideDice,
}

/// A roll made and not yet accepted: the action with its dice as they stand
/// now (after any re-roll), and the re-rolls taken. Only re-rolls the rules
/// allow and accepting lead on from here; undo stays.
#[derive(Clone, Debug, PartialEq)]
pub struct PendingRoll {
    pub action: Action,
    pub rerolls: Vec<RerollRecord>,
}

impl Action {
    /// The snake_case name the game file stores (`fight`, `accept`, …):
    /// its serde tag (see `action/list.rs`).
    pub fn id(&self) -> &'static str {
        self.kind().id()
    }
}
