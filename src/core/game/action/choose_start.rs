//! `choose_start`: one action of the log, its fields as the game file stores them.

use super::*;

/// R08: the roll-off winner chooses which warband activates first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChooseStart {
    pub side: Side,
}
