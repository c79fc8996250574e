//! `set_engaged`.

use crate::core::game::act::SetEngaged;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetEngaged {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for SetEngaged {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.a),
            if self.engaged {
                l.pick("trabada con", "engaged with")
            } else {
                l.pick("ya no trabada con", "no longer engaged with")
            },
            d.n(self.b)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetEngaged {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetEngaged {}
