//! `end_turn`: The players end the turn; models that did not act lose their
//! activation.

use crate::core::game::act::EndTurn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndTurn {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for EndTurn {
    fn describe(&self, _: &Describer<'_>, l: Lang) -> String {
        l.pick("Fin del turno", "End of the turn").into()
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndTurn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndTurn {}
