//! `fight`: R23, R24.

use crate::core::game::act::Fight;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for Fight {
    /// R23, R24: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.attacker)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        self.options.check_numbers()
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Fight {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fight {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fight {}
