//! `move`: R13.

use crate::game::act::Move;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::{
    Ctx, action_done, action_row, pay, require_actor, require_free, require_standing,
};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Move {
    /// R13: a Move, 1 DP.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        let x = require_actor(st, m)?;
        require_standing(x, m)?;
        require_free(x, m)?;
        let row = action_row(ctx, "move")?;
        pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
        st.moved += 1;
        st.in_row += 1;
        action_done(st, m);
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn paid() -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Move {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!("{} {}", d.n(self.model), l.pick("mueve", "moves"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Move {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "move")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        b.offer(Some(on.model), Action::Move(Move { model: on.model }));
    }

    fn acting_place() -> u8 {
        10
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "move", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Move {}
