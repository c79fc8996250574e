//! `headstrong_reroll`: R42 Headstrong (rules 3): a Headstrong model that
//! rolled a 1 in the Combat roll waiting re-rolls its own dice, once per
//! roll, apart from the totem's re-roll.

use crate::dice::Roller;
use crate::game::act::HeadstrongReroll;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::{AcceptFacts, reroll_dice};
use crate::game::prepare::{Checked, Dice};
use crate::game::slot::Typed;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::typed::reroll_slots;
use crate::game::{Chances, DiceSlot, pending};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for HeadstrongReroll {
    /// Rules 2: only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    fn while_roll_waits(&self, st: &mut GameState, ctx: Ctx<'_>) -> Option<Result<(), GameError>> {
        Some(pending::headstrong_reroll(
            st,
            ctx,
            self.by,
            self.roll,
            self.dice.as_ref(),
        ))
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.by)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: every field of it is its taker's.
    fn owners(&self, _: &GameState, _: &mut crate::game::owners::Owners) {}

    fn take_owned(&mut self, _: &crate::game::action::Action, _: crate::game::Side) {}

    fn check_numbers(&self) -> Result<(), GameError> {
        Ok(())
    }

    fn is_roll(&self) -> bool {
        false
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for HeadstrongReroll {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        // R42: Headstrong's re-roll of a 1, and the roll it makes of the one waiting.
        d.reroll(
            self.by,
            self.roll,
            self.dice.as_ref(),
            l.pick("repite su 1 por Testaruda", "re-rolls its 1, Headstrong"),
            "R42",
            l,
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for HeadstrongReroll {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "headstrong_reroll")
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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "headstrong_reroll", l)
    }

    /// Nothing to declare: it is offered as it is.
    fn declares(&self) -> Option<&dyn Declares> {
        None
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        None
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for HeadstrongReroll {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    fn spends_dp(&self) -> bool {
        true
    }
}

impl Dice for HeadstrongReroll {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        None
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        None
    }

    /// R42: its own side's dice.
    fn fill_dice(
        &mut self,
        st: &GameState,
        _: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.dice.is_none() {
            self.dice = reroll_dice(st, self.by, self.roll, roller);
        }
        Ok(())
    }

    fn dice_slots(&self, st: &GameState, _: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        reroll_slots(st, self.by, self.roll)
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        self.dice = typed.dice.first().cloned();
        Ok(())
    }

    fn resolve_roll(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
        _: bool,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn attack_chances(&self, _: &GameState, _: Ctx<'_>) -> Option<Chances> {
        None
    }

    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(None)
    }
}
