//! `use_herb`: R37 (rules 3): the model burns one mystic herb: its DP
//! becomes the model's own DP of this turn, spent first.

use crate::core::game::act::UseHerb;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for UseHerb {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for UseHerb {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick(
                "quema una Hierba mística (+1 PD propio)",
                "burns a mystic herb (+1 own DP)"
            )
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for UseHerb {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "use_herb")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        herb_offer(b, on.model);
    }

    fn acting_place() -> u8 {
        150
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

    fn label(&self, _st: &GameState, _rules: &RuleSet, l: Lang) -> String {
        l.pick(
            "🌿 Quemar Hierba mística (+1 PD propio)",
            "🌿 Burn a mystic herb (+1 own DP)",
        )
        .to_string()
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for UseHerb {}
