//! impia: a table-side assistant for the Unholy Lands skirmish game.
//!
//! `core` is the `impia-core` crate (crates/impia-core), re-exported under
//! its old name: the rules, dice, odds, rosters and games, with no UI.
//! `cli`, `pdf`, `server` and `ui` stand on it.

pub mod cli;
pub use impia_core as core;
pub mod pdf;
pub mod server;
pub mod ui;
