//! `stand_up`: one action of the log, its fields as the game file stores them.

use super::*;

/// R18: a Prone model stands up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandUp {
    pub model: ModelRef,
}
