//! `scenario_points`.

use crate::core::game::act::ScenarioPoints;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ScenarioPoints {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::text::Lang;

impl super::Words for ScenarioPoints {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {}{}",
            d.warband(self.side, l),
            signed(self.points),
            l.pick("PV de escenario", "scenario VP"),
            if self.note.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.note)
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ScenarioPoints {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ScenarioPoints {}
