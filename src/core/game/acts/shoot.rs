//! `shoot`: R26.

use crate::core::game::act::Shoot;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Shoot {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Shoot {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Shoot {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::{CheckSpec, Roller};
use crate::core::game::chance::hits_chance;
use crate::core::game::guard::Ctx;
use crate::core::game::pending::{AcceptFacts, Fact, RollPart, single_part};
use crate::core::game::prepare::{Checked, Prepared, RawWish, slots_of};
use crate::core::game::report::luck::check_chance;
use crate::core::game::resolve::need;
use crate::core::game::slot::Typed;
use crate::core::game::{
    Action, Chances, DiceSlot, GameError, GameState, ModelRef, SideDice, shooting,
};
use crate::core::odds::check_success;
use crate::core::text::Lang;

impl super::Rolls for Shoot {
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
            && let Prepared::Check(p) = self.prepare(st, ctx)?
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
        _: &GameState,
        _: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        if let Some(r) = typed.check()? {
            self.roll = Some(r);
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
            shooting::shoot(
                st,
                ctx,
                self.shooter,
                self.target,
                &self.options,
                roll,
                self.stray,
                lenient,
            )
        }))
    }

    /// R26, R27: the shot lands, then its hit puts the target Down.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        let (spec, hit) =
            shooting::shot_chance_parts(st, ctx, self.shooter, self.target, &self.options).ok()?;
        let on_target = hits_chance(st, ctx, self.shooter, self.target, &hit)?;
        Some(Chances {
            down: check_success(&spec) * on_target,
            attacker_down: None,
        })
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    /// R26: the friend a stray shot hits.
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(Some(Fact::Stray))?;
        if let Some(x) = facts.stray {
            self.stray = Some(x);
        }
        Ok(())
    }

    fn spends_dp(&self) -> bool {
        true
    }
}

impl Checked for Shoot {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        self.options.check_numbers()?;
        let p = shooting::shoot_check(st, ctx, self.shooter, self.target, &self.options)?;
        Ok(Prepared::Check(p))
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        vec![single_part(self.shooter, None)]
    }

    fn dice_mut(&mut self, _: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        let r = self.roll.as_mut()?;
        Some((&mut r.roll, r.spec))
    }

    fn is_combat(&self) -> bool {
        false
    }

    /// R26 (rules 4): any engaged friend stands in for the one a stray shot
    /// hits, which may be said on accepting.
    fn stand_in_facts(&mut self, st: &GameState, ctx: Ctx<'_>) {
        if self.stray.is_none() && ctx.setup.exact_rules() {
            self.stray = shooting::stray_friends(st, self.shooter, self.target)
                .first()
                .copied();
        }
    }

    fn hitter(&self) -> Option<ModelRef> {
        None
    }

    /// The shooter wishes to hit.
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        let Some(r) = &self.roll else {
            return Vec::new();
        };
        let (p, ok) = check_chance(r);
        let (shooter, target) = (before.name(self.shooter), before.name(self.target));
        let wanted = match l {
            Lang::Es => format!("{shooter} acierta a {target}"),
            Lang::En => format!("{shooter} hits {target}"),
        };
        vec![(self.shooter.side, wanted, p, ok)]
    }
}
