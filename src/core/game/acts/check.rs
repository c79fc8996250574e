//! `check`: R01: any attribute check the players want logged (a jump,
//! difficult terrain, Courage to assault a dreadful creature…).

use crate::core::game::act::Check;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Check {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Check {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Check {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Check {}
