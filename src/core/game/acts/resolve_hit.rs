//! `resolve_hit`: R27–R30: roll the pending hit of `attacker` on `target`.

use crate::core::game::act::ResolveHit;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ResolveHit {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ResolveHit {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ResolveHit {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::{CheckSpec, Roller};
use crate::core::game::guard::Ctx;
use crate::core::game::pending::{AcceptFacts, Fact, RollPart, opposed_parts, opposed_side};
use crate::core::game::prepare::{Checked, Prepared, RawWish, slots_of};
use crate::core::game::report::luck::hit_wishes;
use crate::core::game::resolve::need;
use crate::core::game::slot::Typed;
use crate::core::game::{
    Action, Chances, DiceSlot, GameError, GameState, ModelRef, SideDice, hits,
};
use crate::core::text::Lang;

impl super::Rolls for ResolveHit {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        Some(self)
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        Some(self)
    }

    fn fill_dice(
        &mut self,
        st: &GameState,
        ctx: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.roll.is_none()
            && let Prepared::Opposed(p) = self.prepare(st, ctx)?
        {
            self.roll = Some(p.roll(roller));
        }
        Ok(())
    }

    fn dice_slots(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        Ok(slots_of(&self.prepare(st, ctx)?))
    }

    fn put_typed_dice(
        &mut self,
        st: &GameState,
        ctx: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        if !typed.slots.is_empty() {
            let specs = self.prepare(st, ctx)?.opposed_specs();
            self.roll = Some(typed.opposed(&specs, 0)?);
        }
        Ok(())
    }

    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        lenient: bool,
    ) -> Option<Result<(), GameError>> {
        Some(need(self.roll.as_ref()).and_then(|roll| {
            hits::resolve_hit(
                st,
                ctx,
                self.attacker,
                self.target,
                &self.options,
                roll,
                &self.witnesses,
                lenient,
            )
        }))
    }

    fn attack_chances(&self, _: &GameState, _: Ctx<'_>) -> Option<Chances> {
        None
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    /// R31: the friends who see the target go Down.
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(Some(Fact::Witnesses))?;
        if let Some(x) = facts.witnesses {
            self.witnesses = x.to_vec();
        }
        Ok(())
    }

    fn spends_dp(&self) -> bool {
        true
    }
}

impl Checked for ResolveHit {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        self.options.check_numbers()?;
        let p = hits::hit_check(st, ctx, self.attacker, self.target, &self.options)?;
        Ok(Prepared::Opposed(p))
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    /// R02: the side whose activation it is rolls as the active side.
    fn roll_parts(&self, st: &GameState) -> Vec<RollPart> {
        let target_active = st
            .pending_hits
            .iter()
            .find(|h| h.attacker == self.attacker && h.target == self.target)
            .is_some_and(|h| h.acting_side == self.target.side);
        if target_active {
            opposed_parts(self.target, self.attacker)
        } else {
            opposed_parts(self.attacker, self.target)
        }
    }

    fn dice_mut(&mut self, part: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        opposed_side(self.roll.as_mut()?, part.role)
    }

    fn is_combat(&self) -> bool {
        false
    }

    fn stand_in_facts(&mut self, _: &GameState, _: Ctx<'_>) {}

    fn hitter(&self) -> Option<ModelRef> {
        Some(self.attacker)
    }

    /// The hitter wishes the target Down, the target to withstand it.
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        match &self.roll {
            Some(r) => hit_wishes(before, self.attacker, self.target, r, l),
            None => Vec::new(),
        }
    }
}
