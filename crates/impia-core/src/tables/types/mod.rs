//! Typed rule data: every number of the rules summary lives in `tables/*.yaml`
//! and is read into these types. Unknown fields are refused so that a typo in a
//! table is an error, never a silently ignored column.

mod actions;
mod dice_tables;
mod gear;
mod profile;
mod warband;

pub use actions::*;
pub use dice_tables::*;
pub use gear::*;
pub use profile::*;
pub use warband::*;
