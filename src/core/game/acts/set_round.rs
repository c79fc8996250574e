//! `set_round`.

use crate::core::game::act::SetRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetRound {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for SetRound {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetRound {}
