//! `scenario_points`.

use crate::game::act::ScenarioPoints;
use crate::game::action::{Action, check_number};
use crate::game::adjust::warband;
use crate::game::describe::{Describer, signed};
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ScenarioPoints {
    /// The scenario's points, by hand.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let ScenarioPoints { side, points, .. } = *self;
        warband(side)?;
        if let Some(s) = st.side_mut(side) {
            s.score.scenario += points;
        }
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        // A hand correction is made by the side it corrects (issue 26): a
        // phone may not set the other warband's pool, fear or status.
        Taker::of_side(self.side)
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        check_number("points", self.points)
    }
}

// ── Words: the history's line ────────────────────────────────────────

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

impl super::Offered for ScenarioPoints {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "scenario_points")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "scenario_points", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ScenarioPoints {}
