//! `set_engaged`.

use crate::core::game::act::SetEngaged;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetEngaged {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for SetEngaged {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetEngaged {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetEngaged {}
