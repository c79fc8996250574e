//! `adjust_fear`.

use crate::core::game::act::AdjustFear;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustFear {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for AdjustFear {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustFear {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustFear {}
