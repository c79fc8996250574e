//! `use_herb`: one action of the log, its fields as the game file stores them.

use super::*;

/// R37 (rules 3): the model burns one mystic herb: its DP becomes the
/// model's own DP of this turn, spent first. Costs no action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UseHerb {
    pub model: ModelRef,
}
