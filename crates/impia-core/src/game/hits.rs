//! Hits (R27–R30) with Iron defence (R28), Breath (R41) and falls (R18).

use super::action::{HitOptions, Party};
use super::error::{GameError, Refusal};
use super::fear::{check_listed, put_down};
use super::guard::{Ctx, action_row, in_play, model, model_mut, pay, require_rounds};
use super::kit::{HitMaker, extras, fear_edge, opposed_roles, same_opposed, take_reroll};
use super::refs::ModelRef;
use super::roll::{OpposedDice, PreparedCheck, Role};
use super::sources::{Check, Edge, Source};
use super::state::{GameState, HitSource, ModelState, PendingHit};
use super::status::Status;
use crate::dice::{CheckSpec, OpposedOutcome, OpposedSpec};
use crate::odds::{Prob, opposed};
use crate::tables::Keyword;

/// R30: the best cover, plus one per extra cover.
fn cover_value(ctx: Ctx<'_>, ids: &[String]) -> Result<i32, GameError> {
    let mut values = Vec::with_capacity(ids.len());
    for id in ids {
        let row = ctx
            .rules
            .cover
            .rows
            .iter()
            .find(|r| r.id == *id)
            .ok_or_else(|| {
                let known = ctx.rules.cover.rows.iter().map(|r| r.id.clone());
                GameError::from(Refusal::UnknownCover {
                    id: crate::text::clip(id).into_owned(),
                    known: known.collect(),
                })
            })?;
        values.push(row.armour);
    }
    Ok(match values.iter().max() {
        Some(best) => best + ctx.rules.cover.per_extra_cover * (values.len() as i32 - 1),
        None => 0,
    })
}

/// R42 Survival instinct: the advantage to Toughness it gives, once.
const SURVIVAL_INSTINCT_ADVANTAGES: u32 = 1;
/// R42 Inspiring: the fear its friends within 15 cm lose.
const INSPIRING_FEAR: i32 = 1;

/// R42 Survival instinct: is a friend of `m` (its own warband) Down?
pub(crate) fn friend_down(st: &GameState, m: ModelRef) -> bool {
    m.side.is_warband()
        && st
            .models_of(m.side)
            .any(|(r, x)| r != m && x.status == Status::Down)
}

/// R27–R30: Strength of the hit against Toughness + Armour (Armour and cover
/// lowered by Penetration, never below 0); the side whose activation it is
/// rolls as the active side (R02). Returns the spec and the attacker's role.
fn hit_plan<'a>(
    st: &'a GameState,
    ctx: Ctx<'a>,
    h: &'a PendingHit,
    opts: &'a HitOptions,
    chk: &mut Check<'a>,
) -> Result<(OpposedSpec, Role), GameError> {
    let a = model(st, h.attacker)?;
    let t = model(st, h.target)?;
    let (atk, def) = (Party::Attacker, Party::Defender);
    chk.add(
        atk,
        Edge::base(h.strength),
        Source::HitStrength {
            who: &a.name,
            weapon: &h.weapon,
            penetration: h.penetration,
        },
    );
    chk.add(
        def,
        Edge::base(t.toughness()),
        Source::Toughness {
            who: &t.name,
            lost: t.toughness_lost,
        },
    );
    armour_term(ctx, h, t, &opts.cover, chk)?;
    if opts.iron_defence {
        iron_defence_term(ctx, t, chk)?;
    }
    if opts.survival_instinct {
        survival_instinct_term(st, ctx, h, t, chk)?;
    }
    if !opts.inspired.is_empty() {
        // R42 Inspiring (rules 3): the friends of an Inspiring attacker.
        if !ctx.setup.all_rules() || !a.has(Keyword::Inspiring) {
            return Err(Refusal::NotInspiring { model: h.attacker }.into());
        }
        check_listed(st, &opts.inspired, Some(h.attacker.side), h.attacker)?;
    }
    fear_edge(ctx, a, atk, chk);
    fear_edge(ctx, t, def, chk);
    extras(ctx, &opts.extra, atk, &a.name, chk);
    extras(ctx, &opts.extra, def, &t.name, chk);
    Ok(active_first(h, chk.spec(atk), chk.spec(def)))
}

/// R29, R30: the target `t`'s Armour and `cover`, lowered by the hit's
/// Penetration, never below 0.
fn armour_term<'a>(
    ctx: Ctx<'a>,
    h: &'a PendingHit,
    t: &'a ModelState,
    cover: &[String],
    chk: &mut Check<'a>,
) -> Result<(), GameError> {
    // R30 (rules 3): cover counts against shots; a melee hit is in contact.
    if ctx.setup.all_rules()
        && !cover.is_empty()
        && matches!(
            h.source,
            HitSource::Fight | HitSource::Assault | HitSource::Disengage
        )
    {
        return Err(Refusal::NoCoverInMelee.into());
    }
    let cover = cover_value(ctx, cover)?;
    let armour = (t.profile.armour + cover - h.penetration).max(0);
    chk.add(
        Party::Defender,
        Edge::modifier(armour),
        Source::Armour {
            who: &t.name,
            armour: t.profile.armour,
            cover,
            penetration: h.penetration,
        },
    );
    Ok(())
}

