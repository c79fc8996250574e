//! `breath`: R41 Breath: every model under the template takes a hit.

use crate::core::game::act::Breath;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Breath {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Breath {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}: {}",
            d.n(self.model),
            l.pick("lanza su Aliento", "breathes"),
            if self.targets.is_empty() {
                l.pick("a nadie", "on no one").to_string()
            } else {
                d.names(&self.targets)
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for Breath {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "breath")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R41 Breath: the models under the template.
        let a = on.model;
        if on.x.has(Keyword::Breath) {
            b.offer_with(Some(a), breath(a, Vec::new()), on.enemies.clone());
            // Each enemy alone under the breath, with its chance to go Down.
            let (targets, _) = b.collect_targets(&on.enemies, |t| breath(a, vec![t]));
            if let Some(o) = b.out.last_mut() {
                o.targets = targets;
            }
        }
    }

    fn acting_place() -> u8 {
        70
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
        row_label(rules, "breath", l)
    }
}

/// The breath of `model` over `targets`.
fn breath(model: ModelRef, targets: Vec<ModelRef>) -> Action {
    Action::Breath(Breath { model, targets })
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Breath {}
