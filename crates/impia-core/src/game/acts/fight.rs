//! `fight`: R23, R24.

use crate::game::act::Fight;
use crate::game::action::Action;
use crate::game::chance::fight_chances;
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::{RollPart, opposed_parts};
use crate::game::prepare::{Checked, Dice, KeptRoll, Prepared, RawWish};
use crate::game::report::luck::combat_wishes;
use crate::game::resolve::need;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{Chances, melee};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fight {
    /// R23, R24: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.attacker)
    }

    /// Issue 33: each side's weapon, friends, modifiers and Imposing.
    fn owners(&self, _: &GameState, o: &mut crate::game::owners::Owners) {
        o.fight(self.attacker, self.defender, &self.options);
    }

    fn take_owned(&mut self, from: &Action, side: crate::game::Side) {
        if let Action::Fight(f) = from {
            crate::game::owners::take_fight(
                &mut self.options,
                &f.options,
                self.attacker,
                self.defender,
                side,
            );
        }
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
        row_dp(ctx, "fight") + crate::game::upgrades::constrictor_dp(st, ctx, self.attacker)
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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "fight", l)
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for Fight {
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        draft::melee_declarations(st, ctx, "fight", self.attacker, self.defender)
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        draft::melee_value(&self.options, key, self.attacker, self.defender)
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        draft::melee_declare(&mut self.options, key, v, self.attacker, self.defender)
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fight {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }
}

impl Dice for Fight {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        Some(self)
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        Some(self)
    }

    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        _: bool,
    ) -> Option<Result<(), GameError>> {
        Some(need(self.roll.as_ref()).and_then(|roll| {
            melee::fight(st, ctx, self.attacker, self.defender, &self.options, roll)
        }))
    }

    /// R23: the higher total hits; a tie in Combat hits both.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        fight_chances(st, ctx, self.attacker, self.defender, &self.options, None)
    }
}

impl Checked for Fight {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        self.options.check_numbers()?;
        let p = melee::fight_check(st, ctx, self.attacker, self.defender, &self.options, None)?;
        Ok(Prepared::Opposed(p))
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        opposed_parts(self.attacker, self.defender)
    }

    fn is_combat(&self) -> bool {
        true
    }

    /// R23: each side wishes to hit (a tie hits both).
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        match &self.roll {
            Some(r) => combat_wishes(before, self.attacker, self.defender, r, l),
            None => Vec::new(),
        }
    }

    fn kept(&mut self) -> Option<KeptRoll<'_>> {
        Some(KeptRoll::Opposed(&mut self.roll))
    }
}
