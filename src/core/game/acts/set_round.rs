//! `set_round`.

use crate::core::game::act::SetRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetRound {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for SetRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            l.pick("a la ronda", "to round"),
            self.round
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetRound {}