/// R28: Iron defence, the row's modifier and advantages for the target `t`.
fn iron_defence_term<'a>(
    ctx: Ctx<'a>,
    t: &'a ModelState,
    chk: &mut Check<'a>,
) -> Result<(), GameError> {
    let row = action_row(ctx, "iron_defence")?;
    chk.add(
        Party::Defender,
        Edge {
            modifier: row.effect.modifier,
            advantages: row.effect.advantages,
            ..Edge::NONE
        },
        Source::RowAdvantages {
            who: &t.name,
            row: &row.name,
            rule: &row.rule,
        },
    );
    Ok(())
}

/// R42 Survival instinct (rules 3): once, a friend Down within 10 cm; an
/// advantage to the target `t`'s Toughness.
fn survival_instinct_term<'a>(
    st: &GameState,
    ctx: Ctx<'a>,
    h: &PendingHit,
    t: &'a ModelState,
    chk: &mut Check<'a>,
) -> Result<(), GameError> {
    if !ctx.setup.all_rules() || !t.has(Keyword::SurvivalInstinct) {
        return Err(Refusal::NoSurvivalInstinct { model: h.target }.into());
    }
    if t.instinct_used {
        return Err(Refusal::SurvivalInstinctSpent { model: h.target }.into());
    }
    // R42 (rules 4): "con aliado Abatido": the tracker knows whether a
    // friend is Down (the 10 cm are the players').
    if ctx.setup.exact_rules() && !friend_down(st, h.target) {
        return Err(Refusal::NoFriendDown { model: h.target }.into());
    }
    chk.add(
        Party::Defender,
        Edge::advantages(SURVIVAL_INSTINCT_ADVANTAGES),
        Source::SurvivalInstinct { who: &t.name },
    );
    Ok(())
}

/// R02: the side whose activation it is rolls as the active side; the
/// hit's spec from the attacker's and the target's, and the attacker's role.
fn active_first(h: &PendingHit, atk: CheckSpec, def: CheckSpec) -> (OpposedSpec, Role) {
    if h.acting_side == h.target.side {
        (
            OpposedSpec {
                active: def,
                passive: atk,
                combat: false,
            },
            Role::Passive,
        )
    } else {
        (
            OpposedSpec {
                active: atk,
                passive: def,
                combat: false,
            },
            Role::Active,
        )
    }
}

/// R27–R30: the exact chance that a hit `h` of `attacker` puts `target`
/// Down, rolled now without Iron defence or cover (R28 costs the other
/// player DP; cover is a fact of the table the offer cannot know).
pub(crate) fn hit_chance(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    target: ModelRef,
    h: &HitMaker,
) -> Result<Prob, GameError> {
    let pending = PendingHit {
        attacker,
        target,
        strength: h.strength,
        penetration: h.penetration,
        weapon: h.weapon.clone(),
        source: HitSource::Fight,
        acting_side: st.actor().map_or(attacker.side, |a| a.side),
    };
    let (spec, role) = hit_plan(st, ctx, &pending, &HitOptions::default(), &mut Check::new())?;
    let odds = opposed(&spec);
    Ok(match role {
        Role::Active => odds.active_wins.0,
        Role::Passive => odds.passive_wins.0,
    })
}

/// R41 Breath: the hit each target of a breath would take.
pub(crate) fn breath_hit(ctx: Ctx<'_>) -> Result<HitMaker, GameError> {
    let row = action_row(ctx, "breath")?;
    Ok(HitMaker::new(
        row.effect.strength.unwrap_or(0),
        row.effect.penetration.unwrap_or(0),
        row.name.clone(),
    ))
}

/// The `nth` pending hit of `attacker` on `target` (0: the first).
fn pending_index(
    st: &GameState,
    attacker: ModelRef,
    target: ModelRef,
    nth: u32,
) -> Result<usize, GameError> {
    st.pending_hits
        .iter()
        .enumerate()
        .filter(|(_, h)| h.attacker == attacker && h.target == target)
        .nth(nth as usize)
        .map(|(i, _)| i)
        .ok_or_else(|| Refusal::NoPendingHit { attacker, target }.into())
}

