//! `headstrong_reroll`: one action of the log, its fields as the game file stores them.

use super::*;

/// R42 Headstrong (rules 3): a Headstrong model that rolled a 1 in the
/// Combat roll waiting re-rolls its own dice, once per roll, apart from
/// the totem's re-roll. No dice: the game rolls them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeadstrongReroll {
    pub by: ModelRef,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub roll: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<SideDice>,
}
