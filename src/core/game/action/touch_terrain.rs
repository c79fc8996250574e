//! `touch_terrain`: one action of the log, its fields as the game file stores them.

use super::*;

/// R14: the model touched terrain during an action (cursed: +1 fear, once per activation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TouchTerrain {
    pub model: ModelRef,
    pub terrain: String,
}
