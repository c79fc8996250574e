//! `adjust_pool`.

use crate::core::game::act::AdjustPool;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustPool {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::text::Lang;

impl super::Words for AdjustPool {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            l.pick("reserva de", "pool of"),
            d.warband(self.side, l),
            signed(self.delta)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustPool {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustPool {}
