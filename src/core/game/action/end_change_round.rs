//! `end_change_round`: one action of the log, its fields as the game file stores them.

use super::*;

/// R09: this warband makes no more round changes this turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndChangeRound {
    pub side: Side,
}
