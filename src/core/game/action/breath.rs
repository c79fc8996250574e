//! `breath`: one action of the log, its fields as the game file stores them.

use super::*;

/// R41 Breath: every model under the template takes a hit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Breath {
    pub model: ModelRef,
    pub targets: Vec<ModelRef>,
}
