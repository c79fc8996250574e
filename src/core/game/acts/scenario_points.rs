//! `scenario_points`.

use crate::core::game::act::ScenarioPoints;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ScenarioPoints {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::text::Lang;

impl super::Words for ScenarioPoints {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {}{}",
            d.warband(self.side, l),
            signed(self.points),
            l.pick("PV de escenario", "scenario VP"),
            if self.note.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.note)
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for ScenarioPoints {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "scenario_points")
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // Made by hand, never offered.
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
        row_label(rules, "scenario_points", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ScenarioPoints {}
