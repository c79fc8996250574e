//! `note`: one action of the log, its fields as the game file stores them.

use super::*;

/// The `note` action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    pub text: String,
}
