//! `touch_terrain`: R14: the model touched terrain during an action
//! (cursed: +1 fear, once per activation).

use crate::core::game::act::TouchTerrain;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::fear::{add, terrain};
use crate::core::game::guard::{Ctx, require_actor};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

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

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
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
        false
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for TouchTerrain {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TouchTerrain {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TouchTerrain {}
