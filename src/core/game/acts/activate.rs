//! `activate`: R07: this model starts its activation.

use crate::core::game::act::Activate;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Activate {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Activate {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!("{} {}", d.n(self.model), l.pick("se activa", "activates"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Activate {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Activate {}
