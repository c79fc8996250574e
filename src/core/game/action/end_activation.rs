//! `end_activation`: one action of the log, its fields as the game file stores them.

use super::*;

/// The activation ends; terrain it ends on (R14) and whether it ends
/// within 15 cm of the enemy totem (R33); then the flee check (R31).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndActivation {
    pub model: ModelRef,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub near_enemy_totem: bool,
}
