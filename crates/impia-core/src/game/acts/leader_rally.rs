//! `leader_rally`: R32: the listed friends lose fear.

use crate::game::act::LeaderRally;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::fear::{add, check_listed, require_leader};
use crate::game::guard::{
    Ctx, action_done, action_row, pay, require_actor, require_free, require_standing,
};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::refs::ModelRef;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

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

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.leader)
    }

    fn paid() -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for LeaderRally {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let who = format!("{} {}", d.n(self.leader), l.pick("reagrupa", "rallies"));
        // Issue 34: an offer names no friends yet: no "reagrupa: " hole.
        if self.models.is_empty() {
            return who;
        }
        format!("{who}: {}", d.names(&self.models))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "leader_rally", l)
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for LeaderRally {
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
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderRally {}
