//! The game turn: dark forces (R39), the destiny pools (R10–R12), changing
//! rounds (R09), the agility rounds with their roll-off and alternation
//! (R05–R08), and the activations.

use super::error::{GameError, Refusal};
use super::fear;
use super::guard::{
    Ctx, action_done, action_row, finish_activation, in_play, model, pay, require_actor,
    require_free, require_no_pending, require_rounds, require_standing,
};
use super::kit::{table, table_total};
use super::refs::{ModelRef, Side};
use super::state::{ChangeRoundState, DarkForces, GameState, Phase, side_slot};
use super::status::Status;
use crate::core::text::Text;

/// R39 then R10–R12: the next turn starts with the dark forces, applied from
/// the row's `effect`; then every model not Down gives its DP to the pool.
pub(crate) fn start_turn(st: &mut GameState, ctx: Ctx<'_>, dice: &[u32]) -> Result<(), GameError> {
    let open = match st.phase {
        Phase::Setup | Phase::TurnOver => true,
        Phase::Rounds => {
            st.current_round().is_none() && st.active.is_none() && st.pending_hits.is_empty()
        }
        Phase::ChangeRound => false,
    };
    if !open {
        return Err(Refusal::TurnNotOver.into());
    }
    let t = table(ctx.rules, "dark_forces")?;
    let total = table_total(t, dice)?;
    let row = t.row_for(total);
    let effect = t
        .rows
        .get(row)
        .map(|r| r.effect.clone())
        .unwrap_or_default();

    st.turn += 1;
    st.phase = Phase::ChangeRound;
    st.change_round = ChangeRoundState::default();
    st.round = None;
    st.active = None;
    st.ordered = None;
    st.touched.clear();
    st.moved = 0;
    st.dread.clear();
    st.reacted.clear();
    st.dark_forces = Some(DarkForces { total, row });
    st.dp_per_model = effect.dp_per_model;
    st.beast_due = effect.beast;
    for s in [&mut st.sides.a, &mut st.sides.b] {
        s.rerolls_used = 0;
    }
    for r in st.refs() {
        if let Some(m) = st.model_mut(r) {
            m.acted = false;
            m.round = m.agility();
            m.own_dp = if m.status.in_play() { m.leader_dp } else { 0 };
        }
        // R39 1 and 6–7: every model on the table.
        if effect.fear_all != 0 && st.model(r).is_some_and(|m| m.status.in_play()) {
            fear::add(st, r, effect.fear_all);
        }
    }
    // R10: 2 DP per model not Down (Warriors 1: the troop's `dp`), less the
    // dark forces' change (R39 10); R12: a model Down last turn gives none now.
    for s in [&mut st.sides.a, &mut st.sides.b] {
        s.pool = s
            .models
            .iter()
            .filter(|m| m.status.in_play() && !m.savage_fall)
            .map(|m| (m.profile.dp + effect.dp_per_model).max(0))
            .sum();
    }
    Ok(())
}

