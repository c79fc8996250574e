//! `roll_off`: R08: both players' d10s, ties re-rolled (every pair kept),
//! and the side the winner chose to start.

use crate::core::game::act::RollOff;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for RollOff {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for RollOff {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for RollOff {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::Roller;
use crate::core::game::guard::Ctx;
use crate::core::game::pending::AcceptFacts;
use crate::core::game::prepare::Checked;
use crate::core::game::slot::Typed;
use crate::core::game::{Action, Chances, DiceSlot, GameError, GameState};

impl super::Rolls for RollOff {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        None
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        None
    }

    /// R08: ties are rolled again; every pair is kept.
    fn fill_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.rolls.is_empty() {
            loop {
                let pair = [roller.die(10), roller.die(10)];
                self.rolls.push(pair);
                if pair[0] != pair[1] || self.rolls.len() >= 1000 {
                    break;
                }
            }
        }
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
