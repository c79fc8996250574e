//! `check`: R01: any attribute check the players want logged (a jump,
//! difficult terrain, Courage to assault a dreadful creature…).

use crate::core::game::act::Check;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Check {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Check {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {}{}: {}",
            d.n(self.model),
            l.pick("tirada de", "check of"),
            self.stat.name(l),
            if self.reason.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.reason)
            },
            d.check(&self.roll, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Check {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Check {}
