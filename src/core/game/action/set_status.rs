//! `set_status`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `set_status` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetStatus {
    pub model: ModelRef,
    pub status: Status,
}
