//! `fall`: one action of the log, its fields as the game file stores them.

use super::*;

/// R18: a fall; no roll up to the harmless height.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fall {
    pub model: ModelRef,
    pub height_cm: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<OpposedDice>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub witnesses: Vec<ModelRef>,
}
