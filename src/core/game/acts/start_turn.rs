//! `start_turn`: Start the next turn: the dark forces dice (R39), then the
//! pools are rebuilt (R10–R12).

use crate::core::game::act::StartTurn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for StartTurn {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for StartTurn {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for StartTurn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StartTurn {}
