//! `leader_rally`: R32: the listed friends lose fear.

use crate::core::game::act::LeaderRally;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for LeaderRally {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for LeaderRally {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}: {}",
            d.n(self.leader),
            l.pick("reagrupa", "rallies"),
            d.names(&self.models)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for LeaderRally {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "leader_rally")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R32: a Leader rallies the friends the players name.
        let a = on.model;
        if on.x.leader {
            b.offer_with(
                Some(a),
                Action::LeaderRally(LeaderRally {
                    leader: a,
                    models: Vec::new(),
                }),
                on.friends.clone(),
            );
        }
    }

    fn acting_place() -> u8 {
        100
    }

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        let me = self.leader;
        let friends = in_play(st, |m| m.side == me.side && m != me);
        draft::listed(ctx, "leader_rally", friends)
            .into_iter()
            .collect()
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        (*key == DeclKey::Listed).then(|| Declared::Models(self.models.clone()))
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Listed, Declared::Models(ms)) = (key, v) else {
            return false;
        };
        self.models = ms.clone();
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "leader_rally", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderRally {}
