//! Warband rosters: the YAML file format, cost (R34–R37, R40–R42), the derived
//! profile of every model, and validation with reasons.

mod check;
mod doc;
mod file;
mod profile;
pub mod text;
mod view;

pub use check::{ModelReport, Problem, RosterReport, check};
pub use doc::RosterDoc;
pub use file::{ROSTER_VERSION, load_roster, parse_roster, roster_to_yaml, save_roster, slug};
pub use profile::{MeleeLine, Profile, RangedLine, derive_profile, model_cost};
pub use text::{TextErrors, from_text, to_text};
pub use view::{MeleeView, ModelReportView, RangedView};

use serde::{Deserialize, Serialize};

use crate::text::Lang;

fn default_version() -> u32 {
    ROSTER_VERSION
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A warband as the player wrote it. Ids refer to `tables/`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    /// File format version; absent means 1.
    #[serde(default = "default_version")]
    pub version: u32,
    pub name: String,
    /// The player's points limit (RULES.md §3); absent means the default (200).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_limit: Option<u32>,
    /// The warband's totem (R33), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub totem: Option<String>,
    #[serde(default)]
    pub models: Vec<Model>,
}

/// One model of a warband.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Model {
    pub name: String,
    /// Troop id (R40): warrior, veteran, creature, hero, sorcerer.
    pub troop: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub leader: bool,
    /// Melee and ranged weapon ids (R34, R35).
    #[serde(default)]
    pub weapons: Vec<String>,
    /// Armour id (R36), at most one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armour: Option<String>,
    /// Equipment ids (R37); repeat `mystic_herbs` to buy several.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equipment: Vec<String>,
    /// Creature upgrades for creatures, hero upgrades for heroes (R41, R42).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<String>,
    /// Spells known (R38): sorcerers, and a hero with Initiate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<Spell>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Issue 38: what a campaign did to the model (injuries, advances),
    /// each applied to its profile and points like an upgrade.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
}

/// Issue 38: an injury or advance a campaign gave a model: its profile
/// change and points, written into the roster so that the builder, the
/// checks and the sheet need no campaign pack to read it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    /// `pack/table/row` of the result.
    pub id: String,
    pub name: crate::text::Text,
    /// The game after which it came (1 = after the first game).
    pub game: u32,
    #[serde(default)]
    pub effects: crate::tables::ProfileEffect,
    /// Points it adds to the model's cost.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub cost: u32,
}

fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}

/// A spell: the summary lists none, so players write them (RULES.md §3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub name: String,
    pub level: u32,
    /// DP it costs to cast.
    pub cost: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// R38: the hit the spell gives each model it names, if it is one
    /// ("Impacto de Fuerza 4"); applied by rules-3 games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<SpellHit>,
    /// R38: what it does to the one model it names beyond a hit
    /// ("una miniatura enemiga gana 1 marcador de Pavor"), applied when
    /// the cast takes effect; none by default (older files).
    #[serde(default, skip_serializing_if = "SpellEffect::is_none")]
    pub effect: SpellEffect,
}

/// R38: a spell's effect on the model it names, from the roster's data:
/// fear gained, Toughness changed for good, removed from the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellEffect {
    /// Fear markers the model gains (lost when negative).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fear: i32,
    /// Toughness changed for good (-1: one point lost).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub toughness: i32,
    /// The model is removed from the table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub removed: bool,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

impl SpellEffect {
    /// No effect: the spell names no model (or only hits it).
    pub fn is_none(&self) -> bool {
        *self == SpellEffect::default()
    }
}

/// R38: a spell's hit: Strength and Penetration, like a weapon's (R27, R29).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellHit {
    pub strength: i32,
    #[serde(default)]
    pub penetration: i32,
}

impl Roster {
    /// A new warband: one Leader and a totem, as `impia roster new` writes it,
    /// with Spanish default names.
    pub fn starter(name: &str) -> Roster {
        Roster::starter_in(name, Lang::Es)
    }

    /// A new warband whose default names (the Leader, the totem) are in `lang`.
    pub fn starter_in(name: &str, lang: Lang) -> Roster {
        Roster {
            version: ROSTER_VERSION,
            name: name.to_string(),
            points_limit: None,
            totem: Some(crate::glossary::TOTEM.get(lang).to_string()),
            models: vec![Model {
                name: crate::glossary::LEADER.get(lang).to_string(),
                troop: "hero".to_string(),
                leader: true,
                weapons: vec!["medium_blade".to_string()],
                ..Default::default()
            }],
        }
    }

    /// The points limit in force: the roster's own or the tables' default.
    pub fn limit(&self, rules: &crate::tables::RuleSet) -> u32 {
        self.points_limit
            .unwrap_or(rules.warband.default_points_limit)
    }
}
