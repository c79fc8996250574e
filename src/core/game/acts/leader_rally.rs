//! `leader_rally`: R32: the listed friends lose fear.

use crate::core::game::act::LeaderRally;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for LeaderRally {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for LeaderRally {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}: {}",
            d.n(self.leader),
            l.pick("reagrupa", "rallies"),
            d.names(&self.models)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderRally {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderRally {}
