//! `end_turn`: The players end the turn; models that did not act lose their
//! activation.

use crate::core::game::act::EndTurn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::{Ctx, require_no_pending, require_rounds};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for EndTurn {
    /// The players end the turn: models that have not acted lose their activation.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        require_rounds(st)?;
        require_no_pending(st)?;
        if let Some(a) = st.active {
            return Err(Refusal::FinishActivationFirst { active: a }.into());
        }
        for r in st.refs() {
            if let Some(x) = st.model_mut(r) {
                x.acted = true;
            }
        }
        Ok(())
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

impl super::Words for EndTurn {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndTurn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndTurn {}
