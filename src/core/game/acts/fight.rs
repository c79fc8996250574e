//! `fight`: R23, R24.

use crate::core::game::act::Fight;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fight {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Fight {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fight {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fight {}
