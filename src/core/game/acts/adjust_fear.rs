//! `adjust_fear`.

use crate::core::game::act::AdjustFear;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustFear {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::text::Lang;

impl super::Words for AdjustFear {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            l.pick("Pavor", "fear"),
            signed(self.delta)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustFear {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustFear {}
