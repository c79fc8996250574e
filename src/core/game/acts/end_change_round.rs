//! `end_change_round`: R09: this warband makes no more round changes this
//! turn.

use crate::core::game::act::EndChangeRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndChangeRound {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for EndChangeRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {}",
            d.warband(self.side, l),
            l.pick("no cambia más rondas", "no more round changes")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndChangeRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndChangeRound {}
