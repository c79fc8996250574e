//! `touch_terrain`: R14: the model touched terrain during an action
//! (cursed: +1 fear, once per activation).

use crate::core::game::act::TouchTerrain;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TouchTerrain {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for TouchTerrain {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TouchTerrain {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TouchTerrain {}
