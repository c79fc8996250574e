//! `end_change_round`: R09: this warband makes no more round changes this
//! turn.

use crate::core::game::act::EndChangeRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndChangeRound {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for EndChangeRound {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndChangeRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndChangeRound {}
