//! `fall`: R18: a fall; no roll up to the harmless height.

use crate::core::dice::OpposedOutcome;
use crate::core::game::act::Fall;
use crate::core::game::action::Action;
use crate::core::game::describe::Describer;
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::offers::names::*;
use crate::core::game::resolve;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;
use crate::core::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fall {
    /// R18: a fall with its dice is a roll (rules 2); with none, nothing to roll up to the harmless height.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        if self.is_roll() {
            roll(st, ctx, whole)
        } else {
            resolve::apply(st, ctx, whole, ctx.setup.pending_rolls())
        }
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
        self.roll.is_some()
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Fall {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let down = self
            .roll
            .as_ref()
            .is_some_and(|r| r.outcome() == OpposedOutcome::PassiveWins);
        format!(
            "{} {} {} cm{} — {}",
            d.n(self.model),
            l.pick("cae", "falls"),
            self.height_cm,
            self.roll
                .as_ref()
                .map(|r| format!(": {}", d.opposed(&Some(r.clone()), l)))
                .unwrap_or_default(),
            if down {
                l.pick("Abatida", "Down")
            } else {
                l.pick("Tumbada", "Prone")
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fall {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "fall")
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // Made by hand, never offered.
    }

    fn acting_place() -> u8 {
        NOT_ACTING
    }

    fn offers_rolled(&self, b: &mut Builder<'_>) {
        waiting_offers(
            b,
            Waiting {
                headstrong: false,
                witnessed: true,
            },
        );
    }

    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        // R31: the friends who would witness it put Down, with the roll
        // from rules 2 on.
        if !ctx.setup.pending_rolls() {
            return Vec::new();
        }
        draft::witnesses(st, ctx, self.model).into_iter().collect()
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        (*key == DeclKey::Witnesses).then(|| Declared::Models(self.witnesses.clone()))
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Witnesses, Declared::Models(ms)) = (key, v) else {
            return false;
        };
        self.witnesses = ms.clone();
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "fall", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fall {}
