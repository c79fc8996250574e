//! `start_turn`: Start the next turn: the dark forces dice (R39), then the
//! pools are rebuilt (R10–R12).

use crate::core::game::act::StartTurn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for StartTurn {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::glossary;
use crate::core::text::Lang;

impl super::Words for StartTurn {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let total: i32 = self.dark_forces.iter().map(|v| *v as i32).sum();
        format!(
            "{} {} — {} {total}: {}",
            glossary::TURN.get(l),
            d.state.turn + 1,
            glossary::DARK_FORCES.get(l),
            d.row_text("dark_forces", total, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for StartTurn {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "start_turn")
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
        row_label(rules, "start_turn", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StartTurn {}
