//! `end_game`: The players end the game (the scenario's end): the winner is
//! decided by VP, a draw on equal VP (issue 15).

use crate::core::game::act::EndGame;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::{Ctx, require_no_pending};
use crate::core::game::state::{Ending, GameState};
use crate::core::game::taker::Taker;

impl super::Rules for EndGame {
    /// Issue 15: the players end the game once no hit waits.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        require_no_pending(st)?;
        st.ended = Some(Ending::ByPlayers);
        Ok(())
    }

    fn while_roll_waits(
        &self,
        st: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        // The hits waiting are named first, as when no roll waits.
        require_no_pending(st).err().map(Err)
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

impl super::Words for EndGame {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndGame {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndGame {}
