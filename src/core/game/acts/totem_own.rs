//! `totem_own`: R33: in contact with its own totem: lose fear.

use crate::core::game::act::TotemOwn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::fear::add;
use crate::core::game::guard::{Ctx, action_done, action_row, pay, require_actor, require_free, require_standing};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for TotemOwn {
    /// R33: in contact with its own standing totem, the model loses fear.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        let x = require_actor(st, m)?;
        require_standing(x, m)?;
        require_free(x, m)?;
        if !st.side(m.side).is_some_and(|s| s.totem_standing) {
            return Err(Refusal::OwnTotemDown.into());
        }
        let row = action_row(ctx, "totem_own")?;
        pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
        add(st, m, row.effect.fear_self);
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

impl super::Words for TotemOwn {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemOwn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemOwn {}
