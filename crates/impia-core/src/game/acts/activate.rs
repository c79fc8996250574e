//! `activate`: R07: this model starts its activation.

use crate::game::act::Activate;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, in_play, require_no_pending, require_rounds};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Activate {
    /// R07, R08: the side whose pick it is activates one of its models in the round.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        require_rounds(st)?;
        require_no_pending(st)?;
        if let Some(a) = st.active {
            return Err(Refusal::FinishActivationFirst { active: a }.into());
        }
        let x = in_play(st, m)?;
        let Some(round) = st.current_round() else {
            return Err(Refusal::NoOneLeft.into());
        };
        let Some(side) = st.picker(round) else {
            return Err(Refusal::RollOrderFirst { round }.into());
        };
        if x.acted {
            return Err(Refusal::AlreadyActed { model: m }.into());
        }
        if x.round != round {
            return Err(Refusal::WrongRound {
                model: m,
                round: x.round,
                now: round,
            }
            .into());
        }
        if m.side != side {
            return Err(Refusal::NotYourPick { side }.into());
        }
        st.active = Some(m);
        st.touched.clear();
        st.moved = 0;
        st.dread.clear();
        st.reacted.clear();
        Ok(())
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
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

impl super::Words for Activate {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!("{} {}", d.n(self.model), l.pick("se activa", "activates"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Activate {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "activate")
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
        row_label(rules, "activate", l)
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

impl super::Rolls for Activate {
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
