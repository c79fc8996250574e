//! `set_round`.

use crate::game::act::SetRound;
use crate::game::action::{Action, check_number};
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, model_mut};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetRound {
    /// A hand correction of a model's agility round.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let SetRound { model: m, round } = *self;
        if round < 1 {
            return Err(Refusal::LowestRound.into());
        }
        model_mut(st, m)?.round = round;
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        // A hand correction is made by the side it corrects (issue 26): a
        // phone may not set the other warband's pool, fear or status.
        Taker::of_model(self.model)
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        check_number("round", self.round)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for SetRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            l.pick("a la ronda", "to round"),
            self.round
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetRound {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "set_round")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "set_round", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetRound {}
