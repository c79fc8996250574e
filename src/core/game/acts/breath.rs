//! `breath`: R41 Breath: every model under the template takes a hit.

use crate::core::game::act::Breath;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Breath {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Breath {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Breath {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::Roller;
use crate::core::game::guard::Ctx;
use crate::core::game::hits::{breath_hit, hit_chance};
use crate::core::game::pending::AcceptFacts;
use crate::core::game::prepare::Checked;
use crate::core::game::slot::Typed;
use crate::core::game::{Action, Chances, DiceSlot, GameError, GameState};

impl super::Rolls for Breath {
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

    /// R41: a breath hits every model under it, no roll to land it.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        if self.targets.len() != 1 {
            return None;
        }
        let hit = breath_hit(ctx).ok()?;
        Some(Chances {
            down: hit_chance(st, ctx, self.model, self.targets[0], &hit).ok()?,
            attacker_down: None,
        })
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
