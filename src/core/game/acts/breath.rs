//! `breath`: R41 Breath: every model under the template takes a hit.

use crate::core::game::act::Breath;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Breath {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Breath {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Breath {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Breath {}
