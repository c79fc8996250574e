//! `roll_off`: R08: both players' d10s, ties re-rolled (every pair kept),
//! and the side the winner chose to start.

use crate::core::game::act::RollOff;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for RollOff {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for RollOff {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for RollOff {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for RollOff {}
