//! `assault`: R20, R22: move into contact and the free Fight.

use crate::core::game::act::Assault;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Assault {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Assault {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Assault {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Assault {}
