//! `totem_own`: R33: in contact with its own totem: lose fear.

use crate::core::game::act::TotemOwn;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemOwn {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for TotemOwn {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemOwn {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemOwn {}
