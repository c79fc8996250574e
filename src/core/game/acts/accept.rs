//! `accept`: The roll waiting is accepted: its result takes effect.

use crate::core::game::act::Accept;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::Ctx;
use crate::core::game::pending;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for Accept {
    /// Rules 2: only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    fn while_roll_waits(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        Some(pending::accept(
            st,
            ctx,
            self.witnesses.as_deref(),
            self.stray,
            self.within_30cm.as_deref(),
        ))
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

impl super::Words for Accept {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Accept {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Accept {}
