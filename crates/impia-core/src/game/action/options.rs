//! The choices an action carries besides its dice: the options of a
//! fight, a shot, a hit and an attribute check, the players' extra
//! modifiers, and the bound on every number a player types.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::super::error::{GameError, Refusal};
use super::super::refs::ModelRef;
use super::is_false;

/// Who a hand-given modifier is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// The attacker, the shooter, the model making the check.
    #[default]
    Attacker,
    /// The defender, the target of the hit.
    Defender,
}

/// A modifier the players add for a rule the tracker does not follow
/// (Imposing presence, Constrictor, …), with its reason.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraModifier {
    #[serde(default)]
    pub on: Party,
    pub reason: String,
    #[serde(default)]
    pub modifier: i32,
    #[serde(default)]
    pub advantages: u32,
    #[serde(default)]
    pub complications: u32,
}

/// Choices for a Fight or an Assault (R20–R24).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FightOptions {
    /// The attacker's melee weapon id; default its first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender_weapon: Option<String>,
    /// Counts of the action's table options by id (`unseen: 1`,
    /// `consecutive_moves: 2`, `from_above: 1`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, u32>,
    /// R24: extra friends in the fight on each side; `None`: counted from the
    /// tracked engagements.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_friends: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender_friends: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<ExtraModifier>,
    /// R42: enemies with Imposing presence within 10 cm of a model in the
    /// fight, beyond those in it (rules 3).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub imposing: Vec<ModelRef>,
}

impl FightOptions {
    pub fn is_default(&self) -> bool {
        *self == FightOptions::default()
    }

    /// Tick or count a table option.
    pub fn with(mut self, id: &str, count: u32) -> Self {
        self.options.insert(id.to_string(), count);
        self
    }
}

/// R35: the range band of a shot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeBand {
    Short,
    #[default]
    Medium,
    Long,
}

impl RangeBand {
    pub fn index(self) -> usize {
        match self {
            RangeBand::Short => 0,
            RangeBand::Medium => 1,
            RangeBand::Long => 2,
        }
    }
}

/// Choices for a Shoot (R26, R35).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ShootOptions {
    /// The ranged weapon id; default the model's first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    pub band: RangeBand,
    /// Aimed shot: +1 DP and 1 advantage.
    #[serde(skip_serializing_if = "is_false")]
    pub aimed: bool,
    /// Counts of the shoot row's table options by id (`target_unaware`,
    /// `avoid_cover`, `defensive_shot`, `into_combat`); the band's own
    /// option (`short_range`, `long_range`) comes from `band`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<ExtraModifier>,
    /// R42: enemies with Imposing presence the players declare within
    /// 10 cm of the shooter: rules 4 the target too (a shot is not in
    /// contact); rules 3 counted the target at any range.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub imposing: Vec<ModelRef>,
}

impl ShootOptions {
    pub fn with(mut self, id: &str, count: u32) -> Self {
        self.options.insert(id.to_string(), count);
        self
    }
}

/// Choices for the hit roll (R27–R30).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HitOptions {
    /// R28: the hit model pays for Iron defence.
    #[serde(skip_serializing_if = "is_false")]
    pub iron_defence: bool,
    /// R30: cover ids of `tables/cover.yaml` the target is behind.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cover: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<ExtraModifier>,
    /// R42 Survival instinct (rules 3): a friend of the target is Down within
    /// 10 cm of it; its one advantage to Toughness is spent.
    #[serde(skip_serializing_if = "is_false")]
    pub survival_instinct: bool,
    /// R42 Inspiring (rules 3): the attacker's friends within 15 cm of it,
    /// who lose 1 fear if the hit puts the target Down.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inspired: Vec<ModelRef>,
    /// Which of the attacker's hits waiting on the target this rolls (0:
    /// the first; R41 Venom: a weapon's poison hit waits after it).
    #[serde(skip_serializing_if = "is_zero_u32")]
    pub nth: u32,
}

impl HitOptions {
    pub fn is_default(&self) -> bool {
        *self == HitOptions::default()
    }
}

/// The largest number, either sign, a player may give an action: a hand
/// change, a modifier, a count of options, a spell's level or cost, a
/// beast's profile. Far above any real one; small enough that the game's
/// sums of them never overflow (a delta of 2147483647 in a hand-edited
/// file made the replay panic).
pub const MAX_HAND_NUMBER: i64 = 1000;

/// Refuse a number past [`MAX_HAND_NUMBER`]; `what` names it.
pub(crate) fn check_number(what: &str, n: impl Into<i64>) -> Result<(), GameError> {
    let n = n.into();
    if n.abs() <= MAX_HAND_NUMBER {
        return Ok(());
    }
    Err(Refusal::OutOfRange {
        what: what.to_string(),
        value: n,
        max: MAX_HAND_NUMBER,
    }
    .into())
}

fn check_counts(options: &BTreeMap<String, u32>) -> Result<(), GameError> {
    options.iter().try_for_each(|(id, n)| check_number(id, *n))
}

fn check_extra(extra: &[ExtraModifier]) -> Result<(), GameError> {
    extra.iter().try_for_each(|e| {
        check_number(&e.reason, e.modifier)?;
        check_number(&e.reason, e.advantages)?;
        check_number(&e.reason, e.complications)
    })
}

impl FightOptions {
    /// Every number within [`MAX_HAND_NUMBER`].
    pub fn check_numbers(&self) -> Result<(), GameError> {
        check_counts(&self.options)?;
        check_number("attacker_friends", self.attacker_friends.unwrap_or(0))?;
        check_number("defender_friends", self.defender_friends.unwrap_or(0))?;
        check_extra(&self.extra)
    }
}

/// What an attribute check adds to its modifier: advantages and
/// complications the players name (a scenario, a house rule: R04), and the
/// Dreadful aspect model a Courage check is made against (R41).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CheckOptions {
    #[serde(skip_serializing_if = "is_zero_u32")]
    pub advantages: u32,
    #[serde(skip_serializing_if = "is_zero_u32")]
    pub complications: u32,
    /// R41 Dreadful aspect (rules 3): the Courage check that lets the model
    /// assault this enemy in this activation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dreadful: Option<ModelRef>,
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

impl CheckOptions {
    pub fn is_default(&self) -> bool {
        *self == CheckOptions::default()
    }

    /// Every number within [`MAX_HAND_NUMBER`].
    pub fn check_numbers(&self) -> Result<(), GameError> {
        check_number("advantages", self.advantages)?;
        check_number("complications", self.complications)
    }
}

impl ShootOptions {
    /// Every number within [`MAX_HAND_NUMBER`].
    pub fn check_numbers(&self) -> Result<(), GameError> {
        check_counts(&self.options)?;
        check_extra(&self.extra)
    }
}

impl HitOptions {
    /// Every number within [`MAX_HAND_NUMBER`].
    pub fn check_numbers(&self) -> Result<(), GameError> {
        check_extra(&self.extra)
    }
}
