//! `adjust_fear`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `adjust_fear` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustFear {
    pub model: ModelRef,
    pub delta: i32,
}
