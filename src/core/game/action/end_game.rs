//! `end_game`: one action of the log, its fields as the game file stores them.

use super::*;

/// The players end the game (the scenario's end): the winner is decided
/// by VP, a draw on equal VP (issue 15). Undo reopens it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndGame {}
