//! Typed rule data: every number of the rules summary lives in `tables/*.yaml`
//! and is read into these types. Unknown fields are refused so that a typo in a
//! table is an error, never a silently ignored column.

use serde::{Deserialize, Serialize};

use crate::core::text::Text;

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

    /// The summary's column head (Agilidad…) or its English name.
    pub fn name(self, l: crate::core::text::Lang) -> &'static str {
        let i = self as usize;
        l.pick(
            [
                "Agilidad",
                "Combate",
                "Precisión",
                "Fuerza",
                "Dureza",
                "Coraje",
            ][i],
            [
                "Agility",
                "Combat",
                "Accuracy",
                "Strength",
                "Toughness",
                "Courage",
            ][i],
        )
    }

    /// A short form for one-line profiles.
    pub fn abbrev(self, l: crate::core::text::Lang) -> &'static str {
        let i = self as usize;
        l.pick(
            ["Ag", "Co", "Pr", "Fu", "Du", "Cor"][i],
            ["Ag", "Cb", "Ac", "St", "To", "Cou"][i],
        )
    }

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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
}

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
