//! `change_round`: R09: move a model `steps` agility rounds up (+) or down
//! (−), 1 DP each.

use crate::core::game::act::ChangeRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ChangeRound {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ChangeRound {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ChangeRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ChangeRound {}
