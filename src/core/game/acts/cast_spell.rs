//! `cast_spell`: R38: cast a spell, fear to the models within 15 cm, then
//! the backlash roll.

use crate::core::game::act::CastSpell;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for CastSpell {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for CastSpell {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for CastSpell {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for CastSpell {}
