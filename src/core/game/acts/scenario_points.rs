//! `scenario_points`.

use crate::core::game::act::ScenarioPoints;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ScenarioPoints {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ScenarioPoints {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ScenarioPoints {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ScenarioPoints {}
