//! `fall`: R18: a fall; no roll up to the harmless height.

use crate::core::game::act::Fall;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fall {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Fall {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fall {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::{CheckSpec, Roller};
use crate::core::game::guard::Ctx;
use crate::core::game::pending::{AcceptFacts, Fact, RollPart, opposed_side, single_part};
use crate::core::game::prepare::{Checked, Prepared, RawWish, slots_of};
use crate::core::game::roll::Role;
use crate::core::game::slot::Typed;
use crate::core::game::{
    Action, Chances, DiceSlot, GameError, GameState, ModelRef, SideDice, hits,
};
use crate::core::text::Lang;

impl super::Rolls for Fall {
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

    /// R18: a fall too low to harm takes effect with no dice.
    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        lenient: bool,
    ) -> Option<Result<(), GameError>> {
        Some(hits::fall(
            st,
            ctx,
            self.model,
            self.height_cm,
            self.roll.as_ref(),
            &self.witnesses,
            lenient,
        ))
    }

    fn attack_chances(&self, _: &GameState, _: Ctx<'_>) -> Option<Chances> {
        None
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    /// R31: the friends who see the model go Down.
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

impl Checked for Fall {
    /// R18: a fall too low to harm rolls nothing.
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        Ok(
            match hits::fall_check(st, ctx, self.model, self.height_cm)? {
                Some(p) => Prepared::Opposed(p),
                None => Prepared::NoRoll,
            },
        )
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        vec![single_part(self.model, Some(Role::Active))]
    }

    fn dice_mut(&mut self, part: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        opposed_side(self.roll.as_mut()?, part.role)
    }

    fn is_combat(&self) -> bool {
        false
    }

    fn stand_in_facts(&mut self, _: &GameState, _: Ctx<'_>) {}

    fn hitter(&self) -> Option<ModelRef> {
        None
    }

    /// A fall is no player's wish against the other.
    fn wishes(&self, _: &GameState, _: Lang) -> Vec<RawWish> {
        Vec::new()
    }
}
