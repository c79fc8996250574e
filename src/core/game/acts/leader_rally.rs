//! `leader_rally`: R32: the listed friends lose fear.

use crate::core::game::act::LeaderRally;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::fear::{add, check_listed, require_leader};
use crate::core::game::guard::{Ctx, action_done, action_row, pay, require_actor, require_free, require_standing};
use crate::core::game::refs::ModelRef;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for LeaderRally {
    /// R32: the Leader's friends within 10 cm lose fear.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let LeaderRally { leader, ref models } = *self;
        let x = require_actor(st, leader)?;
        require_standing(x, leader)?;
        require_free(x, leader)?;
        require_leader(st, leader)?;
        // The Leader may name itself: the players judge who is in range.
        let others: Vec<ModelRef> = models.iter().copied().filter(|m| *m != leader).collect();
        check_listed(st, &others, Some(leader.side), leader)?;
        let row = action_row(ctx, "leader_rally")?;
        pay(st, leader, row.dp.unwrap_or(0) as i32, &row.name)?;
        for m in models {
            add(st, *m, row.effect.fear_listed);
        }
        action_done(st, leader);
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

impl super::Words for LeaderRally {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderRally {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderRally {}
