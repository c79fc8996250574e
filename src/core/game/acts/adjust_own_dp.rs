//! `adjust_own_dp`.

use crate::core::game::act::AdjustOwnDp;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::{Action, check_number};
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::{Ctx, model_mut};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for AdjustOwnDp {
    /// A hand correction of a model's own DP.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let AdjustOwnDp { model: m, delta } = *self;
        let x = model_mut(st, m)?;
        if x.own_dp + delta < 0 {
            return Err(Refusal::OwnDpTooLow {
                model: m,
                own: x.own_dp,
            }
            .into());
        }
        x.own_dp += delta;
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

impl super::Words for AdjustOwnDp {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustOwnDp {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustOwnDp {}
