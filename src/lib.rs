//! impia: a table-side assistant for the Unholy Lands skirmish game.
//!
//! `core` holds the rules, dice, odds, rosters and games and never imports the
//! UI; `cli` is a thin command line over the core.

pub mod cli;
pub mod core;
pub mod pdf;
pub mod server;
pub mod ui;
