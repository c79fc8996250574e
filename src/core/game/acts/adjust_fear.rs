//! `adjust_fear`.

use crate::core::game::act::AdjustFear;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::{Action, check_number};
use crate::core::game::error::GameError;
use crate::core::game::fear;
use crate::core::game::guard::{Ctx, model};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for AdjustFear {
    /// A hand correction of fear (R31).
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let AdjustFear { model: m, delta } = *self;
        model(st, m)?;
        fear::add(st, m, delta);
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
        check_number("delta", self.delta)
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

impl super::Words for AdjustFear {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustFear {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustFear {}
