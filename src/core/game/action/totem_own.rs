//! `totem_own`: one action of the log, its fields as the game file stores them.

use super::*;

/// R33: in contact with its own totem: lose fear.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotemOwn {
    pub model: ModelRef,
}
