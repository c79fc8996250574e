//! `start_turn`: Start the next turn: the dark forces dice (R39), then the
//! pools are rebuilt (R10–R12).

use crate::core::game::act::StartTurn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for StartTurn {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::glossary;
use crate::core::text::Lang;

impl super::Words for StartTurn {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let total: i32 = self.dark_forces.iter().map(|v| *v as i32).sum();
        format!(
            "{} {} — {} {total}: {}",
            glossary::TURN.get(l),
            d.state.turn + 1,
            glossary::DARK_FORCES.get(l),
            d.row_text("dark_forces", total, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for StartTurn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StartTurn {}
