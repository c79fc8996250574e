//! `leader_order`: R32: the Leader orders `model`, which makes the next
//! action.

use crate::core::game::act::LeaderOrder;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::fear;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for LeaderOrder {
    /// R32: the Leader orders a friend.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        fear::leader_order(st, ctx, self.leader, self.model)
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

impl super::Words for LeaderOrder {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderOrder {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderOrder {}
