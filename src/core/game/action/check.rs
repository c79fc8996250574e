//! `check`: one action of the log, its fields as the game file stores them.

use super::*;

/// R01: any attribute check the players want logged (a jump, difficult
/// terrain, Courage to assault a dreadful creature…).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub model: ModelRef,
    pub stat: Stat,
    #[serde(default)]
    pub modifier: i32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// Advantages, complications and what the check is for (rules 3).
    #[serde(default, skip_serializing_if = "CheckOptions::is_default")]
    pub options: CheckOptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<CheckDice>,
}
