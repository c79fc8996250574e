//! `set_status`.

use crate::core::game::act::SetStatus;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetStatus {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for SetStatus {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} → {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            self.status.label(l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetStatus {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetStatus {}
