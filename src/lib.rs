//! impia: a table-side assistant for the Unholy Lands skirmish game.
//!
//! `core` is the `impia-core` crate (crates/impia-core), re-exported under
//! its old name: the rules, dice, odds, rosters and games, with no UI.
//! `cli`, `pdf`, `server` and `ui` stand on it.

// Issue 37: what traps on wasm32 (clippy.toml) stays out of the code the
// web build reaches; the native-only CLI is exempt.
#![warn(clippy::disallowed_methods)]

// The command line is native only (the web build, issue 37, is the app).
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::disallowed_methods)]
pub mod cli;
pub use impia_core as core;
pub mod pdf;
pub mod server;
pub mod ui;
