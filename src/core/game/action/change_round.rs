//! `change_round`: one action of the log, its fields as the game file stores them.

use super::*;

/// R09: move a model `steps` agility rounds up (+) or down (−), 1 DP each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeRound {
    pub model: ModelRef,
    pub steps: i32,
}
