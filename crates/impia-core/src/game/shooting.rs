//! Shooting (R26) with the weapon's range band (R35) and the stray shot into
//! a combat.

use super::action::{Action, Party, RangeBand, ShootOptions};
use super::error::{GameError, Refusal};
use super::guard::{
    Ctx, action_done, action_row, enemies, in_play, model, pay, require_actor, require_free,
    require_standing,
};
use super::kit::{
    DEFENSIVE_SHOT, HitMaker, INTO_COMBAT, LONG_RANGE, SHORT_RANGE, extras, fear_edge, push_hit,
    same_spec, table_options, take_reroll,
};
use super::refs::ModelRef;
use super::roll::{CheckDice, PreparedCheck};
use super::sources::{Check, Edge, Source};
use super::state::{GameState, HitSource};
use super::upgrades::{check_imposing_list, imposing};
use crate::dice::CheckSpec;
use crate::game::act;
use std::collections::BTreeMap;

struct ShotPlan {
    spec: CheckSpec,
    hit: HitMaker,
    /// How much the into-combat option lowers the check (R26).
    into_combat: i32,
}

/// R26: the Accuracy check of a shot, with the weapon's band (R35).
fn shoot_plan<'a>(
    st: &'a GameState,
    ctx: Ctx<'a>,
    shooter: ModelRef,
    target: ModelRef,
    opts: &'a ShootOptions,
    chk: &mut Check<'a>,
) -> Result<ShotPlan, GameError> {
    let x = model(st, shooter)?;
    let t = model(st, target)?;
    if !enemies(shooter, target) {
        return Err(Refusal::ShootOwnSide { model: shooter }.into());
    }
    let line = match &opts.weapon {
        Some(id) => x.profile.ranged.iter().find(|l| l.id == *id),
        None => x.profile.ranged.first(),
    };
    let Some(line) = line else {
        return Err(Refusal::NoRangedWeapon {
            model: shooter,
            weapon: opts.weapon.clone(),
        }
        .into());
    };
    let row = action_row(ctx, "shoot")?;
    let me = Party::Attacker;
    chk.add(
        me,
        Edge::base(x.profile.stats.accuracy),
        Source::Shot {
            who: &x.name,
            weapon: &line.name,
            target: &t.name,
        },
    );
    let mut chosen = opts.options.clone();
    match opts.band {
        RangeBand::Short => {
            chosen.insert(SHORT_RANGE.into(), 1);
        }
        RangeBand::Long => {
            chosen.insert(LONG_RANGE.into(), 1);
        }
        RangeBand::Medium => {}
    }
    if opts.options.contains_key(SHORT_RANGE) || opts.options.contains_key(LONG_RANGE) {
        return Err(Refusal::RangeByBand.into());
    }
    // R26 (rules 3): a target the game knows is engaged is in a combat.
    if ctx.setup.all_rules() && !t.engaged.is_empty() {
        chosen.entry(INTO_COMBAT.to_string()).or_insert(1);
    }
    let mut into_check = Check::new();
    if let Some(n) = chosen.get(INTO_COMBAT) {
        let only: BTreeMap<String, u32> = [(INTO_COMBAT.to_string(), *n)].into();
        table_options(row, &only, &[], &x.name, me, &mut into_check)?;
    }
    let into = into_check.spec(me);
    table_options(row, &chosen, &[], &x.name, me, chk)?;
    // R26 (rules 3): an aimed shot needs no move before it.
    if opts.aimed && ctx.setup.all_rules() && st.active == Some(shooter) && st.moved > 0 {
        return Err(Refusal::AimedAfterMove { model: shooter }.into());
    }
    if opts.aimed {
        let a = action_row(ctx, "aimed_shot")?;
        chk.add(
            me,
            Edge {
                modifier: a.effect.modifier,
                advantages: a.effect.advantages,
                ..Edge::NONE
            },
            Source::RowAdvantages {
                who: &x.name,
                row: &a.name,
                rule: &a.rule,
            },
        );
    }
    check_imposing_list(st, &[shooter], &opts.imposing)?;
    // R42 (rules 4): a target is not in contact with its shooter, so its
    // Imposing presence counts only when the players declare it within
    // 10 cm (its `imposing` list); rules 3 counted the target at any range.
    let contact: &[ModelRef] = if ctx.setup.exact_rules() {
        &[]
    } else {
        &[target]
    };
    imposing(st, ctx, shooter, contact, &opts.imposing, me, chk);
    fear_edge(ctx, x, me, chk);
    extras(ctx, &opts.extra, me, &x.name, chk);
    let spec = chk.spec(me);
    let b = opts.band.index();
    Ok(ShotPlan {
        spec,
        hit: HitMaker {
            poison: line.poison.filter(|_| ctx.setup.all_rules()),
            ..HitMaker::new(line.strength[b], line.penetration[b], line.name.clone())
        },
        into_combat: (-into.modifier).max(0),
    })
}

/// R26 (rules 3): a shot with the defensive option by a model other than
/// the one acting is a defensive shot: a reaction, out of its activation.
pub(crate) fn is_defensive(
    st: &GameState,
    ctx: Ctx<'_>,
    shooter: ModelRef,
    opts: &ShootOptions,
) -> bool {
    ctx.setup.all_rules()
        && opts.options.get(DEFENSIVE_SHOT).is_some_and(|n| *n > 0)
        && st.active.is_some_and(|a| a != shooter)
}

