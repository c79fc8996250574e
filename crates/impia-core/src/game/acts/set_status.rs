//! `set_status`.

use crate::game::act::SetStatus;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::{Ctx, disengage_all, model_mut};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetStatus {
    /// A hand correction of a model's status.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let SetStatus { model: m, status } = *self;
        model_mut(st, m)?.status = status;
        if !status.in_play() {
            disengage_all(st, m);
        }
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        // A hand correction is made by the side it corrects (issue 26): a
        // phone may not set the other warband's pool, fear or status.
        Taker::of_model(self.model)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for SetStatus {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} → {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            self.status.label(l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetStatus {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "set_status")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "set_status", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetStatus {}
