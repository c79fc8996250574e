//! `roll_off`: R08: both players' d10s, ties re-rolled (every pair kept),
//! and the side the winner chose to start.

use crate::core::game::act::RollOff;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::{Ctx, require_no_pending, require_rounds};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for RollOff {
    /// R08: both sides roll 1d10, ties re-rolled; the winner picks who starts.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let RollOff { ref rolls, starts } = *self;
        require_rounds(st)?;
        require_no_pending(st)?;
        let Some(round) = st.current_round() else {
            return Err(Refusal::NoRoundLeft.into());
        };
        if st.active.is_some() || st.picker(round).is_some() || st.rolloff_winner(round).is_some() {
            return Err(Refusal::NoRollOffNow.into());
        }
        if starts.is_some_and(|s| !s.is_warband()) {
            return Err(Refusal::WarbandStarts.into());
        }
        let Some((last, ties)) = rolls.split_last() else {
            return Err(Refusal::RollOffMissing.into());
        };
        if let Some(bad) = rolls.iter().flatten().find(|d| !(1..=10).contains(*d)) {
            return Err(Refusal::DieOutOfRange {
                sides: 10,
                value: *bad,
            }
            .into());
        }
        if ties.iter().any(|p| p[0] != p[1]) || last[0] == last[1] {
            return Err(Refusal::TiesRerolled.into());
        }
        if let Some(rs) = st.round.as_mut() {
            rs.rolloff = rolls.to_vec();
            rs.starts = starts;
            rs.next = starts;
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
        Taker::Either
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

impl super::Words for RollOff {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for RollOff {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for RollOff {}
