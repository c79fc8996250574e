//! `adjust_toughness`.

use crate::core::game::act::AdjustToughness;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustToughness {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for AdjustToughness {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustToughness {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustToughness {}
