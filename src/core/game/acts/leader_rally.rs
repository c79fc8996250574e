//! `leader_rally`: R32: the listed friends lose fear.

use crate::core::game::act::LeaderRally;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for LeaderRally {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for LeaderRally {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for LeaderRally {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for LeaderRally {}
