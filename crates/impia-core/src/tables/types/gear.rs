//! Weapons, armour, equipment and upgrades: what each costs and what it changes.

use serde::{Deserialize, Serialize};

use super::{Keyword, ProfileEffect, Restrictions, UpgradeGroup};
use crate::text::Text;

/// Extra Strength and Penetration a weapon gets in an Assault (spear, R34).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AssaultBonus {
    pub strength: i32,
    pub penetration: i32,
}

/// R34: a melee weapon row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeWeapon {
    pub id: String,
    pub name: Text,
    /// `None` where the summary prints "-": the weapon is free.
    pub cost: Option<u32>,
    pub combat: i32,
    pub strength: i32,
    pub penetration: i32,
    #[serde(default)]
    pub special: Option<Text>,
    /// Material letters as printed (P, H, A); they carry no rule.
    #[serde(default)]
    pub material: Vec<String>,
    #[serde(default)]
    pub effects: ProfileEffect,
    #[serde(default)]
    pub restrictions: Restrictions,
    #[serde(default)]
    pub assault_bonus: Option<AssaultBonus>,
}

/// A value per range band: short, medium, long.
pub type PerRange = [i32; 3];

/// R35: a ranged weapon row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangedWeapon {
    pub id: String,
    pub name: Text,
    pub cost: Option<u32>,
    /// Upper limit of the short, medium and long range bands, in cm.
    pub range_cm: [u32; 3],
    /// Strength of the hit per range band.
    pub strength: PerRange,
    /// When true, `strength` is added to the thrower's own Strength (+1/+0/-1).
    #[serde(default)]
    pub strength_is_bonus: bool,
    pub penetration: PerRange,
    #[serde(default)]
    pub special: Option<Text>,
    #[serde(default)]
    pub material: Vec<String>,
    #[serde(default)]
    pub effects: ProfileEffect,
    #[serde(default)]
    pub restrictions: Restrictions,
    /// The melee weapon the user fights with in close combat (bow: a stone mace).
    #[serde(default)]
    pub melee_as: Option<String>,
    /// R35 blowpipe: the Strength of the poison a hit carries.
    #[serde(default)]
    pub poison: Option<i32>,
}

/// R36: an armour row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    pub id: String,
    pub name: Text,
    pub cost: u32,
    pub armour: i32,
}

/// R37: an equipment row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equipment {
    pub id: String,
    pub name: Text,
    /// Cost of one item (herbs: each one bought counts).
    pub cost: u32,
    pub special: Text,
    #[serde(default)]
    pub effects: ProfileEffect,
    /// Whether a model may carry several (mystic herbs).
    #[serde(default)]
    pub repeatable: bool,
    /// True for the shield: the thing weapon restrictions name.
    #[serde(default)]
    pub is_shield: bool,
}

/// How many spells an upgrade lets a non-sorcerer know (Initiate: one of level 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellGrant {
    pub count: u32,
    pub max_level: u32,
}

/// R41, R42: an upgrade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    pub id: String,
    pub group: UpgradeGroup,
    pub name: Text,
    pub cost: u32,
    pub text: Text,
    #[serde(default)]
    pub effects: ProfileEffect,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    #[serde(default)]
    pub grants_spells: Option<SpellGrant>,
    /// R41 Venom: the poison the model's hits with these weapons carry.
    #[serde(default)]
    pub poison: Option<Poison>,
}

/// A poison on some melee weapons (R41 Venom: Strength 3 on claws or jaws).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Poison {
    pub strength: i32,
    pub weapons: Vec<String>,
}
