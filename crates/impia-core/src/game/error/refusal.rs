//! Every refusal of the game as a typed value: the facts it names, the rule
//! it rests on and its kind. The words are in `es.rs` and `en.rs`.

use crate::dice_expr::DiceExpr;
use crate::game::file::watch::{FileChange, Kept};
use crate::game::refs::{ModelRef, Side};
use crate::game::status::Status;
use crate::text::Text;

use super::ErrorKind;

/// Why the game refused an action, with the facts the message names.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    // Shared checks (guard).
    /// The action names a model the game does not have.
    NoModel { model: ModelRef },
    /// The model is Down, Fled or Removed: not on the table.
    NotInPlay { model: ModelRef, status: Status },
    /// R05: actions are made in the agility rounds only.
    NotRounds,
    /// R27: the hits waiting are rolled first.
    HitsPending { count: usize },
    /// R32: the ordered model carries out the Leader's order first.
    OrderFirst { ordered: ModelRef },
    /// R07: another model is in its activation.
    OtherActivation { active: ModelRef, model: ModelRef },
    /// R07: the model is not activated.
    NotActivated { model: ModelRef },
    /// R18: a Prone model's next action is standing up.
    Prone { model: ModelRef },
    /// R21: an engaged model can only Fight or Disengage.
    Engaged { model: ModelRef, with: ModelRef },
    /// The tables lack an action row (tables/actions.yaml).
    NoAction { id: String },
    /// R11: the pool and the model's own DP cannot pay the cost.
    CannotPay {
        model: ModelRef,
        what: Text,
        dp: i32,
        pool: i32,
        own: i32,
    },

    // Turn, rounds and activations.
    /// R05: the turn is not over yet.
    TurnNotOver,
    /// R09: rounds are changed only at the start of the turn.
    NotChangeRound,
    /// R09: beasts do not change rounds.
    BeastsChangeNoRounds,
    /// R09: this warband is done changing rounds.
    RoundsChanged { side: Side },
    /// R09: the other warband is changing rounds now.
    OtherChangingRounds { side: Side },
    /// R09: changing by 0 rounds.
    ZeroRounds,
    /// R09: no model goes below round 1.
    RoundTooLow { model: ModelRef, to: i32 },
    /// R08: no round is left this turn.
    NoRoundLeft,
    /// R08: the order is not rolled now.
    NoRollOffNow,
    /// R08: one of the two warbands starts, never the beasts.
    WarbandStarts,
    /// R04: the roll-off lacks its dice.
    RollOffMissing,
    /// R04: a die shows a face it does not have.
    DieOutOfRange { sides: u32, value: u32 },
    /// R08: only the last pair of the roll-off may have a winner.
    TiesRerolled,
    /// R08: no roll-off waits for its winner's choice.
    NoRollOffWon,
    /// R07: the active model finishes its activation first.
    FinishActivationFirst { active: ModelRef },
    /// R05: every model has acted.
    NoOneLeft,
    /// R08: the order of the round is rolled first.
    RollOrderFirst { round: i32 },
    /// R05: the model has acted this turn.
    AlreadyActed { model: ModelRef },
    /// R06: the model acts in another round.
    WrongRound {
        model: ModelRef,
        round: i32,
        now: i32,
    },
    /// R08: it is the other warband's pick.
    NotYourPick { side: Side },
    /// R07: the model is not in its activation.
    NotInActivation { model: ModelRef },
    /// R18: only a Prone model stands up.
    NotProne { model: ModelRef },
    /// R19: the model cannot loot.
    CannotLoot { model: ModelRef },
    /// R19: only a Down model is looted.
    NotDownToLoot { model: ModelRef },
    /// R19 (rules 3): the body does not carry the item named.
    NotCarried { body: ModelRef, item: String },
    /// R37 (rules 3): the model has no mystic herb left.
    NoHerbs { model: ModelRef },
    /// The action exists in rules-3 games only.
    Rules3Only { action: &'static str },
    /// R38 (rules 3): hit targets named for a spell that declares no hit.
    SpellNoHit { spell: String },

    // Fear, the Leader and totems.
    /// R31: a model is listed twice.
    ListedTwice { model: ModelRef },
    /// R31: a model is in its own list.
    ListsItself { model: ModelRef },
    /// R31: a listed model is not of the victim's warband.
    NotFriendOf { model: ModelRef, of: ModelRef },
    /// R31: a beast has no friends to gain fear.
    BeastNoFriends,
    /// Terrain with no effect in the tables.
    UnknownTerrain { id: String, known: Vec<String> },
    /// R33: no enemy totem stands near the model.
    NoEnemyTotemNear,
    /// R32: the model is not the Leader.
    NotLeader { model: ModelRef },
    /// R32: an order is already pending.
    OrderPending,
    /// R32: the Leader orders a friendly model only.
    OrderNotFriend { model: ModelRef },
    /// R33: the warband's own totem is not standing.
    OwnTotemDown,
    /// R33: beasts have no enemy totem.
    BeastsNoEnemyTotem,
    /// R33: the enemy totem is not standing.
    EnemyTotemDown,

    // Hits and falls.
    /// Cover the tables do not have.
    UnknownCover { id: String, known: Vec<String> },
    /// No such hit waits.
    NoPendingHit {
        attacker: ModelRef,
        target: ModelRef,
    },
    /// R31: a hit withstood gives no one fear.
    WithstoodNoFear,
    /// R41: the model has no Breath.
    NoBreath { model: ModelRef },
    /// R41: the Breath is recharging.
    BreathRecharging { model: ModelRef, ready: u32 },
    /// R18: a fall's height is 0 cm or more.
    FallHeightNegative,
    /// R18: a harmless fall is not rolled.
    HarmlessFall { height_cm: f64 },
    /// R18: a harmful fall needs its roll.
    FallRolls { height_cm: f64, strength: i32 },
    /// R31: a model not put Down by the fall gives no one fear.
    NotDownNoFear,

    // Building checks (kit) and table rolls.
    /// An option the action's table row does not have.
    UnknownOption {
        row: Text,
        id: String,
        known: Vec<String>,
    },
    /// A melee weapon the model does not carry.
    UnknownWeapon {
        model: ModelRef,
        id: Option<String>,
        known: Vec<String>,
    },
    /// The stored check is not the one the game builds now.
    StaleCheck { stored: String, built: String },
    /// R23: the stored check differs on being a Combat check.
    StaleCombat,
    /// R33: the model does not make the roll it would re-roll.
    NotInRoll { model: ModelRef },
    /// R33: beasts have no totem.
    BeastsNoTotem,
    /// R33: the totem re-roll of this turn is used.
    TotemUsed,
    /// R41 Dreadful aspect: the Courage check is made against an enemy with it.
    NotDreadful { model: ModelRef },
    /// R41 Dreadful aspect: the check to assault it is of Courage.
    DreadfulNotCourage,
    /// R41 Dreadful aspect: assaulting it needs a passed Courage check first.
    DreadfulNeedsCourage { model: ModelRef, creature: ModelRef },
    /// R41 Dreadful aspect: the Courage check failed in this activation.
    DreadfulFailed { model: ModelRef, creature: ModelRef },
    /// R41 Dreadful aspect (rules 4): one check per enemy per activation.
    DreadfulAgain { model: ModelRef, creature: ModelRef },
    /// The game is over: only notes may follow (undo reopens it).
    GameOver,
    /// R26: a defensive shot is made at the acting enemy, not aimed.
    DefensiveShotTarget { model: ModelRef },
    /// R26: one defensive shot per model per enemy activation.
    DefensiveShotAgain { model: ModelRef },
    /// R42 Initiate: a hero who is no Sorcerer casts only its known level-1 spell.
    InitiateSpell { model: ModelRef, level: u32 },
    /// R42 Survival instinct: the model does not have it.
    NoSurvivalInstinct { model: ModelRef },
    /// R42 Survival instinct: it is spent.
    SurvivalInstinctSpent { model: ModelRef },
    /// R42 Survival instinct (rules 4): no friend of the model is Down.
    NoFriendDown { model: ModelRef },
    /// R42 Inspiring: the attacker is not Inspiring.
    NotInspiring { model: ModelRef },
    /// R42 Headstrong: the model has no Headstrong.
    NotHeadstrong { model: ModelRef },
    /// R42 Headstrong: only a Combat roll is re-rolled.
    HeadstrongNotCombat,
    /// R42 Headstrong: the model's d10 is not a 1.
    HeadstrongNotOne { model: ModelRef, d10: u32 },
    /// R42 Headstrong: this roll's Headstrong re-roll is used.
    HeadstrongUsed { model: ModelRef },
    /// A roll table the tables do not have.
    NoTable { id: String },
    /// A table's dice expression does not read (the parser's words).
    BadDiceExpr { detail: String },
    /// R04: a table roll with the wrong number of dice.
    TableDiceCount {
        table: String,
        expr: DiceExpr,
        given: usize,
    },
    /// R04: a check with the wrong number of d3.
    D3Count { want: usize, given: usize },
    /// R01, R02: dice typed for a roll: one set per rolling side (issue 26).
    DiceCount { want: usize, given: usize },

    // Hand changes (adjust).
    /// A bestiary entry that does not exist.
    NoBeast { count: usize, index: usize },
    /// Beasts have no pool and no points.
    BeastsNoPool,
    /// R11: the pool cannot go below 0.
    PoolTooLow { pool: i32, down: i32 },
    /// R32: the model's own DP cannot go below 0.
    OwnDpTooLow { model: ModelRef, own: i32 },
    /// R21: only enemy models engage.
    EngageEnemiesOnly,
    /// R06: the lowest round is 1.
    LowestRound,
    /// A hand-typed number past the bound.
    OutOfRange { what: String, value: i64, max: i64 },

    // Melee, shooting and spells.
    /// R23: both models are on the same side.
    SameSide { a: ModelRef, b: ModelRef },
    /// R21: the models are not engaged with each other.
    NotEngagedWith { model: ModelRef, other: ModelRef },
    /// R25: the model is not engaged.
    NotEngaged { model: ModelRef },
    /// R25: one roll against every engaged opponent.
    DisengageEach { models: Vec<ModelRef> },
    /// R26: no shooting at the own side.
    ShootOwnSide { model: ModelRef },
    /// R26: the model has no (such) ranged weapon.
    NoRangedWeapon {
        model: ModelRef,
        weapon: Option<String>,
    },
    /// R26: the range is chosen with the band, not as an option.
    RangeByBand,
    /// R26: a stray shot hits a friend of the shooter.
    StrayNotFriend { shooter: ModelRef },
    /// R26: only a miss caused by the -3 for shooting into combat strays.
    StrayNotCaused,
    /// R26 (rules 4): the miss hits a friend of the shooter engaged with the
    /// target: one of these, and the players must say which.
    StrayPick {
        target: ModelRef,
        friends: Vec<ModelRef>,
    },
    /// R26 (rules 3): no aimed shot after a move in the activation.
    AimedAfterMove { model: ModelRef },
    /// R38: a spell with an effect on a model names that model.
    SpellNeedsTarget { spell: String },
    /// R30: cover protects from shots, not from a hit in close combat.
    NoCoverInMelee,
    /// R20: an Assault counts more consecutive Moves than were logged
    /// just before it.
    MovesNotLogged {
        model: ModelRef,
        declared: u32,
        logged: u32,
    },
    /// R42: the listed model has no Imposing presence in play.
    NoImposingPresence { model: ModelRef },
    /// R42: the listed model is no enemy of the model rolling.
    ImposingNotEnemy { model: ModelRef },
    /// A spell number the caster does not know.
    NoSpell {
        model: ModelRef,
        count: usize,
        index: usize,
    },
    /// R38: the model casts no spells.
    NoSpells { model: ModelRef },
    /// R42: spells cannot be cast on the model (Arcane void).
    SpellImmune { model: ModelRef },
    /// R38: this backlash total gives no one fear.
    BacklashNoFear { total: i32 },

    // The pending roll and the engine.
    /// R33: the totem re-roll is an action after the roll.
    RerollInside,
    /// R33: no roll is waiting.
    NoRollWaiting,
    /// R33: a roll is waiting for a re-roll or accept.
    RollWaiting { action: &'static str },
    /// R31: the waiting roll has no witnesses to correct.
    NoWitnessFact,
    /// R26: the waiting roll has no stray friend to correct.
    NoStrayFact,
    /// R38: the waiting roll has no models within 30 cm to correct.
    NoSpellFearFact,
    /// R01: the action lacks its dice.
    NoDice,
    /// The action is not a roll.
    NotARoll { action: &'static str },

    // The game file.
    /// Another window or command writes this game.
    ReadOnly { path: String },
    /// Issue 37: another tab of this browser plays this game.
    OtherTab,
    /// The game file has more than one hard link: it is only read.
    HardLinked { path: String, links: u64 },
    /// A text of the action (a note) is longer than a text line may be.
    TextTooLong { bytes: usize, limit: usize },
    /// The action would make a game file larger than impia reads.
    FileFull { path: String, limit: u64 },
    /// The action took effect; saving failed (the io error's words); the
    /// game as played is kept (issue 32).
    SaveFailed {
        path: String,
        detail: String,
        kept: Kept,
    },
    /// Issue 32: the game file or its lock changed under this writer; the
    /// change took effect here and nothing more is written to the file.
    FileChanged {
        path: String,
        change: FileChange,
        actions: usize,
        kept: Kept,
    },
    /// Issue 32: writing stopped since the file changed under impia, until
    /// the player saves the game as a new file or reloads the file.
    WritingStopped {
        path: String,
        change: FileChange,
        kept: Kept,
    },
    /// Issue 32, the end of a command: what the game file lacks (the file
    /// changed under impia, or `changes` a save could not write: `detail`)
    /// and where the game as played is kept.
    NotSaved {
        path: String,
        change: Option<FileChange>,
        detail: String,
        changes: usize,
        kept: Kept,
    },
}

// Heights are finite numbers (R18 refuses others before naming one), so
// equality is total.
impl Eq for Refusal {}

impl Refusal {
    /// The rule id (R01–R42) the refusal rests on, if any.
    pub fn rule(&self) -> Option<&'static str> {
        use Refusal as R;
        Some(match self {
            R::NoDice => "R01",
            R::RollOffMissing | R::DieOutOfRange { .. } | R::TableDiceCount { .. } => "R04",
            R::D3Count { .. } | R::DiceCount { .. } => "R04",
            R::NotRounds | R::TurnNotOver | R::NoOneLeft | R::AlreadyActed { .. } => "R05",
            R::WrongRound { .. } | R::LowestRound => "R06",
            R::OtherActivation { .. } | R::NotActivated { .. } => "R07",
            R::FinishActivationFirst { .. } | R::NotInActivation { .. } => "R07",
            R::NoRoundLeft | R::NoRollOffNow | R::WarbandStarts | R::TiesRerolled => "R08",
            R::NoRollOffWon | R::RollOrderFirst { .. } | R::NotYourPick { .. } => "R08",
            R::NotChangeRound | R::BeastsChangeNoRounds | R::RoundsChanged { .. } => "R09",
            R::OtherChangingRounds { .. } | R::ZeroRounds | R::RoundTooLow { .. } => "R09",
            R::CannotPay { .. } | R::PoolTooLow { .. } => "R11",
            R::Prone { .. } | R::NotProne { .. } | R::FallHeightNegative => "R18",
            R::HarmlessFall { .. } | R::FallRolls { .. } => "R18",
            R::CannotLoot { .. } | R::NotDownToLoot { .. } | R::NotCarried { .. } => "R19",
            R::NoHerbs { .. } => "R37",
            R::SpellNoHit { .. } => "R38",
            R::Engaged { .. } | R::EngageEnemiesOnly | R::NotEngagedWith { .. } => "R21",
            R::SameSide { .. } | R::StaleCombat => "R23",
            R::NotEngaged { .. } | R::DisengageEach { .. } => "R25",
            R::ShootOwnSide { .. } | R::NoRangedWeapon { .. } | R::StrayNotFriend { .. } => "R26",
            R::StrayNotCaused | R::NoStrayFact | R::AimedAfterMove { .. } => "R26",
            R::StrayPick { .. } => "R26",
            R::NoCoverInMelee => "R30",
            R::MovesNotLogged { .. } => "R20",
            R::SpellNeedsTarget { .. } => "R38",
            R::DefensiveShotTarget { .. } | R::DefensiveShotAgain { .. } => "R26",
            R::HitsPending { .. } => "R27",
            R::ListedTwice { .. } | R::ListsItself { .. } | R::NotFriendOf { .. } => "R31",
            R::BeastNoFriends | R::WithstoodNoFear | R::NotDownNoFear | R::NoWitnessFact => "R31",
            R::OrderFirst { .. } | R::NotLeader { .. } | R::OrderPending => "R32",
            R::OrderNotFriend { .. } | R::OwnDpTooLow { .. } => "R32",
            R::NoEnemyTotemNear | R::OwnTotemDown | R::BeastsNoEnemyTotem => "R33",
            R::EnemyTotemDown | R::NotInRoll { .. } | R::BeastsNoTotem | R::TotemUsed => "R33",
            R::RerollInside | R::NoRollWaiting | R::RollWaiting { .. } => "R33",
            R::NoSpells { .. } | R::BacklashNoFear { .. } | R::NoSpellFearFact => "R38",
            R::NoBreath { .. } | R::BreathRecharging { .. } => "R41",
            R::SpellImmune { .. } | R::NoImposingPresence { .. } => "R42",
            R::NotHeadstrong { .. } | R::HeadstrongNotCombat => "R42",
            R::NoSurvivalInstinct { .. } | R::SurvivalInstinctSpent { .. } => "R42",
            R::NotInspiring { .. } | R::InitiateSpell { .. } => "R42",
            R::NotDreadful { .. } | R::DreadfulNotCourage => "R41",
            R::DreadfulNeedsCourage { .. } | R::DreadfulFailed { .. } => "R41",
            R::DreadfulAgain { .. } => "R41",
            R::NoFriendDown { .. } => "R42",
            R::HeadstrongNotOne { .. } | R::HeadstrongUsed { .. } => "R42",
            R::ImposingNotEnemy { .. } => "R42",
            R::NoModel { .. }
            | R::NotInPlay { .. }
            | R::NoAction { .. }
            | R::UnknownTerrain { .. }
            | R::UnknownCover { .. }
            | R::NoPendingHit { .. }
            | R::UnknownOption { .. }
            | R::UnknownWeapon { .. }
            | R::StaleCheck { .. }
            | R::NoTable { .. }
            | R::BadDiceExpr { .. }
            | R::NoBeast { .. }
            | R::BeastsNoPool
            | R::OutOfRange { .. }
            | R::RangeByBand
            | R::NoSpell { .. }
            | R::NotARoll { .. }
            | R::Rules3Only { .. }
            | R::ReadOnly { .. }
            | R::OtherTab
            | R::HardLinked { .. }
            | R::TextTooLong { .. }
            | R::FileFull { .. }
            | R::GameOver
            | R::SaveFailed { .. }
            | R::FileChanged { .. }
            | R::WritingStopped { .. }
            | R::NotSaved { .. } => return None,
        })
    }

    /// What kind of refusal, for a view that reacts differently to some;
    /// the families in the order of the enum.
    pub fn kind(&self) -> ErrorKind {
        use Refusal as R;
        match self {
            // Shared checks (guard).
            R::NoModel { .. } | R::NoAction { .. } => ErrorKind::Unknown,
            R::NotInPlay { .. } | R::Prone { .. } | R::Engaged { .. } => ErrorKind::CannotAct,
            R::NotRounds | R::HitsPending { .. } | R::OrderFirst { .. } => ErrorKind::NotNow,
            R::OtherActivation { .. } | R::NotActivated { .. } => ErrorKind::NotNow,
            R::CannotPay { .. } => ErrorKind::CannotPay,
            // Turn, rounds and activations.
            R::TurnNotOver | R::NotChangeRound | R::RoundsChanged { .. } => ErrorKind::NotNow,
            R::OtherChangingRounds { .. } | R::NoRoundLeft | R::NoRollOffNow => ErrorKind::NotNow,
            R::NoRollOffWon | R::FinishActivationFirst { .. } | R::NoOneLeft => ErrorKind::NotNow,
            R::RollOrderFirst { .. } | R::AlreadyActed { .. } => ErrorKind::NotNow,
            R::WrongRound { .. } | R::NotYourPick { .. } => ErrorKind::NotNow,
            R::NotInActivation { .. } => ErrorKind::NotNow,
            R::BeastsChangeNoRounds | R::ZeroRounds | R::RoundTooLow { .. } => ErrorKind::Rule,
            R::WarbandStarts | R::NotProne { .. } | R::CannotLoot { .. } => ErrorKind::Rule,
            R::NotDownToLoot { .. } | R::NotCarried { .. } | R::NoHerbs { .. } => ErrorKind::Rule,
            R::SpellNoHit { .. } => ErrorKind::Rule,
            R::RollOffMissing | R::DieOutOfRange { .. } | R::TiesRerolled => ErrorKind::BadRoll,
            R::Rules3Only { .. } => ErrorKind::Unknown,
            // Fear, the Leader and totems.
            R::ListedTwice { .. } | R::ListsItself { .. } => ErrorKind::Rule,
            R::NotFriendOf { .. } | R::BeastNoFriends | R::NoEnemyTotemNear => ErrorKind::Rule,
            R::NotLeader { .. } | R::OrderNotFriend { .. } | R::OwnTotemDown => ErrorKind::Rule,
            R::BeastsNoEnemyTotem | R::EnemyTotemDown => ErrorKind::Rule,
            R::UnknownTerrain { .. } => ErrorKind::Unknown,
            R::OrderPending => ErrorKind::NotNow,
            // Hits and falls.
            R::UnknownCover { .. } => ErrorKind::Unknown,
            // Both models exist; no hit waits between them now (resolved
            // already, perhaps by another player): the game moved on.
            R::NoPendingHit { .. } => ErrorKind::NotNow,
            R::WithstoodNoFear | R::NoBreath { .. } | R::BreathRecharging { .. } => ErrorKind::Rule,
            R::FallHeightNegative | R::HarmlessFall { .. } | R::FallRolls { .. } => ErrorKind::Rule,
            R::NotDownNoFear => ErrorKind::Rule,
            // Building checks (kit) and table rolls.
            R::UnknownOption { .. } | R::UnknownWeapon { .. } => ErrorKind::Unknown,
            R::NoTable { .. } | R::BadDiceExpr { .. } => ErrorKind::Unknown,
            R::StaleCheck { .. } | R::StaleCombat => ErrorKind::StaleCheck,
            R::NotInRoll { .. } | R::BeastsNoTotem | R::TotemUsed => ErrorKind::Rule,
            R::NotDreadful { .. } | R::DreadfulNotCourage => ErrorKind::Rule,
            R::DreadfulNeedsCourage { .. } | R::DreadfulFailed { .. } => ErrorKind::Rule,
            R::DreadfulAgain { .. } | R::DefensiveShotTarget { .. } => ErrorKind::Rule,
            R::DefensiveShotAgain { .. } | R::InitiateSpell { .. } => ErrorKind::Rule,
            R::NoSurvivalInstinct { .. } | R::SurvivalInstinctSpent { .. } => ErrorKind::Rule,
            R::NoFriendDown { .. } | R::NotInspiring { .. } => ErrorKind::Rule,
            R::NotHeadstrong { .. } | R::HeadstrongNotCombat => ErrorKind::Rule,
            R::HeadstrongNotOne { .. } | R::HeadstrongUsed { .. } => ErrorKind::Rule,
            R::GameOver => ErrorKind::NotNow,
            R::TableDiceCount { .. } | R::D3Count { .. } => ErrorKind::BadRoll,
            R::DiceCount { .. } => ErrorKind::BadRoll,
            // Hand changes (adjust).
            R::NoBeast { .. } | R::BeastsNoPool | R::OutOfRange { .. } => ErrorKind::Unknown,
            R::PoolTooLow { .. } | R::OwnDpTooLow { .. } | R::EngageEnemiesOnly => ErrorKind::Rule,
            R::LowestRound => ErrorKind::Rule,
            // Melee, shooting and spells.
            R::SameSide { .. } | R::NotEngaged { .. } | R::DisengageEach { .. } => ErrorKind::Rule,
            R::ShootOwnSide { .. } | R::StrayNotFriend { .. } => ErrorKind::Rule,
            R::StrayNotCaused | R::StrayPick { .. } | R::AimedAfterMove { .. } => ErrorKind::Rule,
            R::NoCoverInMelee | R::NoImposingPresence { .. } => ErrorKind::Rule,
            R::MovesNotLogged { .. } | R::SpellNeedsTarget { .. } => ErrorKind::Rule,
            R::ImposingNotEnemy { .. } | R::NoSpells { .. } => ErrorKind::Rule,
            R::SpellImmune { .. } | R::BacklashNoFear { .. } => ErrorKind::Rule,
            R::NotEngagedWith { .. } => ErrorKind::CannotAct,
            R::NoRangedWeapon { .. } | R::RangeByBand | R::NoSpell { .. } => ErrorKind::Unknown,
            // The pending roll and the engine.
            R::RerollInside | R::NoWitnessFact | R::NoStrayFact => ErrorKind::Rule,
            R::NoSpellFearFact => ErrorKind::Rule,
            R::NoRollWaiting | R::RollWaiting { .. } => ErrorKind::NotNow,
            R::NoDice => ErrorKind::BadRoll,
            R::NotARoll { .. } => ErrorKind::Unknown,
            // The game file.
            R::ReadOnly { .. } | R::OtherTab | R::HardLinked { .. } => ErrorKind::NotNow,
            R::TextTooLong { .. } | R::FileFull { .. } => ErrorKind::Rule,
            R::SaveFailed { .. } | R::FileChanged { .. } => ErrorKind::Autosave,
            R::WritingStopped { .. } => ErrorKind::NotNow,
            R::NotSaved { .. } => ErrorKind::Autosave,
        }
    }
}
