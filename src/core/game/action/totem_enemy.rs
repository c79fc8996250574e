//! `totem_enemy`: one action of the log, its fields as the game file stores them.

use super::*;

/// R33: in contact with the enemy totem: fear, VP, the totem destroyed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotemEnemy {
    pub model: ModelRef,
}
