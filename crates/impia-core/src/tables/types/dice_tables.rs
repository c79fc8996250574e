//! The die-range tables (R38, R39) and the reference tables: fall (R18),
//! jump (R16) and cover (R30).

use serde::{Deserialize, Serialize};

use crate::text::Text;

/// What a row of a die-range table does to the game, as data, so that the
/// tracker applies it without special cases.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RowEffect {
    /// Fear markers every model on the table gains (negative: loses).
    pub fear_all: i32,
    /// A beast appears.
    pub beast: bool,
    /// Change to the DP each model gives this turn.
    pub dp_per_model: i32,
    /// Fear markers the caster gains.
    pub caster_fear: i32,
    /// Toughness the caster loses for good (negative).
    pub caster_toughness: i32,
    /// The caster is removed from the table.
    pub caster_removed: bool,
    /// Fear markers every model within 30 cm of the caster gains.
    pub fear_within_30cm: i32,
}

impl RowEffect {
    pub fn is_empty(&self) -> bool {
        *self == RowEffect::default()
    }
}

/// A named number the player adds to a table roll (spell level, caster fear).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierSpec {
    pub id: String,
    pub name: Text,
}

/// One row of a die-range table, keyed by a range as printed (`1`, `2-5`, `14+`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollRow {
    pub range: String,
    pub text: Text,
    #[serde(default)]
    pub effect: RowEffect,
}

/// A die-range table (R38 spell backlash, R39 dark forces).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollTable {
    pub id: String,
    pub name: Text,
    pub rule: String,
    /// Dice expression: `1d10`, `2d6`, `1d6+1`.
    pub dice: String,
    #[serde(default)]
    pub description: Option<Text>,
    /// Numbers the roller adds to the dice, each asked for by name.
    #[serde(default)]
    pub modifiers: Vec<ModifierSpec>,
    pub rows: Vec<RollRow>,
}

/// R18: a fall's Strength by height.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FallRow {
    /// Upper bound of the height band, inclusive; `None` for "beyond".
    pub up_to_cm: Option<f64>,
    /// Strength of the fall; `None` for no harm.
    pub strength: Option<i32>,
    pub label: Text,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FallTable {
    pub id: String,
    pub name: Text,
    pub rule: String,
    pub rows: Vec<FallRow>,
}

/// What a jump of a given gap demands (R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JumpCheck {
    /// No roll needed.
    Free,
    /// An Agility check with `modifier`; failing is a Fall.
    Agility,
    /// Cannot be jumped.
    Impossible,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JumpRow {
    pub up_to_cm: Option<f64>,
    pub check: JumpCheck,
    #[serde(default)]
    pub modifier: i32,
    pub label: Text,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JumpTable {
    pub id: String,
    pub name: Text,
    pub rule: String,
    pub rows: Vec<JumpRow>,
}

/// R30: one grade of cover.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverRow {
    pub id: String,
    pub name: Text,
    pub examples: Text,
    pub armour: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverTable {
    pub id: String,
    pub name: Text,
    pub rule: String,
    pub rows: Vec<CoverRow>,
    /// Added per extra cover beyond the best one.
    pub per_extra_cover: i32,
    pub text: Text,
}
