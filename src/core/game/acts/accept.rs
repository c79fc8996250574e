//! `accept`: The roll waiting is accepted: its result takes effect.

use crate::core::game::act::Accept;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Accept {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Accept {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Accept {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Accept {}
