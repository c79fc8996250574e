//! Fear (R31) and what moves it that several actions share: models put
//! Down, the own Leader Down, terrain (R14), the enemy totem at the end of
//! an activation (R33), the Leader's checks (R32). The actions that move
//! it live in their files (`acts/touch_terrain.rs`, `acts/leader_*.rs`,
//! `acts/totem_*.rs`).

use super::error::{GameError, Refusal};
use super::guard::{Ctx, in_play, model, model_mut};
use super::refs::{ModelRef, Side};
use super::state::GameState;
use super::status::Status;
use crate::tables::{Keyword, TerrainRules};

/// Add (or remove) fear markers; fear never goes below 0 (R31).
pub(crate) fn add(st: &mut GameState, m: ModelRef, delta: i32) {
    if let Some(x) = st.model_mut(m) {
        x.fear = (x.fear + delta).max(0);
    }
}

/// R31: at the end of its activation, a model with fear at twice its Courage
/// flees the battle, unless it is Fearless.
pub(crate) fn flee_check(st: &mut GameState, ctx: Ctx<'_>, m: ModelRef) {
    let times = ctx.rules.warband.fear.flee_at_courage_times;
    if let Some(x) = st.model_mut(m)
        && x.status.in_play()
        && !x.has(Keyword::Fearless)
        && x.fear >= times * x.courage()
    {
        x.status = Status::Fled;
    }
}

/// Whether `m` would flee if its activation ended now (the status's
/// `fear_level`).
pub(crate) fn would_flee(st: &GameState, rules: &crate::tables::RuleSet, m: ModelRef) -> bool {
    st.model(m).is_some_and(|x| {
        x.status.in_play()
            && !x.has(Keyword::Fearless)
            && x.fear >= rules.warband.fear.flee_at_courage_times * x.courage()
    })
}

/// The models named as being in range exist, are on the table and are
/// unique; `friends_of`: they must be on that side.
pub(crate) fn check_listed(
    st: &GameState,
    listed: &[ModelRef],
    friends_of: Option<Side>,
    not: ModelRef,
) -> Result<(), GameError> {
    for (i, w) in listed.iter().enumerate() {
        in_play(st, *w)?;
        if listed[..i].contains(w) {
            return Err(Refusal::ListedTwice { model: *w }.into());
        }
        if *w == not {
            return Err(Refusal::ListsItself { model: *w }.into());
        }
        if let Some(side) = friends_of
            && w.side != side
        {
            return Err(Refusal::NotFriendOf { model: *w, of: not }.into());
        }
    }
    Ok(())
}

/// R27 and its consequences: `victim` is Down; its friends within 15 cm
/// (`witnesses`) gain fear (2 if `by` is Brutal or Cruel), its whole warband
/// too if it was the Leader (R31); a Leader putting an enemy Down scores VP
/// (R32).
/// R41 Bloodsucker: the DP it gains when it puts an enemy Down ("PD extra").
const BLOODSUCKER_DP: i32 = 1;

pub(crate) fn put_down(
    st: &mut GameState,
    ctx: Ctx<'_>,
    victim: ModelRef,
    by: Option<ModelRef>,
    witnesses: &[ModelRef],
) -> Result<(), GameError> {
    if victim.side == Side::Beast && !witnesses.is_empty() {
        return Err(Refusal::BeastNoFriends.into());
    }
    check_listed(st, witnesses, Some(victim.side), victim)?;
    let fr = &ctx.rules.warband.fear;
    let two = by
        .and_then(|b| st.model(b))
        .is_some_and(|b| b.has(Keyword::CausesTwoFear));
    let amount = if two {
        fr.friend_down_by_two_fear.fear
    } else {
        fr.friend_down.fear
    };
    let was_leader = model(st, victim)?.leader;
    let x = model_mut(st, victim)?;
    if ctx.setup.all_rules() && x.has(Keyword::Savage) && !x.savage_used {
        // R42 Savage: Down as the rules count it (fear, VP), but it acts
        // once more and falls at the end of that activation.
        x.savage_used = true;
        x.savage_fall = true;
    } else {
        x.status = Status::Down;
        x.savage_fall = false;
    }
    if ctx.setup.all_rules() {
        // R41 Bloodsucker: a DP of its own for the rest of the turn.
        if let Some(b) = by
            && b.side.opponent() == Some(victim.side)
            && let Some(x) = st.model_mut(b)
            && x.has(Keyword::Bloodsucker)
        {
            x.own_dp += BLOODSUCKER_DP;
        }
    }
    for w in witnesses {
        add(st, *w, amount);
    }
    if was_leader && victim.side.is_warband() {
        let others: Vec<ModelRef> = st
            .models_of(victim.side)
            .filter(|(r, m)| *r != victim && m.status.in_play())
            .map(|(r, _)| r)
            .collect();
        for o in others {
            add(st, o, fr.own_leader_down.fear);
        }
    }
    if let Some(b) = by
        && b.side.is_warband()
        && b.side.opponent() == Some(victim.side)
        && st.model(b).is_some_and(|x| x.leader)
    {
        let lr = &ctx.rules.warband.leader;
        let vp = lr.vp_per_kill + if was_leader { lr.vp_enemy_leader } else { 0 };
        if let Some(s) = st.side_mut(b.side) {
            s.score.kills += vp;
        }
    }
    Ok(())
}

/// R14: the terrain of the tables whose id is `id`.
pub(crate) fn terrain<'r>(ctx: Ctx<'r>, id: &str) -> Result<&'r TerrainRules, GameError> {
    ctx.rules
        .warband
        .terrain
        .iter()
        .find(|t| t.id == id)
        .ok_or_else(|| {
            let known = ctx.rules.warband.terrain.iter();
            Refusal::UnknownTerrain {
                id: crate::text::clip(id).into_owned(),
                known: known.map(|t| t.id.clone()).collect(),
            }
            .into()
        })
}

/// R14: ending an activation on terrain: fear, Toughness lost for good, a
/// fall (icy: the model ends Prone, see docs/READINGS-game.md).
pub(crate) fn end_on_terrain(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    id: &str,
) -> Result<(), GameError> {
    let t = terrain(ctx, id)?;
    add(st, m, t.end_fear);
    let x = model_mut(st, m)?;
    x.toughness_lost -= t.end_toughness;
    if t.end_fall && x.status == Status::Standing {
        x.status = Status::Prone;
    }
    Ok(())
}

/// R33: a model ending its activation within 15 cm of the standing enemy totem.
pub(crate) fn near_enemy_totem(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
) -> Result<(), GameError> {
    let standing = m
        .side
        .opponent()
        .and_then(|o| st.side(o))
        .is_some_and(|s| s.totem_standing);
    if !standing {
        return Err(Refusal::NoEnemyTotemNear.into());
    }
    add(st, m, ctx.rules.warband.fear.enemy_totem.fear);
    Ok(())
}

/// R32: only the Leader orders and rallies.
pub(crate) fn require_leader(st: &GameState, m: ModelRef) -> Result<(), GameError> {
    let x = model(st, m)?;
    if !x.leader {
        return Err(Refusal::NotLeader { model: m }.into());
    }
    Ok(())
}
