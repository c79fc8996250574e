//! `end_turn`: The players end the turn; models that did not act lose their
//! activation.

use crate::game::act::EndTurn;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, require_no_pending, require_rounds};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndTurn {
    /// The players end the turn: models that have not acted lose their activation.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        require_rounds(st)?;
        require_no_pending(st)?;
        if let Some(a) = st.active {
            return Err(Refusal::FinishActivationFirst { active: a }.into());
        }
        for r in st.refs() {
            if let Some(x) = st.model_mut(r) {
                x.acted = true;
            }
        }
        Ok(())
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: ending the turn takes their activations from the models
    /// that have not acted: their side agrees to it.
    fn owners(&self, st: &GameState, o: &mut crate::game::owners::Owners) {
        for side in crate::game::Side::WARBANDS {
            if crate::game::owners::to_activate(st, side) {
                o.push(
                    crate::game::owners::Field::EndTurn { side },
                    Taker::of_side(side),
                    true,
                );
            }
        }
    }

    fn take_owned(&mut self, _: &Action, _: crate::game::Side) {}

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

impl super::Words for EndTurn {
    fn describe(&self, _: &Describer<'_>, l: Lang) -> String {
        l.pick("Fin del turno", "End of the turn").into()
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndTurn {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "end_turn")
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
        row_label(rules, "end_turn", l)
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

impl super::Rolls for EndTurn {
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
