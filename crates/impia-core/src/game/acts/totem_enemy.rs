//! `totem_enemy`: R33: in contact with the enemy totem: fear, VP, the totem
//! destroyed.

use crate::game::act::TotemEnemy;
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

impl super::Rules for TotemEnemy {
    /// R33: in contact with the enemy totem: the model gains fear, its warband VP,
    /// and the totem is destroyed.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        let x = require_actor(st, m)?;
        require_standing(x, m)?;
        require_free(x, m)?;
        let Some(enemy) = m.side.opponent() else {
            return Err(Refusal::BeastsNoEnemyTotem.into());
        };
        if !st.side(enemy).is_some_and(|s| s.totem_standing) {
            return Err(Refusal::EnemyTotemDown.into());
        }
        let row = action_row(ctx, "totem_enemy")?;
        pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
        add(st, m, row.effect.fear_self);
        if let Some(s) = st.side_mut(m.side) {
            s.score.totem += row.effect.vp;
        }
        if row.effect.destroys_enemy_totem
            && let Some(s) = st.side_mut(enemy)
        {
            s.totem_standing = false;
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

impl super::Words for TotemEnemy {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick("destruye el Tótem enemigo", "destroys the enemy totem")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemEnemy {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "totem_enemy")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R33: while the enemy totem stands.
        let a = on.model;
        if a.side
            .opponent()
            .and_then(|o| b.st.side(o))
            .is_some_and(|s| s.totem_standing)
        {
            b.offer(Some(a), Action::TotemEnemy(TotemEnemy { model: a }));
        }
    }

    fn acting_place() -> u8 {
        120
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "totem_enemy", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemEnemy {}