/// R09: who may change rounds now; `Err` says why `side` may not.
fn change_turn_ok(st: &GameState, side: Side) -> Result<(), GameError> {
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

/// R09: 1 DP per agility round up or down.
pub(crate) fn change_round(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    steps: i32,
) -> Result<(), GameError> {
    change_turn_ok(st, m.side)?;
    let x = in_play(st, m)?;
    if steps == 0 {
        return Err(Refusal::ZeroRounds.into());
    }
    let to = x.round + steps;
    if to < 1 {
        return Err(Refusal::RoundTooLow { model: m, to }.into());
    }
    let row = action_row(ctx, "change_round")?;
    let per_step = row.dp.unwrap_or(0) as i32;
    if ctx.setup.all_rules() {
        // R09 (rules 3): the steps are counted from the model's Agility, so
        // +2 then −1 costs 1 DP, and coming back refunds the pool.
        let net = round_change_cost(x.agility(), x.round, to, per_step);
        if net < 0 {
            if let Some(s) = st.side_mut(m.side) {
                s.pool -= net;
            }
        } else {
            pay(st, m, net, &row.name)?;
        }
    } else {
        pay(st, m, per_step * steps.abs(), &row.name)?;
    }
    st.change_round.first.get_or_insert(m.side);
    if let Some(x) = st.model_mut(m) {
        x.round = to;
    }
    Ok(())
}

/// R09: what moving a model of Agility `agility` from round `from` to `to`
/// costs, counted in steps away from its Agility (negative: a refund).
pub(crate) fn round_change_cost(agility: i32, from: i32, to: i32, per_step: i32) -> i32 {
    per_step * ((to - agility).abs() - (from - agility).abs())
}

/// R09: a player finishes changing rounds; after both, the rounds begin.
pub(crate) fn end_change_round(st: &mut GameState, side: Side) -> Result<(), GameError> {
    change_turn_ok(st, side)?;
    st.change_round.first.get_or_insert(side);
    st.change_round.done[side_slot(side)] = true;
    if st.change_round.done == [true, true] {
        st.phase = Phase::Rounds;
    }
    Ok(())
}

/// R08: both sides roll 1d10, ties re-rolled; the winner picks who starts.
pub(crate) fn roll_off(
    st: &mut GameState,
    rolls: &[[u32; 2]],
    starts: Option<Side>,
) -> Result<(), GameError> {
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

/// R08: the roll-off winner chooses which warband activates first.
pub(crate) fn choose_start(st: &mut GameState, side: Side) -> Result<(), GameError> {
    require_rounds(st)?;
    require_no_pending(st)?;
    let round = st.current_round();
    if round.and_then(|r| st.rolloff_winner(r)).is_none() {
        return Err(Refusal::NoRollOffWon.into());
    }
    if !side.is_warband() {
        return Err(Refusal::WarbandStarts.into());
    }
    if let Some(rs) = st.round.as_mut() {
        rs.starts = Some(side);
        rs.next = Some(side);
    }
    Ok(())
}

/// R07, R08: the side whose pick it is activates one of its models in the round.
pub(crate) fn activate(st: &mut GameState, m: ModelRef) -> Result<(), GameError> {
    require_rounds(st)?;
    require_no_pending(st)?;
    if let Some(a) = st.active {
        return Err(Refusal::FinishActivationFirst { active: a }.into());
    }
    let x = in_play(st, m)?;
    let Some(round) = st.current_round() else {
        return Err(Refusal::NoOneLeft.into());
    };
    let Some(side) = st.picker(round) else {
        return Err(Refusal::RollOrderFirst { round }.into());
    };
    if x.acted {
        return Err(Refusal::AlreadyActed { model: m }.into());
    }
    if x.round != round {
        return Err(Refusal::WrongRound {
            model: m,
            round: x.round,
            now: round,
        }
        .into());
    }
    if m.side != side {
        return Err(Refusal::NotYourPick { side }.into());
    }
    st.active = Some(m);
    st.touched.clear();
    st.moved = 0;
    st.dread.clear();
    st.reacted.clear();
    Ok(())
}

/// The activation ends: terrain it ends on (R14), the enemy totem (R33),
/// then R31: a model with fear at twice its Courage flees (not if Fearless).
pub(crate) fn end_activation(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    terrain: &[String],
    near_enemy_totem: bool,
) -> Result<(), GameError> {
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

/// The players end the turn: models that have not acted lose their activation.
pub(crate) fn end_turn(st: &mut GameState) -> Result<(), GameError> {
    require_rounds(st)?;
    require_no_pending(st)?;
    if let Some(a) = st.active {
        return Err(Refusal::FinishActivationFirst { active: a }.into());
    }
    for r in st.refs() {
        if let Some(x) = st.model_mut(r) {
            x.acted = true;
        }
    }
    Ok(())
}

/// R18: a Prone model spends an action standing up.
pub(crate) fn stand_up(st: &mut GameState, ctx: Ctx<'_>, m: ModelRef) -> Result<(), GameError> {
    let x = require_actor(st, m)?;
    if x.status != Status::Prone {
        return Err(Refusal::NotProne { model: m }.into());
    }
    let row = action_row(ctx, "stand_up")?;
    pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
    if let Some(x) = st.model_mut(m) {
        x.status = Status::Standing;
    }
    action_done(st, m);
    Ok(())
}

/// R19: search a Down model in contact (creatures and mounted heroes cannot).
pub(crate) fn loot(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    body: ModelRef,
    item: &str,
) -> Result<(), GameError> {
    let x = require_actor(st, m)?;
    require_standing(x, m)?;
    require_free(x, m)?;
    if x.has(crate::core::tables::Keyword::CannotLoot) {
        return Err(Refusal::CannotLoot { model: m }.into());
    }
    let b = model(st, body)?;
    if b.status != Status::Down {
        return Err(Refusal::NotDownToLoot { model: body }.into());
    }
    // R19 (rules 3): the item named must be on the body; it changes hands.
    super::loot::check(st, ctx, body, item)?;
    let row = action_row(ctx, "loot")?;
    let name: Text = row.name.clone();
    pay(st, m, row.dp.unwrap_or(0) as i32, &name)?;
    super::loot::take(st, ctx, m, body, item)?;
    action_done(st, m);
    Ok(())
}

/// R13: a Move, 1 DP.
pub(crate) fn move_action(st: &mut GameState, ctx: Ctx<'_>, m: ModelRef) -> Result<(), GameError> {
    let x = require_actor(st, m)?;
    require_standing(x, m)?;
    require_free(x, m)?;
    let row = action_row(ctx, "move")?;
    pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
    st.moved += 1;
    action_done(st, m);
    Ok(())
}
