//! What an action is: its name in the game file and the pending roll it
//! becomes (rules 2).

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
    /// Issue 33: the sides that passed on their re-rolls since the dice
    /// last changed (a re-roll asks them again).
    pub passed: Vec<super::super::refs::Side>,
}

impl Action {
    /// The snake_case name the game file stores (`fight`, `accept`, …):
    /// its serde tag (see `action/list.rs`).
    pub fn id(&self) -> &'static str {
        self.kind().id()
    }
}
