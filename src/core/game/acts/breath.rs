//! `breath`: R41 Breath: every model under the template takes a hit.

use crate::core::game::act::Breath;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::hits;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for Breath {
    /// R41 Breath: a hit on every model under the template.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        hits::breath(st, ctx, self.model, &self.targets)
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
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Breath {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Breath {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Breath {}
