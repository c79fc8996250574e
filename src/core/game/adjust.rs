//! Beasts appearing (R39 8–9), scenario points, and the hand adjustments
//! players make for anything the tracker does not follow (§3: the players
//! judge the table).

use super::action::BeastChoice;
use super::error::{GameError, Refusal};
use super::fear;
use super::guard::{Ctx, disengage_all, engage, model, model_mut};
use super::refs::{ModelRef, Side};
use super::state::GameState;
use super::status::Status;

pub(crate) fn beast_appears(
    st: &mut GameState,
    ctx: Ctx<'_>,
    choice: &BeastChoice,
) -> Result<(), GameError> {
    let beast = match choice {
        BeastChoice::Bestiary { index } => ctx.setup.bestiary.get(*index).ok_or_else(|| {
            GameError::from(Refusal::NoBeast {
                count: ctx.setup.bestiary.len(),
                index: *index,
            })
        })?,
        BeastChoice::New(b) => b,
    };
    // The bestiary comes from the game file: its numbers are a player's too.
    beast.check_numbers()?;
    let mut m = GameState::new_beast(&beast.name, beast.profile(ctx.rules));
    // It appears during a turn: it acts in its own agility round like any model.
    m.acted = false;
    st.beasts.push(m);
    st.beast_due = false;
    Ok(())
}

fn warband(side: Side) -> Result<(), GameError> {
    if !side.is_warband() {
        return Err(Refusal::BeastsNoPool.into());
    }
    Ok(())
}

pub(crate) fn scenario_points(
    st: &mut GameState,
    side: Side,
    points: i32,
) -> Result<(), GameError> {
    warband(side)?;
    if let Some(s) = st.side_mut(side) {
        s.score.scenario += points;
    }
    Ok(())
}

pub(crate) fn fear(st: &mut GameState, m: ModelRef, delta: i32) -> Result<(), GameError> {
    model(st, m)?;
    fear::add(st, m, delta);
    Ok(())
}

/// The pool is never negative (R11).
pub(crate) fn pool(st: &mut GameState, side: Side, delta: i32) -> Result<(), GameError> {
    warband(side)?;
    let Some(s) = st.side_mut(side) else {
        return Ok(());
    };
    if s.pool + delta < 0 {
        return Err(Refusal::PoolTooLow {
            pool: s.pool,
            down: -delta,
        }
        .into());
    }
    s.pool += delta;
    Ok(())
}

pub(crate) fn own_dp(st: &mut GameState, m: ModelRef, delta: i32) -> Result<(), GameError> {
    let x = model_mut(st, m)?;
    if x.own_dp + delta < 0 {
        return Err(Refusal::OwnDpTooLow {
            model: m,
            own: x.own_dp,
        }
        .into());
    }
    x.own_dp += delta;
    Ok(())
}

/// Toughness gained (+) or lost for good (−).
pub(crate) fn toughness(st: &mut GameState, m: ModelRef, delta: i32) -> Result<(), GameError> {
    model_mut(st, m)?.toughness_lost -= delta;
    Ok(())
}

pub(crate) fn status(st: &mut GameState, m: ModelRef, status: Status) -> Result<(), GameError> {
    model_mut(st, m)?.status = status;
    if !status.in_play() {
        disengage_all(st, m);
    }
    Ok(())
}

pub(crate) fn engaged(
    st: &mut GameState,
    a: ModelRef,
    b: ModelRef,
    on: bool,
) -> Result<(), GameError> {
    model(st, a)?;
    model(st, b)?;
    if a.side == b.side {
        return Err(Refusal::EngageEnemiesOnly.into());
    }
    if on {
        engage(st, a, b);
    } else {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(m) = st.model_mut(x) {
                m.engaged.retain(|e| *e != y);
            }
        }
    }
    Ok(())
}

pub(crate) fn round(st: &mut GameState, m: ModelRef, round: i32) -> Result<(), GameError> {
    if round < 1 {
        return Err(Refusal::LowestRound.into());
    }
    model_mut(st, m)?.round = round;
    Ok(())
}
