//! `end_game`: The players end the game (the scenario's end): the winner is
//! decided by VP, a draw on equal VP (issue 15).

use crate::game::act::EndGame;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::{Ctx, require_no_pending};
use crate::game::offers::names::*;
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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "end_game", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndGame {}
