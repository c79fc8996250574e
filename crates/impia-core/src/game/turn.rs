//! What the turn's steps share: who may change rounds now and what a change
//! costs (R09). Each step's rule lives in its action's file: the dark
//! forces and the pools (R39, R10–R12) in `acts/start_turn.rs`, the round
//! changes in `acts/change_round.rs` and `acts/end_change_round.rs`, the
//! roll-off (R05–R08) in `acts/roll_off.rs` and `acts/choose_start.rs`,
//! the activations in `acts/activate.rs` and `acts/end_activation.rs`.

use super::error::{GameError, Refusal};
use super::refs::Side;
use super::state::{GameState, Phase, side_slot};

/// R09: who may change rounds now; `Err` says why `side` may not.
pub(crate) fn change_turn_ok(st: &GameState, side: Side) -> Result<(), GameError> {
    if st.phase != Phase::ChangeRound {
        return Err(Refusal::NotChangeRound.into());
    }
    if !side.is_warband() {
        return Err(Refusal::BeastsChangeNoRounds.into());
    }
    let c = st.change_round;
    if c.done[side_slot(side)] {
        return Err(Refusal::RoundsChanged { side }.into());
    }
    if let Some(first) = c.first
        && first != side
        && !c.done[side_slot(first)]
    {
        return Err(Refusal::OtherChangingRounds { side: first }.into());
    }
    Ok(())
}

/// R09: what moving a model of Agility `agility` from round `from` to `to`
/// costs, counted in steps away from its Agility (negative: a refund).
pub(crate) fn round_change_cost(agility: i32, from: i32, to: i32, per_step: i32) -> i32 {
    per_step * ((to - agility).abs() - (from - agility).abs())
}
