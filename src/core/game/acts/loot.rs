//! `loot`: R19: take something from a Down model in contact.

use crate::core::game::act::Loot;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Loot {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Loot {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = format!(
            "{} {} {}",
            d.n(self.model),
            l.pick("rapiña a", "loots"),
            d.n(self.body)
        );
        if !self.item.is_empty() {
            s.push_str(&format!(": {}", self.item));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Loot {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Loot {}
