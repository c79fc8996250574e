//! The live game tracker: every happening is an [`Action`] appended to a log;
//! the [`GameState`] is the log replayed (event sourcing). That gives undo
//! and redo of any step, a readable history in both languages, an autosaved
//! game file and deterministic replay (dice live in the actions).
//!
//! The view drives a game through one door, [`Game::apply`], with the same
//! actions the log stores; [`Game::now`] says who acts; [`Game::prepare`]
//! builds the check an action rolls from the tracked models and
//! [`Game::price`] prices a draft, with their sources in words and exact
//! odds.
//!
//! Each action's rules live in its own file, `acts/<id>.rs` (issue 23);
//! the steps several actions share stay in the rule families: `turn`
//! (R05–R12, R39), `fear` (R14, R31–R33), `kit` and `pending` (R01–R04,
//! R33 re-roll), `melee` (R20–R25), `shooting` (R26), `hits` (R18,
//! R27–R30, R41), `spell` (R38), `adjust` (hand changes).

pub mod action;
mod acts;
mod adjust;
mod attribute;
mod chance;
mod close;
pub mod cow;
mod describe;
pub mod draft;
mod engine;
pub mod error;
mod fear;
pub mod file;
mod glance;
mod guard;
pub mod happened;
mod hits;
pub mod host;
mod keyed;
mod kit;
pub mod leave;
mod loot;
mod melee;
mod offers;
mod owners;
mod pending;
pub mod played;
mod prepare;
mod price;
mod price_of;
pub mod refs;
pub mod report;
mod resolve;
pub mod rights;
pub mod roll;
mod session;
pub mod setup;
mod shooting;
pub mod sim;
mod slot;
mod snapshot;
mod sources;
mod spell;
pub mod state;
pub mod status;
mod taker;
mod turn;
mod typed;
mod upgrades;
mod who;

pub use action::{
    Action, ActionKind, BeastChoice, CheckOptions, DisengageRoll, ExtraModifier, FightOptions,
    HitOptions, Party, RangeBand, ShootOptions, SpellChoice, act,
};
pub use error::{ErrorKind, GameError, GameFileError, Names, Refusal};
pub use file::{FileChange, Kept};
pub use glance::{Counts, PipRun};
pub use happened::{Fled, Happened, Records, Said};
pub use refs::{ModelRef, Side, Sides};
pub use roll::{CheckDice, OpposedDice, PreparedCheck, Reroll, Role, SideDice};
pub use setup::{Beast, CampaignVersion, GameSetup};
pub use slot::{DiceSlot, TableDie};
pub use state::{GameState, HitSource, ModelState, Now, PendingHit, Phase, Score, SideState};
pub use status::Status;
pub use taker::Taker;

pub use chance::Chances;
pub use draft::{Choice, DeclKey, DeclKind, Declaration, Declared, Effect, SpellNumber};
pub use file::Undone;
pub use host::{Host, HostError};
pub use leave::{By, Leave};
pub use offers::{Offer, Offers, Target};
pub use pending::RollPart;
pub use prepare::Prepared;
pub use price::Price;
pub use session::{
    Game, LogEntry, MAX_ACTION_BYTES, MAX_NOTE_BYTES, ReadOnly, ReplayError, replay,
};
pub use snapshot::{
    Acting, Card, CheckView, ChoiceView, DarkForces, DeclarationView, DiceView, Engaged, FORMAT,
    Figure, GameStatus, LOG_LINES, LogLine, OfferView, OffersView, OpposedCheck, PendingView,
    PriceView, RerollView, RollState, RollView, Snapshot, StatusHit, StatusModel, StatusSide,
    StatusVp, TargetView, TypeDiceView, declarations_view, targets_for_phone,
};
