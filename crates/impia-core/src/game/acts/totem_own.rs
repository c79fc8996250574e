//! `totem_own`: R33: in contact with its own totem: lose fear.

use crate::game::act::TotemOwn;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::fear::add;
use crate::game::guard::{
    Ctx, action_done, action_row, pay, require_actor, require_free, require_standing,
};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemOwn {
    /// R33: in contact with its own standing totem, the model loses fear.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        let x = require_actor(st, m)?;
        require_standing(x, m)?;
        require_free(x, m)?;
        if !st.side(m.side).is_some_and(|s| s.totem_standing) {
            return Err(Refusal::OwnTotemDown.into());
        }
        let row = action_row(ctx, "totem_own")?;
        pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
        add(st, m, row.effect.fear_self);
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

impl super::Words for TotemOwn {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick("toca su Tótem", "touches its totem")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemOwn {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "totem_own")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        b.offer(
            Some(on.model),
            Action::TotemOwn(TotemOwn { model: on.model }),
        );
    }

    fn acting_place() -> u8 {
        110
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "totem_own", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemOwn {}
