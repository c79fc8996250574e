//! `move`: R13.

use crate::core::game::act::Move;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Move {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Move {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!("{} {}", d.n(self.model), l.pick("mueve", "moves"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Move {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Move {}
