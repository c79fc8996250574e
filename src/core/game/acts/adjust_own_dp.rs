//! `adjust_own_dp`.

use crate::core::game::act::AdjustOwnDp;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustOwnDp {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::text::Lang;

impl super::Words for AdjustOwnDp {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            l.pick("PD propios", "own DP"),
            signed(self.delta)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustOwnDp {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustOwnDp {}
