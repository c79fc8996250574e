//! `use_herb`: R37 (rules 3): the model burns one mystic herb: its DP
//! becomes the model's own DP of this turn, spent first.

use crate::core::game::act::UseHerb;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::guard;
use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for UseHerb {
    /// R37 (rules 3): a herb burnt for own DP.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        guard::use_herb(st, ctx, self.model)
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

impl super::Words for UseHerb {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for UseHerb {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for UseHerb {}
