//! `end_activation`: The activation ends; terrain it ends on (R14) and
//! whether it ends within 15 cm of the enemy totem (R33); then the flee
//! check (R31).

use crate::core::game::act::EndActivation;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndActivation {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for EndActivation {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndActivation {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndActivation {}
