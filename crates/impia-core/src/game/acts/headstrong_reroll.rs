//! `headstrong_reroll`: R42 Headstrong (rules 3): a Headstrong model that
//! rolled a 1 in the Combat roll waiting re-rolls its own dice, once per
//! roll, apart from the totem's re-roll.

use crate::dice::Roller;
use crate::game::act::HeadstrongReroll;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::Ctx;
use crate::game::offers::names::*;
use crate::game::pending::reroll_dice;
use crate::game::prepare::Dice;
use crate::game::slot::Typed;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::typed::reroll_slots;
use crate::game::{DiceSlot, pending};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for HeadstrongReroll {
    /// Rules 2: only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    fn while_roll_waits(&self, st: &mut GameState, ctx: Ctx<'_>) -> Option<Result<(), GameError>> {
        Some(pending::headstrong_reroll(
            st,
            ctx,
            self.by,
            self.roll,
            self.dice.as_ref(),
        ))
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.by)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for HeadstrongReroll {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        // R42: Headstrong's re-roll of a 1, and the roll it makes of the one waiting.
        d.reroll(
            self.by,
            self.roll,
            self.dice.as_ref(),
            l.pick("repite su 1 por Testaruda", "re-rolls its 1, Headstrong"),
            "R42",
            l,
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for HeadstrongReroll {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "headstrong_reroll")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "headstrong_reroll", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for HeadstrongReroll {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }
}

impl Dice for HeadstrongReroll {
    /// R42: its own side's dice.
    fn fill_dice(
        &mut self,
        st: &GameState,
        _: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.dice.is_none() {
            self.dice = reroll_dice(st, self.by, self.roll, roller);
        }
        Ok(())
    }

    fn dice_slots(&self, st: &GameState, _: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        reroll_slots(st, self.by, self.roll)
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        self.dice = typed.dice.first().cloned();
        Ok(())
    }
}
