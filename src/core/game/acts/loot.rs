//! `loot`: R19: take something from a Down model in contact.

use crate::core::game::act::Loot;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Loot {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Loot {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = format!(
            "{} {} {}",
            d.n(self.model),
            l.pick("rapiña a", "loots"),
            d.n(self.body)
        );
        if !self.item.is_empty() {
            s.push_str(&format!(": {}", self.item));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for Loot {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "loot")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R19: each body Down.
        let a = on.model;
        let bodies: Vec<ModelRef> = b
            .st
            .models()
            .filter(|(r, m)| m.status == Status::Down && *r != a)
            .map(|(r, _)| r)
            .collect();
        b.targeted(a, &bodies, |body| {
            Action::Loot(Loot {
                model: a,
                body,
                item: String::new(),
            })
        });
    }

    fn acting_place() -> u8 {
        130
    }

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        draft::loot_declarations(st, ctx, self.body)
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        (*key == DeclKey::Item).then(|| {
            Declared::Picks(if self.item.is_empty() {
                Vec::new()
            } else {
                vec![self.item.clone()]
            })
        })
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Item, Declared::Picks(p)) = (key, v) else {
            return false;
        };
        self.item = p.first().cloned().unwrap_or_default();
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "loot", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Loot {}
