//! `totem_reroll`: R33: a model taking part in the roll waiting to be
//! accepted re-rolls its own dice with its warband's totem (once per turn
//! per warband).

use crate::core::game::act::TotemReroll;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemReroll {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for TotemReroll {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemReroll {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::Roller;
use crate::core::game::guard::Ctx;
use crate::core::game::pending::{AcceptFacts, reroll_dice};
use crate::core::game::prepare::Checked;
use crate::core::game::slot::Typed;
use crate::core::game::typed::reroll_slots;
use crate::core::game::{Action, Chances, DiceSlot, GameError, GameState};

impl super::Rolls for TotemReroll {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        None
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        None
    }

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

    fn resolve_roll(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
        _: bool,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn attack_chances(&self, _: &GameState, _: Ctx<'_>) -> Option<Chances> {
        None
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(None)
    }

    fn spends_dp(&self) -> bool {
        true
    }
}