/// R26 (rules 3): the defensive shot of a model about to be assaulted: at
/// the acting enemy, before its Assault is rolled, once per activation, not
/// aimed; paid from the shooter's warband.
fn defensive_shooter<'s>(
    st: &'s GameState,
    shooter: ModelRef,
    target: ModelRef,
    opts: &ShootOptions,
) -> Result<&'s super::state::ModelState, GameError> {
    let x = in_play(st, shooter)?;
    if st.active != Some(target) || !enemies(shooter, target) || opts.aimed {
        return Err(Refusal::DefensiveShotTarget { model: shooter }.into());
    }
    if st.reacted.contains(&shooter) {
        return Err(Refusal::DefensiveShotAgain { model: shooter }.into());
    }
    Ok(x)
}

/// The chance side of a shot (R26): the Accuracy check and the hit it lands.
pub(crate) fn shot_chance_parts(
    st: &GameState,
    ctx: Ctx<'_>,
    shooter: ModelRef,
    target: ModelRef,
    opts: &ShootOptions,
) -> Result<(CheckSpec, HitMaker), GameError> {
    let plan = shoot_plan(st, ctx, shooter, target, opts, &mut Check::new())?;
    Ok((plan.spec, plan.hit))
}

/// R26 (rules 4): the friends of `shooter` the tracker knows are engaged
/// with `target`, in play: the models a miss caused by the into-combat
/// penalty hits.
pub(crate) fn stray_friends(st: &GameState, shooter: ModelRef, target: ModelRef) -> Vec<ModelRef> {
    st.model(target).map_or_else(Vec::new, |t| {
        t.engaged
            .iter()
            .copied()
            .filter(|f| {
                f.side == shooter.side
                    && *f != shooter
                    && st.model(*f).is_some_and(|m| m.status.in_play())
            })
            .collect()
    })
}

/// R26 (rules 4): the friend a rolled shot `action` with no friend named
/// hits by itself: a miss the −3 caused, and one friend engaged with the
/// target (with several, the players name one). For the history's words.
pub(crate) fn auto_stray(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Option<ModelRef> {
    let Action::Shoot(act::Shoot {
        shooter,
        target,
        options,
        roll: Some(roll),
        stray: None,
    }) = action
    else {
        return None;
    };
    if !ctx.setup.exact_rules() {
        return None;
    }
    let plan = shoot_plan(st, ctx, *shooter, *target, options, &mut Check::new()).ok()?;
    let caused = !roll.success() && roll.roll.d10 as i32 <= roll.target() + plan.into_combat;
    match stray_friends(st, *shooter, *target).as_slice() {
        [f] if caused => Some(*f),
        _ => None,
    }
}

/// R26: shoot an enemy in line of sight; a hit waits for its roll (R27).
#[allow(clippy::too_many_arguments)]
pub(crate) fn shoot(
    st: &mut GameState,
    ctx: Ctx<'_>,
    shooter: ModelRef,
    target: ModelRef,
    opts: &ShootOptions,
    roll: &CheckDice,
    stray: Option<ModelRef>,
    lenient: bool,
) -> Result<(), GameError> {
    let defensive = is_defensive(st, ctx, shooter, opts);
    let x = if defensive {
        defensive_shooter(st, shooter, target, opts)?
    } else {
        require_actor(st, shooter)?
    };
    require_standing(x, shooter)?;
    require_free(x, shooter)?;
    in_play(st, target)?;
    let plan = shoot_plan(st, ctx, shooter, target, opts, &mut Check::new())?;
    if defensive {
        st.reacted.push(shooter);
    }
    same_spec(&roll.spec, &plan.spec)?;
    roll.check()?;
    take_reroll(st, ctx, roll.reroll.as_ref(), &[(shooter, plan.spec)])?;
    let row = action_row(ctx, if opts.aimed { "aimed_shot" } else { "shoot" })?;
    pay(st, shooter, row.dp.unwrap_or(0) as i32, &row.name)?;
    let caused_by_penalty =
        !roll.success() && roll.roll.d10 as i32 <= roll.target() + plan.into_combat;
    // R26 (rules 4): the miss hits a friend engaged with the target by
    // itself; the players only pick which when there are several.
    let known = if ctx.setup.exact_rules() && caused_by_penalty {
        stray_friends(st, shooter, target)
    } else {
        Vec::new()
    };
    let stray = if known.is_empty() {
        // Rules 2: a stray friend named for a miss the penalty did not
        // cause is a fact that does not apply, not a reason to refuse the
        // roll.
        stray.filter(|_| caused_by_penalty || !lenient)
    } else {
        match stray {
            Some(f) if known.contains(&f) => Some(f),
            None if known.len() == 1 => Some(known[0]),
            _ => {
                return Err(Refusal::StrayPick {
                    target,
                    friends: known.to_vec(),
                }
                .into());
            }
        }
    };
    match stray {
        Some(f) if caused_by_penalty => {
            in_play(st, f)?;
            if f.side != shooter.side || f == shooter {
                return Err(Refusal::StrayNotFriend { shooter }.into());
            }
            push_hit(st, shooter, f, &plan.hit, HitSource::StrayShot);
        }
        Some(_) => {
            return Err(Refusal::StrayNotCaused.into());
        }
        None if roll.success() => push_hit(st, shooter, target, &plan.hit, HitSource::Shot),
        None => {}
    }
    action_done(st, shooter);
    Ok(())
}

pub(crate) fn shoot_check(
    st: &GameState,
    ctx: Ctx<'_>,
    shooter: ModelRef,
    target: ModelRef,
    opts: &ShootOptions,
) -> Result<PreparedCheck<CheckSpec>, GameError> {
    let mut chk = Check::new();
    let plan = shoot_plan(st, ctx, shooter, target, opts, &mut chk)?;
    Ok(PreparedCheck {
        spec: plan.spec,
        sources: chk.sources(),
        active: Some(shooter),
        passive: None,
    })
}