/// R27: roll a pending hit; if the attacker wins, the target is Down.
/// `lenient`: friends named as witnesses of a hit withstood are ignored
/// (rules 2: facts given before the roll never block accepting it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn resolve_hit(
    st: &mut GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    target: ModelRef,
    opts: &HitOptions,
    roll: &OpposedDice,
    witnesses: &[ModelRef],
    lenient: bool,
) -> Result<(), GameError> {
    require_rounds(st)?;
    let index = pending_index(st, attacker, target, opts.nth)?;
    let h = st.pending_hits[index].clone();
    let (spec, attacker_role) = hit_plan(st, ctx, &h, opts, &mut Check::new())?;
    same_opposed(&roll.spec, &spec)?;
    roll.check()?;
    let roles = match attacker_role {
        Role::Active => opposed_roles(&spec, h.attacker, h.target),
        Role::Passive => opposed_roles(&spec, h.target, h.attacker),
    };
    take_reroll(st, ctx, roll.reroll.as_ref(), &roles)?;
    if opts.iron_defence {
        let row = action_row(ctx, "iron_defence")?;
        pay(st, h.target, row.dp.unwrap_or(0) as i32, &row.name)?;
    }
    st.pending_hits.remove(index);
    if opts.survival_instinct {
        model_mut(st, h.target)?.instinct_used = true;
    }
    let attacker_wins = matches!(
        (attacker_role, roll.outcome()),
        (Role::Active, OpposedOutcome::ActiveWins) | (Role::Passive, OpposedOutcome::PassiveWins)
    );
    if attacker_wins {
        put_down(st, ctx, h.target, Some(h.attacker), witnesses)?;
        // R42 Inspiring: its friends within 15 cm lose 1 fear.
        for f in &opts.inspired {
            super::fear::add(st, *f, -INSPIRING_FEAR);
        }
    } else if !witnesses.is_empty() && !lenient {
        return Err(Refusal::WithstoodNoFear.into());
    }
    Ok(())
}

/// R18: the fall's Strength by height; `None` up to the harmless height.
fn fall_strength(ctx: Ctx<'_>, height_cm: f64) -> Result<Option<i32>, GameError> {
    if !height_cm.is_finite() || height_cm < 0.0 {
        return Err(Refusal::FallHeightNegative.into());
    }
    Ok(ctx
        .rules
        .fall
        .rows
        .iter()
        .find(|r| r.up_to_cm.is_none_or(|u| height_cm <= u))
        .and_then(|r| r.strength))
}

/// R18: Toughness (no armour) against the fall's Strength; the falling model
/// is the active side.
fn fall_plan<'a>(
    st: &'a GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    strength: i32,
    chk: &mut Check<'a>,
) -> Result<OpposedSpec, GameError> {
    let x = model(st, m)?;
    let (act, pas) = (Party::Attacker, Party::Defender);
    chk.add(
        act,
        Edge::base(x.toughness()),
        Source::FallToughness { who: &x.name },
    );
    chk.add(pas, Edge::base(strength), Source::Fall);
    fear_edge(ctx, x, act, chk);
    Ok(OpposedSpec {
        active: chk.spec(act),
        passive: chk.spec(pas),
        combat: false,
    })
}

/// R18: a fall: the model resists and is Prone, or is Down.
pub(crate) fn fall(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    height_cm: f64,
    roll: Option<&OpposedDice>,
    witnesses: &[ModelRef],
    lenient: bool,
) -> Result<(), GameError> {
    require_rounds(st)?;
    in_play(st, m)?;
    let strength = fall_strength(ctx, height_cm)?;
    let down = match (strength, roll) {
        (None, None) => false,
        (None, Some(_)) => {
            return Err(Refusal::HarmlessFall { height_cm }.into());
        }
        (Some(s), None) => {
            return Err(Refusal::FallRolls {
                height_cm,
                strength: s,
            }
            .into());
        }
        (Some(s), Some(r)) => {
            let spec = fall_plan(st, ctx, m, s, &mut Check::new())?;
            same_opposed(&r.spec, &spec)?;
            r.check()?;
            take_reroll(st, ctx, r.reroll.as_ref(), &[(m, spec.active)])?;
            r.outcome() == OpposedOutcome::PassiveWins
        }
    };
    if down {
        put_down(st, ctx, m, None, witnesses)?;
    } else {
        if !witnesses.is_empty() && !lenient {
            return Err(Refusal::NotDownNoFear.into());
        }
        let x = model_mut(st, m)?;
        if x.status == Status::Standing {
            x.status = Status::Prone;
        }
    }
    Ok(())
}

pub(crate) fn hit_check(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    target: ModelRef,
    opts: &HitOptions,
) -> Result<PreparedCheck<OpposedSpec>, GameError> {
    let h = &st.pending_hits[pending_index(st, attacker, target, opts.nth)?];
    let mut chk = Check::new();
    let (spec, role) = hit_plan(st, ctx, h, opts, &mut chk)?;
    let (active, passive) = match role {
        Role::Active => (h.attacker, h.target),
        Role::Passive => (h.target, h.attacker),
    };
    Ok(PreparedCheck {
        spec,
        sources: chk.sources(),
        active: Some(active),
        passive: Some(passive),
    })
}

pub(crate) fn fall_check(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    height_cm: f64,
) -> Result<Option<PreparedCheck<OpposedSpec>>, GameError> {
    let Some(s) = fall_strength(ctx, height_cm)? else {
        return Ok(None);
    };
    let mut chk = Check::new();
    let spec = fall_plan(st, ctx, m, s, &mut chk)?;
    Ok(Some(PreparedCheck {
        spec,
        sources: chk.sources(),
        active: Some(m),
        passive: None,
    }))
}
