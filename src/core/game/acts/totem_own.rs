//! `totem_own`: R33: in contact with its own totem: lose fear.

use crate::core::game::act::TotemOwn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemOwn {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for TotemOwn {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick("toca su Tótem", "touches its totem")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemOwn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemOwn {}
