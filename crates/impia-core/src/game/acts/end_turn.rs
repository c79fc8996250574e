//! `end_turn`: The players end the turn; models that did not act lose their
//! activation.

use crate::game::act::EndTurn;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, require_no_pending, require_rounds};
use crate::game::offers::names::*;
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

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "end_turn", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndTurn {}
