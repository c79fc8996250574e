//! `end_game`: The players end the game (the scenario's end): the winner is
//! decided by VP, a draw on equal VP (issue 15).

use crate::core::game::act::EndGame;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndGame {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::glossary;
use crate::core::text::Lang;

impl super::Words for EndGame {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let (a, b) = (
            d.state.sides.a.score.total(),
            d.state.sides.b.score.total(),
        );
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

impl super::Offered for EndGame {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndGame {}
