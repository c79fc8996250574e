//! `fight`: R23, R24.

use crate::core::game::act::Fight;
use crate::core::game::action::Action;
use crate::core::game::describe::Describer;
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::offers::names::*;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;
use crate::core::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fight {
    /// R23, R24: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.attacker)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        self.options.check_numbers()
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

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
