//! `disengage`: R25: one opposed Agility roll per engaged opponent.

use crate::core::game::act::Disengage;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Disengage {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Disengage {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Disengage {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::{CheckSpec, Roller};
use crate::core::game::guard::Ctx;
use crate::core::game::pending::{AcceptFacts, RollPart, opposed_side};
use crate::core::game::prepare::{Checked, Prepared, RawWish, slots_of};
use crate::core::game::report::luck::disengage_wishes;
use crate::core::game::resolve::need;
use crate::core::game::roll::Role;
use crate::core::game::slot::Typed;
use crate::core::game::{
    Action, Chances, DiceSlot, DisengageRoll, GameError, GameState, ModelRef, SideDice, melee,
};
use crate::core::text::Lang;

impl super::Rolls for Disengage {
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
        if self.rolls.is_empty()
            && let Prepared::Disengage(ps) = self.prepare(st, ctx)?
        {
            for p in ps {
                if let Some(opponent) = p.passive {
                    self.rolls.push(DisengageRoll {
                        opponent,
                        roll: p.roll(roller),
                    });
                }
            }
        }
        Ok(())
    }

    fn dice_slots(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        Ok(slots_of(&self.prepare(st, ctx)?))
    }

    /// R25: one opposed roll per opponent, in turn.
    fn put_typed_dice(
        &mut self,
        st: &GameState,
        ctx: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        let specs = if typed.slots.is_empty() {
            Vec::new()
        } else {
            self.prepare(st, ctx)?.opposed_specs()
        };
        let mut out = Vec::new();
        for k in 0..typed.slots.len() / 2 {
            let Some(opponent) = typed.slots.get(2 * k + 1).and_then(|s| s.model) else {
                continue;
            };
            out.push(DisengageRoll {
                opponent,
                roll: typed.opposed(&specs, k)?,
            });
        }
        self.rolls = out;
        Ok(())
    }

    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        _: bool,
    ) -> Option<Result<(), GameError>> {
        if self.rolls.is_empty() {
            return Some(need::<()>(None).map(|_| ()));
        }
        Some(melee::disengage(st, ctx, self.model, &self.rolls))
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

impl Checked for Disengage {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        Ok(Prepared::Disengage(melee::disengage_checks(
            st, ctx, self.model,
        )?))
    }

    fn has_inner_reroll(&self) -> bool {
        self.rolls.iter().any(|r| r.roll.reroll.is_some())
    }

    /// R25: the model and each opponent, one roll per opponent.
    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        self.rolls
            .iter()
            .enumerate()
            .flat_map(|(i, r)| {
                [
                    RollPart {
                        roll: i,
                        model: self.model,
                        role: Some(Role::Active),
                    },
                    RollPart {
                        roll: i,
                        model: r.opponent,
                        role: Some(Role::Passive),
                    },
                ]
            })
            .collect()
    }

    fn dice_mut(&mut self, part: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        opposed_side(&mut self.rolls.get_mut(part.roll)?.roll, part.role)
    }

    fn is_combat(&self) -> bool {
        false
    }

    fn stand_in_facts(&mut self, _: &GameState, _: Ctx<'_>) {}

    fn hitter(&self) -> Option<ModelRef> {
        None
    }

    /// R25: the model wishes to break away, each opponent to hold it.
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        disengage_wishes(before, self.model, &self.rolls, l)
    }
}
