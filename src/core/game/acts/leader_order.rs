//! `leader_order`: R32: the Leader orders `model`, which makes the next
//! action.

use crate::core::game::act::LeaderOrder;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::fear::require_leader;
use crate::core::game::guard::{Ctx, action_row, in_play, pay, require_actor, require_free, require_standing};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for LeaderOrder {
    /// R32: the Leader orders a friend within 15 cm to make one action now,
    /// paying its cost.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let LeaderOrder { leader, model: m } = *self;
        let x = require_actor(st, leader)?;
        require_standing(x, leader)?;
        require_free(x, leader)?;
        require_leader(st, leader)?;
        if st.ordered.is_some() {
            return Err(Refusal::OrderPending.into());
        }
        in_play(st, m)?;
        if m.side != leader.side || m == leader {
            return Err(Refusal::OrderNotFriend { model: m }.into());
        }
        let row = action_row(ctx, "leader_order")?;
        pay(st, leader, row.dp.unwrap_or(0) as i32, &row.name)?;
        if row.effect.ordered_actions > 0 {
            st.ordered = Some(m);
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
