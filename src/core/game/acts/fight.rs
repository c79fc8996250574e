//! `fight`: R23, R24.

use crate::core::game::act::Fight;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fight {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Fight {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {} {}: {} — {}",
            d.n(self.attacker),
            l.pick("combate con", "fights"),
            d.n(self.defender),
            d.opposed_named(&self.roll, self.attacker, self.defender, l),
            d.fight_result(self.attacker, self.defender, &self.roll, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for Fight {
    fn cost(&self, st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "fight") + crate::core::game::upgrades::constrictor_dp(st, ctx, self.attacker)
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R23: each enemy it is engaged with.
        let a = on.model;
        b.targeted(a, &on.x.engaged, |d| {
            Action::Fight(Fight {
                attacker: a,
                defender: d,
                options: FightOptions::default(),
                roll: None,
            })
        });
    }

    fn acting_place() -> u8 {
        40
    }

    fn offers_rolled(&self, b: &mut Builder<'_>) {
        waiting_offers(
            b,
            Waiting {
                headstrong: true,
                witnessed: false,
            },
        );
    }

    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        draft::melee_declarations(st, ctx, "fight", self.attacker)
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        draft::melee_value(&self.options, key)
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        draft::melee_declare(&mut self.options, key, v)
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "fight", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fight {}
