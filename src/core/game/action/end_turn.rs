//! `end_turn`: one action of the log, its fields as the game file stores them.

use super::*;

/// The players end the turn; models that did not act lose their activation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndTurn {}
