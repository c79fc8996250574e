//! `stand_up`: R18: a Prone model stands up.

use crate::core::game::act::StandUp;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::{Ctx, action_done, action_row, pay, require_actor};
use crate::core::game::state::GameState;
use crate::core::game::status::Status;
use crate::core::game::taker::Taker;

impl super::Rules for StandUp {
    /// R18: a Prone model spends an action standing up.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        let x = require_actor(st, m)?;
        if x.status != Status::Prone {
            return Err(Refusal::NotProne { model: m }.into());
        }
        let row = action_row(ctx, "stand_up")?;
        pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
        if let Some(x) = st.model_mut(m) {
            x.status = Status::Standing;
        }
        action_done(st, m);
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

impl super::Words for StandUp {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for StandUp {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StandUp {}
