//! `note`.

use crate::core::game::act::Note;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Note {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Note {
    fn describe(&self, _: &Describer<'_>, l: Lang) -> String {
        format!("{}: {}", l.pick("Nota", "Note"), self.text)
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Note {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Note {}
