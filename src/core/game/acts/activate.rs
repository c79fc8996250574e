//! `activate`: R07: this model starts its activation.

use crate::core::game::act::Activate;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::turn;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for Activate {
    /// R07, R08: the model starts its activation.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        turn::activate(st, self.model)
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
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

impl super::Words for Activate {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Activate {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Activate {}
