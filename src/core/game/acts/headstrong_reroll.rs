//! `headstrong_reroll`: R42 Headstrong (rules 3): a Headstrong model that
//! rolled a 1 in the Combat roll waiting re-rolls its own dice, once per
//! roll, apart from the totem's re-roll.

use crate::core::game::act::HeadstrongReroll;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::Ctx;
use crate::core::game::pending;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for HeadstrongReroll {
    /// Rules 2: only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    fn while_roll_waits(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        Some(pending::headstrong_reroll(
            st,
            ctx,
            self.by,
            self.roll,
            self.dice.as_ref(),
        ))
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.by)
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

impl super::Words for HeadstrongReroll {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for HeadstrongReroll {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for HeadstrongReroll {}
