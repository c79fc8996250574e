//! `beast_appears`: A beast comes onto the table (R39 8–9, or the
//! scenario).

use crate::core::game::act::BeastAppears;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for BeastAppears {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for BeastAppears {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for BeastAppears {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for BeastAppears {}
