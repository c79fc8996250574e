//! `change_round`: R09: move a model `steps` agility rounds up (+) or down
//! (−), 1 DP each.

use crate::core::game::act::ChangeRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::turn;
use crate::core::game::action::{Action, check_number};
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for ChangeRound {
    /// R09: 1 DP per agility round up or down.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        turn::change_round(st, ctx, self.model, self.steps)
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
        check_number("steps", self.steps)
    }

    fn is_roll(&self) -> bool {
        false
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ChangeRound {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ChangeRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ChangeRound {}
