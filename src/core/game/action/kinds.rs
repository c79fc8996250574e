//! What an action is: its name in the game file, whether it is a roll, and
//! the pending roll it becomes (rules 2).

use serde::{Deserialize, Serialize};

use super::super::refs::ModelRef;
use super::super::roll::SideDice;
use super::Action;

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
    /// The snake_case name the game file stores (`fight`, `accept`, …).
    pub fn id(&self) -> &'static str {
        use Action as A;
        match self {
            A::StartTurn { .. } => "start_turn",
            A::ChangeRound { .. } => "change_round",
            A::EndChangeRound { .. } => "end_change_round",
            A::RollOff { .. } => "roll_off",
            A::ChooseStart { .. } => "choose_start",
            A::Activate { .. } => "activate",
            A::EndActivation { .. } => "end_activation",
            A::EndTurn => "end_turn",
            A::EndGame => "end_game",
            A::Move { .. } => "move",
            A::StandUp { .. } => "stand_up",
            A::Loot { .. } => "loot",
            A::TouchTerrain { .. } => "touch_terrain",
            A::Assault { .. } => "assault",
            A::Fight { .. } => "fight",
            A::Disengage { .. } => "disengage",
            A::Shoot { .. } => "shoot",
            A::ResolveHit { .. } => "resolve_hit",
            A::Breath { .. } => "breath",
            A::Fall { .. } => "fall",
            A::Check { .. } => "check",
            A::LeaderOrder { .. } => "leader_order",
            A::LeaderRally { .. } => "leader_rally",
            A::TotemOwn { .. } => "totem_own",
            A::TotemEnemy { .. } => "totem_enemy",
            A::CastSpell { .. } => "cast_spell",
            A::UseHerb { .. } => "use_herb",
            A::TotemReroll { .. } => "totem_reroll",
            A::HeadstrongReroll { .. } => "headstrong_reroll",
            A::Accept { .. } => "accept",
            A::BeastAppears { .. } => "beast_appears",
            A::ScenarioPoints { .. } => "scenario_points",
            A::AdjustFear { .. } => "adjust_fear",
            A::AdjustPool { .. } => "adjust_pool",
            A::AdjustOwnDp { .. } => "adjust_own_dp",
            A::AdjustToughness { .. } => "adjust_toughness",
            A::SetStatus { .. } => "set_status",
            A::SetEngaged { .. } => "set_engaged",
            A::SetRound { .. } => "set_round",
            A::Note { .. } => "note",
        }
    }

    /// A check the players roll and may re-roll before accepting it (rules
    /// 2 on): it waits as the pending roll until accepted.
    pub fn is_roll(&self) -> bool {
        use Action as A;
        matches!(
            self,
            A::Assault { .. }
                | A::Fight { .. }
                | A::Disengage { .. }
                | A::Shoot { .. }
                | A::ResolveHit { .. }
                | A::Check { .. }
                | A::CastSpell { .. }
                | A::Fall { roll: Some(_), .. }
        )
    }
}
