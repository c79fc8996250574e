//! `start_turn`: Start the next turn: the dark forces dice (R39), then the
//! pools are rebuilt (R10–R12).

use crate::core::game::act::StartTurn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::turn;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for StartTurn {
    /// R39 then R10–R12: the dark forces, then the pools.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        turn::start_turn(st, ctx, &self.dark_forces)
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

impl super::Words for StartTurn {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for StartTurn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StartTurn {}
