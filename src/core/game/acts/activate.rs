//! `activate`: R07: this model starts its activation.

use crate::core::game::act::Activate;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Activate {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Activate {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Activate {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Activate {}
