//! `use_herb`: R37 (rules 3): the model burns one mystic herb: its DP
//! becomes the model's own DP of this turn, spent first.

use crate::core::game::act::UseHerb;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for UseHerb {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for UseHerb {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for UseHerb {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for UseHerb {}
