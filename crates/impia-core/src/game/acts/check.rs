//! `check`: R01: any attribute check the players want logged (a jump,
//! difficult terrain, Courage to assault a dreadful creature…).

use crate::game::act::Check;
use crate::game::action::{Action, check_number};
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::{Ctx, in_play};
use crate::game::kit::{same_spec, take_reroll};
use crate::game::offers::names::*;
use crate::game::pending::{RollPart, single_part};
use crate::game::prepare::{Checked, Dice, KeptRoll, Prepared, RawWish};
use crate::game::report::luck::check_chance;
use crate::game::resolve::need;
use crate::game::roll::CheckDice;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{ModelRef, attribute, sources};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Check {
    /// R01: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        check_number("modifier", self.modifier)?;
        self.options.check_numbers()
    }

    fn is_roll(&self) -> bool {
        true
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
            None => crate::glossary::ATTRIBUTE_CHECK.get(l).to_string(),
        }
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
}

impl Dice for Check {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        Some(self)
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        Some(self)
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

    fn kept(&mut self) -> Option<KeptRoll<'_>> {
        Some(KeptRoll::Check(&mut self.roll))
    }
}
