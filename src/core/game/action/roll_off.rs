//! `roll_off`: one action of the log, its fields as the game file stores them.

use super::*;

/// R08: both players' d10s, ties re-rolled (every pair kept), and the
/// side the winner chose to start. No dice: the game rolls them; no
/// `starts`: the winner chooses next ([`Action::ChooseStart`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollOff {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<[u32; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts: Option<Side>,
}
