//! `move`: one action of the log, its fields as the game file stores them.

use super::*;

/// R13.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub model: ModelRef,
}
