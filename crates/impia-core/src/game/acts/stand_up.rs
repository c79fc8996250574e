//! `stand_up`: R18: a Prone model stands up.

use crate::game::act::StandUp;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, action_done, action_row, pay, require_actor};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::status::Status;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for StandUp {
    /// R18: a Prone model spends an action standing up.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        let x = require_actor(st, m)?;
        if x.status != Status::Prone {
            return Err(Refusal::NotProne { model: m }.into());
        }
        let row = action_row(ctx, "stand_up")?;
        pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
        if let Some(x) = st.model_mut(m) {
            x.status = Status::Standing;
        }
        action_done(st, m);
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn paid() -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for StandUp {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!("{} {}", d.n(self.model), l.pick("se levanta", "stands up"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for StandUp {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "stand_up")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R18: only a Prone model stands up.
        if on.x.status == Status::Prone {
            b.offer(Some(on.model), Action::StandUp(StandUp { model: on.model }));
        }
    }

    fn acting_place() -> u8 {
        20
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "stand_up", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StandUp {}
