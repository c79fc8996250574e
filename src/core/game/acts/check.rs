//! `check`: R01: any attribute check the players want logged (a jump,
//! difficult terrain, Courage to assault a dreadful creature…).

use crate::core::game::act::Check;
use crate::core::game::action::{Action, check_number};
use crate::core::game::describe::Describer;
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::offers::names::*;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;
use crate::core::text::Lang;

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

    fn declarations(&self, _st: &GameState, _ctx: Ctx<'_>) -> Vec<Declaration> {
        Vec::new()
    }

    fn declared(&self, _key: &DeclKey) -> Option<Declared> {
        None
    }

    fn declare(&mut self, _key: &DeclKey, _v: &Declared) -> bool {
        false
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
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

impl super::Rolls for Check {}
