//! `loot`: R19: take something from a Down model in contact.

use crate::core::game::act::Loot;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Loot {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Loot {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Loot {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Loot {}
