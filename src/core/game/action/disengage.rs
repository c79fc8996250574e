//! `disengage`: one action of the log, its fields as the game file stores them.

use super::*;

/// R25: one opposed Agility roll per engaged opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disengage {
    pub model: ModelRef,
    /// One per engaged opponent; empty: the game rolls them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<DisengageRoll>,
}
