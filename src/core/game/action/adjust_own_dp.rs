//! `adjust_own_dp`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `adjust_own_dp` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustOwnDp {
    pub model: ModelRef,
    pub delta: i32,
}
