//! `leader_order`: one action of the log, its fields as the game file stores them.

use super::*;

/// R32: the Leader orders `model`, which makes the next action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderOrder {
    pub leader: ModelRef,
    pub model: ModelRef,
}
