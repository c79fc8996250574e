//! `shoot`: one action of the log, its fields as the game file stores them.

use super::*;

/// R26. `stray`: the friend hit by a miss that the into-combat penalty caused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shoot {
    pub shooter: ModelRef,
    pub target: ModelRef,
    #[serde(default)]
    pub options: ShootOptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<CheckDice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stray: Option<ModelRef>,
}
