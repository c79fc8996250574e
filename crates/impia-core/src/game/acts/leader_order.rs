//! `leader_order`: R32: the Leader orders `model`, which makes the next
//! action.

use crate::game::act::LeaderOrder;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::fear::require_leader;
use crate::game::guard::{
    Ctx, action_row, in_play, pay, require_actor, require_free, require_standing,
};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

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

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.leader)
    }

    fn paid() -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for LeaderOrder {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {} {}",
            d.n(self.leader),
            l.pick("da una orden a", "orders"),
            d.n(self.model)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderOrder {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "leader_order")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R32: a Leader orders a friend.
        let a = on.model;
        if on.x.leader {
            b.targeted(a, &on.friends, |f| {
                Action::LeaderOrder(LeaderOrder {
                    leader: a,
                    model: f,
                })
            });
        }
    }

    fn acting_place() -> u8 {
        90
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "leader_order", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderOrder {}
