//! `end_change_round`: R09: this warband makes no more round changes this
//! turn.

use crate::game::act::EndChangeRound;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::state::{GameState, Phase, side_slot};
use crate::game::taker::Taker;
use crate::game::turn::change_turn_ok;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndChangeRound {
    /// R09: a player finishes changing rounds; after both, the rounds begin.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let side = self.side;
        change_turn_ok(st, side)?;
        st.change_round.first.get_or_insert(side);
        st.change_round.done[side_slot(side)] = true;
        if st.change_round.done == [true, true] {
            st.phase = Phase::Rounds;
        }
        Ok(())
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_side(self.side)
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

impl super::Words for EndChangeRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {}",
            d.warband(self.side, l),
            l.pick("no cambia más rondas", "no more round changes")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndChangeRound {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "end_change_round")
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // The turn's steps are offered by the step the game is at (`offers`), not in an activation.
    }

    fn acting_place() -> u8 {
        NOT_ACTING
    }

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "end_change_round", l)
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

impl super::Rolls for EndChangeRound {
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
