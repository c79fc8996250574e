//! `change_round`: R09: move a model `steps` agility rounds up (+) or down
//! (−), 1 DP each.

use crate::core::game::act::ChangeRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ChangeRound {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::text::Lang;

impl super::Words for ChangeRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            d.n(self.model),
            l.pick("cambia", "changes"),
            signed(self.steps),
            l.pick("ronda(s) (R09)", "round(s) (R09)")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for ChangeRound {
    fn cost(&self, st: &GameState, ctx: Ctx<'_>) -> i32 {
        let row = row_dp(ctx, "change_round");
        if !ctx.setup.all_rules() {
            return row * self.steps.abs();
        }
        // R09 (rules 3): the price of each round crossed, from the model's
        // Agility.
        st.model(self.model)
            .map_or(0, |x| {
                crate::core::game::turn::round_change_cost(
                    x.agility(),
                    x.round,
                    x.round + self.steps,
                    row,
                )
            })
            .max(0)
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // The turn's steps are offered by the step the game is at (`offers`), not in an activation.
    }

    fn acting_place() -> u8 {
        NOT_ACTING
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
        row_label(rules, "change_round", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ChangeRound {}
