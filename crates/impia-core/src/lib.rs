//! The pure core: dice and odds, rule data, rosters and games. Nothing here
//! knows about the UI, the PDF writer or the CLI.

// The web build (issue 37): clock, process and thread calls that trap
// on wasm32 are named in clippy.toml; the core asks `platform` instead.
#![warn(clippy::disallowed_methods)]

pub mod campaign;
pub mod date;
pub mod dice;
pub mod dice_expr;
pub mod error;
pub mod file_id;
pub mod fsutil;
pub mod game;
pub mod glossary;
pub mod layout;
pub mod library;
pub mod odds;
pub mod packs;
pub mod platform;
pub mod records;
pub mod roster;
pub mod store;
pub mod tables;
pub mod text;
pub mod yaml;
