//! `fight`: one action of the log, its fields as the game file stores them.

use super::*;

/// R23, R24.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fight {
    pub attacker: ModelRef,
    pub defender: ModelRef,
    #[serde(default, skip_serializing_if = "FightOptions::is_default")]
    pub options: FightOptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<OpposedDice>,
}
