//! Warband-wide rules: Leader (R32), totem (R33), fear (R31), terrain (R14).

use serde::{Deserialize, Serialize};

use super::ProfileEffect;
use crate::text::Text;

/// The Leader's rules (R32): its own extra DP as data, and its text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderRules {
    pub name: Text,
    #[serde(default)]
    pub effects: ProfileEffect,
    pub text: Text,
    /// VP for each enemy model the Leader puts Down.
    pub vp_per_kill: i32,
    /// VP more when that model is the enemy Leader.
    pub vp_enemy_leader: i32,
}

/// The totem's rules (R33), as text for the sheet and the reference.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotemRules {
    pub name: Text,
    pub text: Text,
    /// Re-rolls the warband may take per turn near its own totem.
    pub rerolls_per_turn: u32,
}

/// Warband-wide rules: points limit by default (RULES.md §3), Leader, totem,
/// and the fear and terrain numbers the game tracker applies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarbandRules {
    pub default_points_limit: u32,
    pub leader: LeaderRules,
    pub totem: TotemRules,
    pub fear: FearRules,
    /// Terrain with an effect on the model touching it (R14).
    pub terrain: Vec<TerrainRules>,
}

/// One cause of fear markers: how many, and the question that names the
/// models it reaches (the players judge distances).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FearCause {
    pub fear: i32,
    pub ask: Text,
}

/// R31 fear: the thresholds and the causes the tracker applies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FearRules {
    /// Complications on every roll once fear reaches Courage.
    pub complications: u32,
    /// The model flees when it ends an activation with fear at this many times its Courage.
    pub flee_at_courage_times: i32,
    /// A friendly model is put Down within 15 cm.
    pub friend_down: FearCause,
    /// The same, when a model with `causes_two_fear` (Brutal, Cruel) put it Down.
    pub friend_down_by_two_fear: FearCause,
    /// The warband's own Leader is put Down: every model of the warband.
    pub own_leader_down: FearCause,
    /// R33: a model within 15 cm of the enemy totem (at the end of its activation).
    pub enemy_totem: FearCause,
}

/// R14: what touching a kind of terrain does to a model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRules {
    pub id: String,
    pub name: Text,
    /// Fear gained when touched during an action, at most once per activation.
    #[serde(default)]
    pub touch_fear: i32,
    /// Fear gained when the model ends its activation touching it.
    #[serde(default)]
    pub end_fear: i32,
    /// Toughness lost for good when the model ends its activation touching it.
    #[serde(default)]
    pub end_toughness: i32,
    /// The model suffers a Fall when it ends its activation touching it.
    #[serde(default)]
    pub end_fall: bool,
}
