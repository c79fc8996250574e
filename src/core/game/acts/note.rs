//! `note`.

use crate::core::game::act::Note;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Note {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Note {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Note {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Note {}
