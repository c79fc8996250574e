//! `set_round`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `set_round` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetRound {
    pub model: ModelRef,
    pub round: i32,
}
