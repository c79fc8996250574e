//! `leader_order`: R32: the Leader orders `model`, which makes the next
//! action.

use crate::core::game::act::LeaderOrder;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for LeaderOrder {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for LeaderOrder {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderOrder {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderOrder {}
