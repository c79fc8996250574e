//! `stand_up`: R18: a Prone model stands up.

use crate::core::game::act::StandUp;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for StandUp {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for StandUp {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!("{} {}", d.n(self.model), l.pick("se levanta", "stands up"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for StandUp {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StandUp {}
