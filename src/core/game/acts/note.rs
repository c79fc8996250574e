//! `note`.

use crate::core::game::act::Note;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for Note {
    /// A note changes nothing.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Ok(())
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        Some(Ok(()))
    }

    fn taken_after_the_end(&self) -> bool {
        true
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

impl super::Words for Note {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Note {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Note {}
