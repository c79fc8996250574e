//! What the hand adjustments share: the players correct by hand anything
//! the tracker does not follow (§3: the players judge the table); each
//! adjustment's rule lives in its action's file (`acts/adjust_*.rs`,
//! `acts/set_*.rs`, `acts/scenario_points.rs`, `acts/beast_appears.rs`).

use super::error::{GameError, Refusal};
use super::refs::Side;

/// A pool and scenario points are a warband's: beasts have neither.
pub(crate) fn warband(side: Side) -> Result<(), GameError> {
    if !side.is_warband() {
        return Err(Refusal::BeastsNoPool.into());
    }
    Ok(())
}
