//! `assault`: one action of the log, its fields as the game file stores them.

use super::*;

/// R20, R22: move into contact and the free Fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assault {
    pub attacker: ModelRef,
    pub defender: ModelRef,
    #[serde(default, skip_serializing_if = "is_false")]
    pub brutal: bool,
    #[serde(default, skip_serializing_if = "FightOptions::is_default")]
    pub options: FightOptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<OpposedDice>,
}
