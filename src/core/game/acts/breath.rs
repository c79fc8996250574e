//! `breath`: R41 Breath: every model under the template takes a hit.

use crate::core::game::act::Breath;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Breath {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Breath {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}: {}",
            d.n(self.model),
            l.pick("lanza su Aliento", "breathes"),
            if self.targets.is_empty() {
                l.pick("a nadie", "on no one").to_string()
            } else {
                d.names(&self.targets)
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Breath {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Breath {}
