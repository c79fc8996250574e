//! `leader_rally`: one action of the log, its fields as the game file stores them.

use super::*;

/// R32: the listed friends lose fear.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderRally {
    pub leader: ModelRef,
    pub models: Vec<ModelRef>,
}
