//! Actions: their cost, their effect on the game and the options of their check.

use serde::{Deserialize, Serialize};

use crate::text::Text;

/// What an action costs (the summary's action list).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionCost {
    pub id: String,
    pub name: Text,
    /// DP paid; `None` where the cost is the spell's own.
    pub dp: Option<u32>,
    /// The rule that defines the action (R13, R20, …).
    pub rule: String,
    pub text: Text,
    /// What the action does to the game, as data, for the game tracker.
    #[serde(default, skip_serializing_if = "ActionEffect::is_empty")]
    pub effect: ActionEffect,
    /// Situational modifiers its check may take, chosen by the players (R20, R24, R26).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<CheckOption>,
}

/// What an action does when the game tracker applies it (R20, R22, R26, R28,
/// R32, R33, R38, R41), so that no number of the summary lives in code.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ActionEffect {
    /// Bonus or penalty to the action's own check (Assault: +1 Combat).
    pub modifier: i32,
    /// Advantages on the action's check (Brutal assault, Aimed shot, Iron defence).
    pub advantages: u32,
    /// Fear markers the acting model gains (negative: loses).
    pub fear_self: i32,
    /// Fear markers each model the players name gains (negative: loses).
    pub fear_listed: i32,
    /// The question that names those models (a distance the players judge).
    pub ask: Option<Text>,
    /// Victory points the acting warband scores.
    pub vp: i32,
    /// The enemy totem is destroyed.
    pub destroys_enemy_totem: bool,
    /// Strength and Penetration of the hits it makes (Breath).
    pub strength: Option<i32>,
    pub penetration: Option<i32>,
    /// Whole turns the model must wait before using it again (Breath).
    pub recharge_turns: u32,
    /// Actions another model makes (Leader's order).
    pub ordered_actions: u32,
}

impl ActionEffect {
    pub fn is_empty(&self) -> bool {
        *self == ActionEffect::default()
    }
}

/// A situational modifier of a check, ticked or counted by the players.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckOption {
    pub id: String,
    pub name: Text,
    #[serde(default)]
    pub modifier: i32,
    #[serde(default)]
    pub advantages: u32,
    #[serde(default)]
    pub complications: u32,
    /// Strength added to the hit the check leads to (Assault from above).
    #[serde(default)]
    pub hit_strength: i32,
    /// Taken once per unit the players count (earlier Moves, extra friends, 5 cm of drop).
    #[serde(default)]
    pub per_count: bool,
    /// The rule the option comes from, when not its action's (issue 34:
    /// multiple combat is R24 inside Fight's R23).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}
