//! `resolve_hit`: R27–R30: roll the pending hit of `attacker` on `target`.

use crate::core::game::act::ResolveHit;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ResolveHit {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ResolveHit {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ResolveHit {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ResolveHit {}
