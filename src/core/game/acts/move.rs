//! `move`: R13.

use crate::core::game::act::Move;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Move {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Move {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Move {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Move {}
