//! `set_status`.

use crate::core::game::act::SetStatus;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetStatus {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for SetStatus {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetStatus {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetStatus {}
