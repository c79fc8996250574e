//! `loot`: one action of the log, its fields as the game file stores them.

use super::*;

/// R19: take something from a Down model in contact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loot {
    pub model: ModelRef,
    pub body: ModelRef,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub item: String,
}
