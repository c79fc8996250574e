//! `beast_appears`: A beast comes onto the table (R39 8–9, or the
//! scenario).

use crate::core::game::act::BeastAppears;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::adjust;
use crate::core::game::action::{Action, BeastChoice};
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for BeastAppears {
    /// R39 8–9, or the scenario: a beast comes onto the table.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        adjust::beast_appears(st, ctx, &self.beast)
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        match &self.beast {
            BeastChoice::New(b) => b.check_numbers(),
            BeastChoice::Bestiary { .. } => Ok(()),
        }
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

impl super::Words for BeastAppears {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for BeastAppears {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for BeastAppears {}
