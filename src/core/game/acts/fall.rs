//! `fall`: R18: a fall; no roll up to the harmless height.

use crate::core::game::act::Fall;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fall {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Fall {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fall {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fall {}
