//! `leader_rally`: R32: the listed friends lose fear.

use crate::core::game::act::LeaderRally;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::fear;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for LeaderRally {
    /// R32: the Leader's friends lose fear.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        fear::leader_rally(st, ctx, self.leader, &self.models)
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.leader)
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

impl super::Words for LeaderRally {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderRally {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderRally {}
