//! `scenario_points`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `scenario_points` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioPoints {
    pub side: Side,
    pub points: i32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}
