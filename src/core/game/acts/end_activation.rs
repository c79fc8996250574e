//! `end_activation`: The activation ends; terrain it ends on (R14) and
//! whether it ends within 15 cm of the enemy totem (R33); then the flee
//! check (R31).

use crate::core::game::act::EndActivation;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::turn;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for EndActivation {
    /// R14, R33, R31: the activation ends, then the flee check.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        turn::end_activation(st, ctx, self.model, &self.terrain, self.near_enemy_totem)
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
