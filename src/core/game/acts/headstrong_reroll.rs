//! `headstrong_reroll`: R42 Headstrong (rules 3): a Headstrong model that
//! rolled a 1 in the Combat roll waiting re-rolls its own dice, once per
//! roll, apart from the totem's re-roll.

use crate::core::game::act::HeadstrongReroll;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for HeadstrongReroll {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for HeadstrongReroll {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for HeadstrongReroll {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for HeadstrongReroll {}
