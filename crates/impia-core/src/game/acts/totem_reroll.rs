//! `totem_reroll`: R33: a model taking part in the roll waiting to be
//! accepted re-rolls its own dice with its warband's totem (once per turn
//! per warband).

use crate::dice::Roller;
use crate::game::act::TotemReroll;
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

impl super::Rules for TotemReroll {
    /// Rules 2: only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    fn while_roll_waits(&self, st: &mut GameState, ctx: Ctx<'_>) -> Option<Result<(), GameError>> {
        Some(pending::totem_reroll(
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

impl super::Words for TotemReroll {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        // R33: the totem's re-roll, and the roll it makes of the one waiting.
        d.reroll(
            self.by,
            self.roll,
            self.dice.as_ref(),
            l.pick("repite con el Tótem", "re-rolls with the totem"),
            "R33",
            l,
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemReroll {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "totem_reroll")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "totem_reroll", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemReroll {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }
}

impl Dice for TotemReroll {
    /// R33: its own side's dice.
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
