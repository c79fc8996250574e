//! `start_turn`: one action of the log, its fields as the game file stores them.

use super::*;

/// Start the next turn: the dark forces dice (R39), then the pools are
/// rebuilt (R10–R12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartTurn {
    /// Empty: the game rolls them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dark_forces: Vec<u32>,
}
