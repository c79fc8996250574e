//! `adjust_pool`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `adjust_pool` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustPool {
    pub side: Side,
    pub delta: i32,
}
