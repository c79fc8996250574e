//! `accept`: The roll waiting is accepted: its result takes effect.

use crate::core::game::act::Accept;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Accept {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Accept {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Accept {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::Roller;
use crate::core::game::guard::Ctx;
use crate::core::game::pending::AcceptFacts;
use crate::core::game::prepare::Checked;
use crate::core::game::slot::Typed;
use crate::core::game::{Action, Chances, DiceSlot, GameError, GameState};

impl super::Rolls for Accept {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        None
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        None
    }

    fn fill_dice(&mut self, _: &GameState, _: Ctx<'_>, _: &mut Roller) -> Result<(), GameError> {
        Ok(())
    }

    fn dice_slots(&self, _: &GameState, _: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        Ok(Vec::new())
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        _: &Typed<'_>,
    ) -> Result<(), GameError> {
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

    /// The roll waiting takes effect.
    fn accepted_roll<'a>(&self, before: &'a GameState) -> Option<&'a Action> {
        before.pending.as_ref().map(|p| &p.action)
    }

    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(None)
    }

    fn spends_dp(&self) -> bool {
        true
    }
}
