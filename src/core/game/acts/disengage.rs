//! `disengage`: R25: one opposed Agility roll per engaged opponent.

use crate::core::game::act::Disengage;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Disengage {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Disengage {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Disengage {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Disengage {}
