//! `resolve_hit`: one action of the log, its fields as the game file stores them.

use super::*;

/// R27–R30: roll the pending hit of `attacker` on `target`. `witnesses`:
/// friends within 15 cm of the target, who gain fear if it is put Down (R31).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResolveHit {
    pub attacker: ModelRef,
    pub target: ModelRef,
    #[serde(default, skip_serializing_if = "HitOptions::is_default")]
    pub options: HitOptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<OpposedDice>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub witnesses: Vec<ModelRef>,
}
