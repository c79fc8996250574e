//! `totem_reroll`: one action of the log, its fields as the game file stores them.

use super::*;

/// R33: a model taking part in the roll waiting to be accepted re-rolls
/// its own dice with its warband's totem (once per turn per warband).
/// `roll`: which roll of a Disengage (0 otherwise). No dice: the game
/// rolls them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotemReroll {
    pub by: ModelRef,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub roll: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<SideDice>,
}
