//! `accept`: The roll waiting is accepted: its result takes effect.

use crate::core::game::act::Accept;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Accept {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Accept {}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for Accept {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "accept")
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // Offered while a roll waits, not in an activation.
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

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        (*key == DeclKey::Witnesses)
            .then(|| Declared::Models(self.witnesses.clone().unwrap_or_default()))
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Witnesses, Declared::Models(ms)) = (key, v) else {
            return false;
        };
        // Naming none at the accept keeps those named with the roll.
        self.witnesses = (!ms.is_empty()).then(|| ms.clone());
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "accept", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Accept {}
