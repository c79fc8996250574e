//! `choose_start`: R08: the roll-off winner chooses which warband activates
//! first.

use crate::core::game::act::ChooseStart;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ChooseStart {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for ChooseStart {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            l.pick("Empieza", "Starting:"),
            d.warband(self.side, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ChooseStart {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ChooseStart {}
