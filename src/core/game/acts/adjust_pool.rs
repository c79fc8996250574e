//! `adjust_pool`.

use crate::core::game::act::AdjustPool;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustPool {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for AdjustPool {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustPool {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustPool {}
