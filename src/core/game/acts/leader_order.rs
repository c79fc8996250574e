//! `leader_order`: R32: the Leader orders `model`, which makes the next
//! action.

use crate::core::game::act::LeaderOrder;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for LeaderOrder {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

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

use crate::core::game::offers::names::*;

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

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn declarations(&self, _st: &GameState, _ctx: Ctx<'_>) -> Vec<Declaration> {
        Vec::new()
    }

    fn declared(&self, _key: &DeclKey) -> Option<Declared> {
        None
    }

    fn declare(&mut self, _key: &DeclKey, _v: &Declared) -> bool {
        false
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "leader_order", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderOrder {}
