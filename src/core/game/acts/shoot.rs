//! `shoot`: R26.

use crate::core::game::act::Shoot;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Shoot {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Shoot {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Shoot {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Shoot {}
