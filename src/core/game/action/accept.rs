//! `accept`: one action of the log, its fields as the game file stores them.

use super::*;

/// The roll waiting is accepted: its result takes effect. Facts that do
/// not change the dice may be given (or corrected) here: the friends
/// within 15 cm of a model put Down (R31), the friend a stray shot hits
/// (R26).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Accept {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witnesses: Option<Vec<ModelRef>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stray: Option<ModelRef>,
    /// R38: the models within 30 cm of a caster the backlash removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within_30cm: Option<Vec<ModelRef>>,
}
