//! `end_game`: The players end the game (the scenario's end): the winner is
//! decided by VP, a draw on equal VP (issue 15).

use crate::core::game::act::EndGame;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndGame {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for EndGame {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndGame {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndGame {}
