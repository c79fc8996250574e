//! `note`.

use crate::game::act::Note;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Note {
    /// A note changes nothing.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Ok(())
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        Some(Ok(()))
    }

    fn taken_after_the_end(&self) -> bool {
        true
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
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

impl super::Words for Note {
    fn describe(&self, _: &Describer<'_>, l: Lang) -> String {
        format!("{}: {}", l.pick("Nota", "Note"), self.text)
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Note {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "note")
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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "note", l)
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

impl super::Rolls for Note {
    /// It carries no dice.
    fn dice(&self) -> Option<&dyn Dice> {
        None
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        None
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    fn spends_dp(&self) -> bool {
        true
    }
}
