//! `pass_reroll`: issue 33: a side takes none of its re-rolls on the roll
//! waiting (R33 totem, R42 Headstrong), so that the roll may be closed.

use crate::game::act::PassReroll;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for PassReroll {
    /// Only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    /// The side is no longer asked about this roll until its dice change.
    fn while_roll_waits(&self, st: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        let Some(p) = st.pending.as_mut() else {
            return Some(Err(Refusal::NoRollWaiting.into()));
        };
        if self.side.is_warband() && !p.passed.contains(&self.side) {
            p.passed.push(self.side);
        }
        Some(Ok(()))
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_side(self.side)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: every field of it is its taker's.
    fn owners(&self, _: &GameState, _: &mut crate::game::owners::Owners) {}

    fn take_owned(&mut self, _: &crate::game::action::Action, _: crate::game::Side) {}

    fn check_numbers(&self) -> Result<(), GameError> {
        Ok(())
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

impl super::Words for PassReroll {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {}",
            d.warband(self.side, l),
            l.pick("no repite la tirada", "takes no re-roll")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for PassReroll {
    fn cost(&self, _st: &GameState, _ctx: Ctx<'_>) -> i32 {
        0
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // Offered while a roll waits (`offers::rolled_offers`), not in an activation.
    }

    fn acting_place() -> u8 {
        NOT_ACTING
    }

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn label(&self, _st: &GameState, _rules: &RuleSet, l: Lang) -> String {
        l.pick("No repetir", "No re-roll").into()
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

impl super::Rolls for PassReroll {
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

    fn spends_dp(&self) -> bool {
        true
    }
}
