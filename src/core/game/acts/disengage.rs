//! `disengage`: R25: one opposed Agility roll per engaged opponent.

use crate::core::dice::OpposedOutcome;
use crate::core::game::act::Disengage;
use crate::core::game::action::Action;
use crate::core::game::describe::Describer;
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::offers::names::*;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;
use crate::core::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Disengage {
    /// R25: a roll (rules 2).
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
        Ok(())
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Disengage {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let parts: Vec<String> = self
            .rolls
            .iter()
            .map(|r| {
                format!(
                    "{} ({})",
                    d.opposed_named(&Some(r.roll.clone()), self.model, r.opponent, l),
                    d.n(r.opponent)
                )
            })
            .collect();
        let free = self
            .rolls
            .iter()
            .all(|r| r.roll.outcome() != OpposedOutcome::PassiveWins);
        format!(
            "{} {}: {} — {}",
            d.n(self.model),
            l.pick("intenta separarse del combate", "tries to disengage"),
            parts.join("; "),
            if free {
                // R25: the move away is part of the Disengage.
                l.pick(
                    "lo consigue y se aleja (el movimiento va incluido, R25)",
                    "gets away and moves off (the move is included, R25)",
                )
            } else {
                l.pick("sigue trabada e impactada", "stays engaged and is hit")
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Disengage {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "disengage")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R25: only an engaged model disengages.
        if !on.x.engaged.is_empty() {
            b.offer(
                Some(on.model),
                Action::Disengage(Disengage {
                    model: on.model,
                    rolls: Vec::new(),
                }),
            );
        }
    }

    fn acting_place() -> u8 {
        50
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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "disengage", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Disengage {}
