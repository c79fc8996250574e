//! `roll_off`: R08: both players' d10s, ties re-rolled (every pair kept),
//! and the side the winner chose to start.

use crate::core::game::act::RollOff;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::turn;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for RollOff {
    /// R08: the roll-off, ties re-rolled.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        turn::roll_off(st, &self.rolls, self.starts)
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        Ok(())
    }

    fn is_roll(&self) -> bool {
        false
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for RollOff {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for RollOff {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for RollOff {}
