//! `check`: R01: any attribute check the players want logged (a jump,
//! difficult terrain, Courage to assault a dreadful creature…).

use crate::dice::{CheckSpec, Roller};
use crate::game::act::Check;
use crate::game::action::{Action, check_number};
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::{Ctx, in_play};
use crate::game::kit::{same_spec, take_reroll};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::{AcceptFacts, RollPart, single_part};
use crate::game::prepare::{Checked, Dice, Prepared, RawWish, slots_of};
use crate::game::report::luck::check_chance;
use crate::game::resolve::need;
use crate::game::roll::CheckDice;
use crate::game::slot::Typed;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{Chances, DiceSlot, ModelRef, SideDice, attribute, sources};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Check {
    /// R01: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: every field of it is its taker's.
    fn owners(&self, _: &GameState, _: &mut crate::game::owners::Owners) {}

    fn take_owned(&mut self, _: &crate::game::action::Action, _: crate::game::Side) {}

    fn check_numbers(&self) -> Result<(), GameError> {
        check_number("modifier", self.modifier)?;
        self.options.check_numbers()
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Check {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {}{}: {}",
            d.n(self.model),
            l.pick("tirada de", "check of"),
            self.stat.name(l),
            if self.reason.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.reason)
            },
            d.check(&self.roll, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Check {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "check")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        let a = on.model;
        b.offer(Some(a), check_of(a, Stat::Agility, CheckOptions::default()));
        // R41 Dreadful aspect (rules 3): the Courage check that opens the
        // assault on each enemy with it, until it is made this activation.
        if b.ctx.setup.all_rules() {
            let st = b.st;
            let dreadful: Vec<ModelRef> = on
                .enemies
                .iter()
                .copied()
                .filter(|e| {
                    st.model(*e).is_some_and(|y| y.has(Keyword::DreadfulAspect))
                        && !st.dread.iter().any(|(r, t, _)| *r == a && t == e)
                })
                .collect();
            b.targeted(a, &dreadful, |d| {
                let options = CheckOptions {
                    dreadful: Some(d),
                    ..Default::default()
                };
                check_of(a, Stat::Courage, options)
            });
        }
    }

    fn acting_place() -> u8 {
        140
    }

    fn offers_rolled(&self, b: &mut Builder<'_>) {
        waiting_offers(
            b,
            Waiting {
                headstrong: false,
                witnessed: false,
            },
        );
    }

    fn label(&self, st: &GameState, _rules: &RuleSet, l: Lang) -> String {
        match self.options.dreadful {
            // R41: the Courage check before assaulting a Dreadful aspect.
            Some(d) => format!(
                "{} {} {}",
                Stat::Courage.name(l),
                l.pick("ante", "against"),
                st.name(d)
            ),
            None => l.pick("Tirada de Atributo", "Attribute check").to_string(),
        }
    }

    /// Nothing to declare: it is offered as it is.
    fn declares(&self) -> Option<&dyn Declares> {
        None
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        None
    }
}

/// A check of `model`'s `stat`, its dice to roll.
fn check_of(model: ModelRef, stat: Stat, options: CheckOptions) -> Action {
    Action::Check(Check {
        model,
        stat,
        modifier: 0,
        reason: String::new(),
        options,
        roll: None,
    })
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Check {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    fn spends_dp(&self) -> bool {
        true
    }
}

impl Dice for Check {
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

    /// R01: the check changes nothing by itself. With `options.dreadful`
    /// (rules 3, R41), its result decides whether the model may assault
    /// that enemy in this activation.
    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        _: bool,
    ) -> Option<Result<(), GameError>> {
        Some(need(self.roll.as_ref()).and_then(|roll| self.resolve_check(st, ctx, roll)))
    }

    fn attack_chances(&self, _: &GameState, _: Ctx<'_>) -> Option<Chances> {
        None
    }

    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(None)
    }
}

impl Check {
    /// R01: the check takes effect (see `Rolls::resolve_roll`).
    fn resolve_check(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        roll: &CheckDice,
    ) -> Result<(), GameError> {
        let m = self.model;
        in_play(st, m)?;
        let spec = attribute::check_plan(
            st,
            ctx,
            m,
            self.stat,
            self.modifier,
            &self.options,
            &mut sources::Check::new(),
        )?;
        same_spec(&roll.spec, &spec)?;
        roll.check()?;
        take_reroll(st, ctx, roll.reroll.as_ref(), &[(m, spec)])?;
        if let Some(d) = self.options.dreadful {
            st.dread.retain(|(r, t, _)| !(*r == m && *t == d));
            st.dread.push((m, d, roll.success()));
        }
        Ok(())
    }
}

impl Checked for Check {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        check_number("modifier", self.modifier)?;
        self.options.check_numbers()?;
        let p = attribute::attribute_check(
            st,
            ctx,
            self.model,
            self.stat,
            self.modifier,
            &self.options,
        )?;
        Ok(Prepared::Check(p))
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        vec![single_part(self.model, None)]
    }

    fn dice_mut(&mut self, _: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        let r = self.roll.as_mut()?;
        Some((&mut r.roll, r.spec))
    }

    fn is_combat(&self) -> bool {
        false
    }

    fn stand_in_facts(&mut self, _: &GameState, _: Ctx<'_>) {}

    fn hitter(&self) -> Option<ModelRef> {
        None
    }

    /// The roller wishes to pass.
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        let Some(r) = &self.roll else {
            return Vec::new();
        };
        let (p, ok) = check_chance(r);
        let model = before.name(self.model);
        let wanted = match l {
            Lang::Es => format!("{model} supera su tirada"),
            Lang::En => format!("{model} passes its check"),
        };
        vec![(self.model.side, wanted, p, ok)]
    }
}
