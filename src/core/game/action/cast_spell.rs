//! `cast_spell`: one action of the log, its fields as the game file stores them.

use super::*;

/// R38: cast a spell, fear to the models within 15 cm, then the backlash roll.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastSpell {
    pub caster: ModelRef,
    pub spell: SpellChoice,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<ModelRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub within_15cm: Vec<ModelRef>,
    /// Empty: the game rolls it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub backlash: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub within_30cm: Vec<ModelRef>,
    /// R38 (rules 3): the models a spell that declares a hit hits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<ModelRef>,
}
