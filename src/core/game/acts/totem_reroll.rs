//! `totem_reroll`: R33: a model taking part in the roll waiting to be
//! accepted re-rolls its own dice with its warband's totem (once per turn
//! per warband).

use crate::core::game::act::TotemReroll;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemReroll {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for TotemReroll {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemReroll {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemReroll {}
