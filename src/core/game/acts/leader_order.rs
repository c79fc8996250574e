//! `leader_order`: R32: the Leader orders `model`, which makes the next
//! action.

use crate::core::game::act::LeaderOrder;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for LeaderOrder {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for LeaderOrder {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {} {}",
            d.n(self.leader),
            l.pick("da una orden a", "orders"),
            d.n(self.model)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderOrder {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderOrder {}
