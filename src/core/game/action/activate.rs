//! `activate`: one action of the log, its fields as the game file stores them.

use super::*;

/// R07: this model starts its activation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activate {
    pub model: ModelRef,
}
