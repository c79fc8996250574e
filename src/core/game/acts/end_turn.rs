//! `end_turn`: The players end the turn; models that did not act lose their
//! activation.

use crate::core::game::act::EndTurn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndTurn {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for EndTurn {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndTurn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndTurn {}
