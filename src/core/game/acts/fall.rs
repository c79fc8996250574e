//! `fall`: R18: a fall; no roll up to the harmless height.

use crate::core::game::act::Fall;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::resolve;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for Fall {
    /// R18: a fall with its dice is a roll (rules 2); with none, nothing to roll up to the harmless height.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        if self.is_roll() {
            roll(st, ctx, whole)
        } else {
            resolve::apply(st, ctx, whole, ctx.setup.pending_rolls())
        }
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
        self.roll.is_some()
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Fall {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fall {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fall {}
