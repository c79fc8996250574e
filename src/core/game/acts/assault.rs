//! `assault`: R20, R22: move into contact and the free Fight.

use crate::core::game::act::Assault;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Assault {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Assault {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Assault {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::{CheckSpec, Roller};
use crate::core::game::chance::fight_chances;
use crate::core::game::guard::Ctx;
use crate::core::game::pending::{AcceptFacts, RollPart, opposed_parts, opposed_side};
use crate::core::game::prepare::{Checked, Prepared, RawWish, slots_of};
use crate::core::game::report::luck::combat_wishes;
use crate::core::game::resolve::need;
use crate::core::game::slot::Typed;
use crate::core::game::{
    Action, Chances, DiceSlot, GameError, GameState, ModelRef, SideDice, melee,
};
use crate::core::text::Lang;

impl super::Rolls for Assault {
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
        _: bool,
    ) -> Option<Result<(), GameError>> {
        Some(need(self.roll.as_ref()).and_then(|roll| {
            melee::assault(
                st,
                ctx,
                self.attacker,
                self.defender,
                self.brutal,
                &self.options,
                roll,
            )
        }))
    }

    /// R23: the higher total hits; a tie in Combat hits both.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        fight_chances(
            st,
            ctx,
            self.attacker,
            self.defender,
            &self.options,
            Some(self.brutal),
        )
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

impl Checked for Assault {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        self.options.check_numbers()?;
        let p = melee::fight_check(
            st,
            ctx,
            self.attacker,
            self.defender,
            &self.options,
            Some(self.brutal),
        )?;
        Ok(Prepared::Opposed(p))
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        opposed_parts(self.attacker, self.defender)
    }

    fn dice_mut(&mut self, part: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        opposed_side(self.roll.as_mut()?, part.role)
    }

    fn is_combat(&self) -> bool {
        true
    }

    fn stand_in_facts(&mut self, _: &GameState, _: Ctx<'_>) {}

    fn hitter(&self) -> Option<ModelRef> {
        None
    }

    /// R23: each side wishes to hit (a tie hits both).
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        match &self.roll {
            Some(r) => combat_wishes(before, self.attacker, self.defender, r, l),
            None => Vec::new(),
        }
    }
}
