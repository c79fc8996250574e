//! `end_activation`: The activation ends; terrain it ends on (R14) and
//! whether it ends within 15 cm of the enemy totem (R33); then the flee
//! check (R31).

use crate::core::game::act::EndActivation;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::fear;
use crate::core::game::guard::{Ctx, finish_activation, require_no_pending, require_rounds};
use crate::core::game::state::GameState;
use crate::core::game::status::Status;
use crate::core::game::taker::Taker;

impl super::Rules for EndActivation {
    /// The activation ends: terrain it ends on (R14), the enemy totem (R33),
    /// then R31: a model with fear at twice its Courage flees (not if Fearless).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let EndActivation {
            model: m,
            ref terrain,
            near_enemy_totem,
        } = *self;
        require_rounds(st)?;
        require_no_pending(st)?;
        if st.active != Some(m) {
            return Err(Refusal::NotInActivation { model: m }.into());
        }
        for id in terrain {
            fear::end_on_terrain(st, ctx, m, id)?;
        }
        if near_enemy_totem {
            fear::near_enemy_totem(st, ctx, m)?;
        }
        fear::flee_check(st, ctx, m);
        if let Some(x) = st.model_mut(m) {
            x.acted = true;
            // R42 Savage: its one more activation is over: it falls now.
            if x.savage_fall {
                x.savage_fall = false;
                if x.status.in_play() {
                    x.status = Status::Down;
                }
            }
        }
        finish_activation(st, m);
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

impl super::Words for EndActivation {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndActivation {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndActivation {}
