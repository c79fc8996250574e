//! `adjust_toughness`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `adjust_toughness` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustToughness {
    pub model: ModelRef,
    pub delta: i32,
}
