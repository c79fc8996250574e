//! `set_engaged`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `set_engaged` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetEngaged {
    pub a: ModelRef,
    pub b: ModelRef,
    pub engaged: bool,
}
