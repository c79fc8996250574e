//! `touch_terrain`: R14: the model touched terrain during an action
//! (cursed: +1 fear, once per activation).

use crate::game::act::TouchTerrain;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::fear::{add, terrain};
use crate::game::guard::{Ctx, require_actor};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TouchTerrain {
    /// R14: touching terrain during an action (cursed: fear, at most once per
    /// activation).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let TouchTerrain {
            model: m,
            terrain: ref id,
        } = *self;
        require_actor(st, m)?;
        let t = terrain(ctx, id)?;
        if t.touch_fear != 0 && !st.touched.iter().any(|x| x == id) {
            add(st, m, t.touch_fear);
        }
        st.touched.push(id.to_string());
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for TouchTerrain {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {} {}",
            d.n(self.model),
            l.pick("toca", "touches"),
            self.terrain
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TouchTerrain {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "touch_terrain")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "touch_terrain", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TouchTerrain {}
