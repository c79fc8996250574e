//! `adjust_own_dp`.

use crate::core::game::act::AdjustOwnDp;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustOwnDp {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for AdjustOwnDp {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustOwnDp {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustOwnDp {}
