//! `beast_appears`: one action of the log, its fields as the game file stores them.

use super::*;

/// A beast comes onto the table (R39 8–9, or the scenario).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeastAppears {
    pub beast: BeastChoice,
}
