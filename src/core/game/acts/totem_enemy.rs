//! `totem_enemy`: R33: in contact with the enemy totem: fear, VP, the totem
//! destroyed.

use crate::core::game::act::TotemEnemy;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemEnemy {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for TotemEnemy {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick("destruye el Tótem enemigo", "destroys the enemy totem")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for TotemEnemy {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "totem_enemy")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R33: while the enemy totem stands.
        let a = on.model;
        if a.side
            .opponent()
            .and_then(|o| b.st.side(o))
            .is_some_and(|s| s.totem_standing)
        {
            b.offer(Some(a), Action::TotemEnemy(TotemEnemy { model: a }));
        }
    }

    fn acting_place() -> u8 {
        120
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
        row_label(rules, "totem_enemy", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemEnemy {}
