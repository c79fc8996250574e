//! `end_change_round`: R09: this warband makes no more round changes this
//! turn.

use crate::core::game::act::EndChangeRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::{GameState, Phase, side_slot};
use crate::core::game::taker::Taker;
use crate::core::game::turn::change_turn_ok;

impl super::Rules for EndChangeRound {
    /// R09: a player finishes changing rounds; after both, the rounds begin.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let side = self.side;
        change_turn_ok(st, side)?;
        st.change_round.first.get_or_insert(side);
        st.change_round.done[side_slot(side)] = true;
        if st.change_round.done == [true, true] {
            st.phase = Phase::Rounds;
        }
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
        Taker::of_side(self.side)
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

impl super::Words for EndChangeRound {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndChangeRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndChangeRound {}
