//! `adjust_own_dp`.

use crate::game::act::AdjustOwnDp;
use crate::game::action::{Action, check_number};
use crate::game::describe::{Describer, signed};
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, model_mut};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustOwnDp {
    /// A hand correction of a model's own DP.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let AdjustOwnDp { model: m, delta } = *self;
        let x = model_mut(st, m)?;
        if x.own_dp + delta < 0 {
            return Err(Refusal::OwnDpTooLow {
                model: m,
                own: x.own_dp,
            }
            .into());
        }
        x.own_dp += delta;
        Ok(())
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        // A hand correction is made by the side it corrects (issue 26): a
        // phone may not set the other warband's pool, fear or status.
        Taker::of_model(self.model)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: every field of it is its taker's.
    fn owners(&self, _: &GameState, _: &mut crate::game::owners::Owners) {}

    fn take_owned(&mut self, _: &crate::game::action::Action, _: crate::game::Side) {}

    fn check_numbers(&self) -> Result<(), GameError> {
        check_number("delta", self.delta)
    }

    fn is_roll(&self) -> bool {
        false
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for AdjustOwnDp {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            l.pick("PD propios", "own DP"),
            signed(self.delta)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustOwnDp {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "adjust_own_dp")
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // Made by hand, never offered.
    }

    fn acting_place() -> u8 {
        NOT_ACTING
    }

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "adjust_own_dp", l)
    }

    /// Nothing to declare: it is offered as it is.
    fn declares(&self) -> Option<&dyn Declares> {
        None
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        None
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustOwnDp {
    /// It carries no dice.
    fn dice(&self) -> Option<&dyn Dice> {
        None
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        None
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    /// DP set by hand are no spending.
    fn spends_dp(&self) -> bool {
        false
    }
}
