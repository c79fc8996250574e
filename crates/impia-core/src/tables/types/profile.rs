//! The six attributes, a profile and its effects, keywords and troops (R40).

use serde::{Deserialize, Serialize};

use crate::text::Text;

/// The six attributes of a profile (R40).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    Agility,
    Combat,
    Accuracy,
    Strength,
    Toughness,
    Courage,
}

impl Stat {
    pub const ALL: [Stat; 6] = [
        Stat::Agility,
        Stat::Combat,
        Stat::Accuracy,
        Stat::Strength,
        Stat::Toughness,
        Stat::Courage,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Stat::Agility => "agility",
            Stat::Combat => "combat",
            Stat::Accuracy => "accuracy",
            Stat::Strength => "strength",
            Stat::Toughness => "toughness",
            Stat::Courage => "courage",
        }
    }
}

/// A full profile line: the six attributes (R40).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub agility: i32,
    pub combat: i32,
    pub accuracy: i32,
    pub strength: i32,
    pub toughness: i32,
    pub courage: i32,
}

impl Stats {
    pub fn get(&self, stat: Stat) -> i32 {
        match stat {
            Stat::Agility => self.agility,
            Stat::Combat => self.combat,
            Stat::Accuracy => self.accuracy,
            Stat::Strength => self.strength,
            Stat::Toughness => self.toughness,
            Stat::Courage => self.courage,
        }
    }

    pub fn get_mut(&mut self, stat: Stat) -> &mut i32 {
        match stat {
            Stat::Agility => &mut self.agility,
            Stat::Combat => &mut self.combat,
            Stat::Accuracy => &mut self.accuracy,
            Stat::Strength => &mut self.strength,
            Stat::Toughness => &mut self.toughness,
            Stat::Courage => &mut self.courage,
        }
    }
}

/// What a piece of gear or an upgrade changes in the profile of the model that
/// carries it, as data (`agile: agility +1`, `shield: armour +2, combat -1`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ProfileEffect {
    pub agility: i32,
    pub combat: i32,
    pub accuracy: i32,
    pub strength: i32,
    pub toughness: i32,
    pub courage: i32,
    /// Added to the model's armour value (R29, R36, R37).
    pub armour: i32,
    /// Destiny points of the model's own (the Leader's extra DP, a herb's one-use DP).
    pub own_dp: i32,
    /// Replaces the normal move distance (Swift, Mounted: 15 cm; R13).
    pub movement_cm: Option<u32>,
}

impl ProfileEffect {
    pub fn stat(&self, stat: Stat) -> i32 {
        match stat {
            Stat::Agility => self.agility,
            Stat::Combat => self.combat,
            Stat::Accuracy => self.accuracy,
            Stat::Strength => self.strength,
            Stat::Toughness => self.toughness,
            Stat::Courage => self.courage,
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == ProfileEffect::default()
    }
}

/// Rule keywords that the builder and the game tracker act on. Everything
/// else a rule says stays text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Keyword {
    /// Sorcerers: may cast spells (R38) and take any number of them.
    CastsSpells,
    /// Warriors: control objectives.
    ControlsObjectives,
    /// Creatures: no climbing, no looting.
    CannotClimb,
    CannotLoot,
    /// Wings, Climber: may climb / move vertically.
    CanClimb,
    Flies,
    /// Fearless: never flees from fear (R31).
    Fearless,
    /// Stubborn: no complication from fear (R31).
    Stubborn,
    /// Brutal, Cruel: 2 fear markers to the enemy it puts Down.
    CausesTwoFear,
    /// Arcane void: spells cannot be cast on it.
    SpellImmune,
    /// Breath: the 3-DP breath action.
    Breath,
    /// Steady: difficult terrain as open, rough as difficult.
    Steady,
    /// Imposing presence: enemies within 10 cm have 1 complication to
    /// Combat and Shooting (R42).
    ImposingPresence,
    /// Constrictor: 1 more DP to Fight, the enemy 1 complication in Combat (R41).
    Constrictor,
    /// Headstrong: a 1 in Combat is re-rolled (R42).
    Headstrong,
    /// Dreadful aspect: a Courage check to assault it (R41).
    DreadfulAspect,
    /// Bloodsucker: 1 DP of its own that turn when it puts an enemy Down (R41).
    Bloodsucker,
    /// Survival instinct: 1 advantage to Toughness once, a friend Down within 10 cm (R42).
    SurvivalInstinct,
    /// Inspiring: friends within 15 cm lose 1 fear when it puts an enemy Down (R42).
    Inspiring,
    /// Savage: acts for one more activation after being put Down (R42).
    Savage,
}

/// Which upgrade list a troop may buy from (R41, R42).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpgradeGroup {
    Creature,
    Hero,
}

/// R40: a troop profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Troop {
    pub id: String,
    pub name: Text,
    pub stats: Stats,
    /// DP the model gives to the pool each turn (R10).
    pub dp: i32,
    pub cost: u32,
    pub movement_cm: u32,
    #[serde(default)]
    pub special: Option<Text>,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// The upgrade list this troop buys from, if any.
    #[serde(default)]
    pub upgrade_group: Option<UpgradeGroup>,
}

/// Restrictions of R34/R35 on what else a model may carry.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Restrictions {
    /// No other weapon at all ("Ni otro arma", "No otro arma").
    pub no_other_weapon: bool,
    /// No weapon of another kind; more of the same is fine ("Ni otro arma distinta").
    pub no_different_weapon: bool,
    /// No shield.
    pub no_shield: bool,
}

impl Restrictions {
    pub fn is_empty(&self) -> bool {
        *self == Restrictions::default()
    }
}
