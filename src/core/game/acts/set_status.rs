//! `set_status`.

use crate::core::game::act::SetStatus;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::{Ctx, disengage_all, model_mut};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for SetStatus {
    /// A hand correction of a model's status.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let SetStatus { model: m, status } = *self;
        model_mut(st, m)?.status = status;
        if !status.in_play() {
            disengage_all(st, m);
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
        // A hand correction is made by the side it corrects (issue 26): a
        // phone may not set the other warband's pool, fear or status.
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

impl super::Words for SetStatus {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetStatus {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetStatus {}
