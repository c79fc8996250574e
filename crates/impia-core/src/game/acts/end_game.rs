//! `end_game`: The players end the game (the scenario's end): the winner is
//! decided by VP, a draw on equal VP (issue 15).

use crate::game::act::EndGame;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::{Ctx, require_no_pending};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::state::{Ending, GameState};
use crate::game::taker::Taker;
use crate::glossary;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndGame {
    /// Issue 15: the players end the game once no hit waits.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        require_no_pending(st)?;
        st.ended = Some(Ending::ByPlayers);
        Ok(())
    }

    fn while_roll_waits(&self, st: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        // The hits waiting are named first, as when no roll waits.
        require_no_pending(st).err().map(Err)
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

impl super::Words for EndGame {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let (a, b) = (d.state.sides.a.score.total(), d.state.sides.b.score.total());
        match d.state.winner() {
            Some(w) => format!(
                "{}: {} {} ({} {a}–{b})",
                l.pick("Fin de la partida", "Game over"),
                l.pick("gana", "won by"),
                d.warband(w, l),
                glossary::VP.get(l)
            ),
            None => format!(
                "{}: {} ({} {a}–{b})",
                l.pick("Fin de la partida", "Game over"),
                l.pick("empate", "a draw"),
                glossary::VP.get(l)
            ),
        }
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndGame {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "end_game")
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
        row_label(rules, "end_game", l)
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

impl super::Rolls for EndGame {
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
