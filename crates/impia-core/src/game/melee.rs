//! Close combat: Assault (R20, R22), Fight (R23), multiple combat (R24) and
//! Disengage (R25), with the spear's Assault bonus (R34).

use super::action::{DisengageRoll, FightOptions, Party};
use super::error::{GameError, Refusal};
use super::guard::{
    Ctx, action_done, action_row, disengage_all, enemies, engage, in_play, model, pay,
    require_actor, require_free, require_standing,
};
use super::kit::{
    EXTRA_FRIEND, FROM_ABOVE, HitMaker, extras, fear_edge, melee, opposed_roles, push_hit,
    same_opposed, table_options, take_reroll,
};
use super::refs::ModelRef;
use super::roll::{OpposedDice, PreparedCheck};
use super::sources::{Check, Edge, Source};
use super::state::{GameState, HitSource, ModelState};
use super::status::Status;
use super::upgrades::{check_imposing_list, constrictor, constrictor_dp, imposing};
use crate::dice::{OpposedOutcome, OpposedSpec};
use crate::roster::MeleeLine;
use crate::tables::{ActionCost, Keyword, Stat};

/// R24: extra friends of `of` in the fight against `against`, from the
/// tracked engagements. They are kept both ways (`guard::engage`,
/// `disengage_all`, `set_engaged`), so `against`'s own list names them:
/// no walk over every model per target (issue 32).
fn friends_in_fight(st: &GameState, of: ModelRef, against: ModelRef) -> u32 {
    st.model(against).map_or(0, |y| {
        y.engaged
            .iter()
            .filter(|r| {
                r.side == of.side && **r != of && st.model(**r).is_some_and(|m| m.status.in_play())
            })
            .count() as u32
    })
}

struct FightPlan {
    spec: OpposedSpec,
    attacker_hit: HitMaker,
    defender_hit: HitMaker,
}

/// R20–R24: the opposed Combat check of a Fight, or of the free Fight of an
/// Assault (`assault`: `Some(brutal)`).
fn fight_plan<'a>(
    st: &'a GameState,
    ctx: Ctx<'a>,
    attacker: ModelRef,
    defender: ModelRef,
    opts: &'a FightOptions,
    assault: Option<bool>,
    chk: &mut Check<'a>,
) -> Result<FightPlan, GameError> {
    let a = model(st, attacker)?;
    let d = model(st, defender)?;
    if !enemies(attacker, defender) {
        return Err(Refusal::SameSide {
            a: attacker,
            b: defender,
        }
        .into());
    }
    let fight_row = action_row(ctx, "fight")?;
    let aw = melee(a, attacker, opts.weapon.as_deref())?;
    let dw = melee(d, defender, opts.defender_weapon.as_deref())?;

    let (atk, def) = (Party::Attacker, Party::Defender);
    weapon_combat(a, aw, atk, chk);
    weapon_combat(d, dw, def, chk);

    let mut strength = aw.strength;
    let mut penetration = aw.penetration;
    match assault {
        Some(brutal) => {
            let (s, p) = assault_terms(ctx, a, aw, opts, brutal, chk)?;
            strength += s;
            penetration += p;
        }
        None => {
            strength +=
                table_options(fight_row, &opts.options, &[EXTRA_FRIEND], &a.name, atk, chk)?;
        }
    }

    let friends = [
        (
            a,
            atk,
            opts.attacker_friends
                .unwrap_or_else(|| friends_in_fight(st, attacker, defender)),
        ),
        (
            d,
            def,
            opts.defender_friends
                .unwrap_or_else(|| friends_in_fight(st, defender, attacker)),
        ),
    ];
    friends_terms(fight_row, friends, chk);
    check_imposing_list(st, &[attacker, defender], &opts.imposing)?;
    imposing(st, ctx, attacker, &[defender], &opts.imposing, atk, chk);
    imposing(st, ctx, defender, &[attacker], &opts.imposing, def, chk);
    constrictor(st, ctx, attacker, defender, atk, chk);
    constrictor(st, ctx, defender, attacker, def, chk);
    fear_edge(ctx, a, atk, chk);
    fear_edge(ctx, d, def, chk);
    extras(ctx, &opts.extra, atk, &a.name, chk);
    extras(ctx, &opts.extra, def, &d.name, chk);
    Ok(FightPlan {
        spec: OpposedSpec {
            active: chk.spec(atk),
            passive: chk.spec(def),
            combat: true,
        },
        attacker_hit: HitMaker {
            poison: aw.poison.filter(|_| ctx.setup.all_rules()),
            ..HitMaker::new(strength, penetration, aw.name.clone())
        },
        defender_hit: HitMaker {
            poison: dw.poison.filter(|_| ctx.setup.all_rules()),
            ..HitMaker::new(dw.strength, dw.penetration, dw.name.clone())
        },
    })
}

/// R20, R23: the Combat of `x`'s weapon `w` is its side's base.
fn weapon_combat<'a>(x: &'a ModelState, w: &'a MeleeLine, party: Party, chk: &mut Check<'a>) {
    chk.add(
        party,
        Edge::base(w.combat),
        Source::WeaponCombat {
            who: &x.name,
            weapon: &w.name,
            change: w.combat - x.profile.stats.combat,
        },
    );
}

/// R20, R22, R34: what an Assault adds to the attacker `a` with weapon
/// `aw`: the row's modifier and options, Brutal assault, and the spear's
/// bonus. Returns the Strength and Penetration it adds to the hit.
fn assault_terms<'a>(
    ctx: Ctx<'a>,
    a: &'a ModelState,
    aw: &'a MeleeLine,
    opts: &'a FightOptions,
    brutal: bool,
    chk: &mut Check<'a>,
) -> Result<(i32, i32), GameError> {
    let atk = Party::Attacker;
    let row = action_row(ctx, "assault")?;
    chk.add(
        atk,
        Edge::modifier(row.effect.modifier),
        Source::ActionRow {
            who: &a.name,
            row: &row.name,
            rule: &row.rule,
        },
    );
    let mut strength = table_options(row, &opts.options, &[], &a.name, atk, chk)?;
    let mut penetration = 0;
    if brutal {
        let b = action_row(ctx, "brutal_assault")?;
        chk.add(
            atk,
            Edge {
                modifier: b.effect.modifier,
                advantages: b.effect.advantages,
                ..Edge::NONE
            },
            Source::RowAdvantages {
                who: &a.name,
                row: &b.name,
                rule: &b.rule,
            },
        );
    }
    // R34 spear: +1 Strength and Penetration in an Assault action.
    if let Some(bonus) = ctx
        .rules
        .melee_weapon(&aw.id)
        .and_then(|w| w.assault_bonus.as_ref())
    {
        strength += bonus.strength;
        penetration += bonus.penetration;
        chk.add(
            atk,
            Edge::NONE,
            Source::AssaultBonus {
                who: &a.name,
                weapon: &aw.name,
                strength: bonus.strength,
                penetration: bonus.penetration,
            },
        );
    }
    Ok((strength, penetration))
}

/// R24: each extra friendly model in the fight gives its side an advantage
/// (`sides`: each model, its party and its count of friends).
fn friends_terms<'a>(
    fight_row: &'a ActionCost,
    sides: [(&'a ModelState, Party, u32); 2],
    chk: &mut Check<'a>,
) {
    let Some(opt) = fight_row.options.iter().find(|o| o.id == EXTRA_FRIEND) else {
        return;
    };
    for (x, party, n) in sides {
        if n > 0 {
            chk.add(
                party,
                Edge {
                    modifier: opt.modifier * n as i32,
                    advantages: opt.advantages * n,
                    ..Edge::NONE
                },
                Source::Friends {
                    who: &x.name,
                    option: &opt.name,
                    count: n,
                    rule: opt.rule.as_deref().unwrap_or(&fight_row.rule),
                },
            );
        }
    }
}

fn fight_hits(
    st: &mut GameState,
    plan: &FightPlan,
    attacker: ModelRef,
    defender: ModelRef,
    outcome: OpposedOutcome,
    source: HitSource,
) {
    match outcome {
        OpposedOutcome::ActiveWins => push_hit(st, attacker, defender, &plan.attacker_hit, source),
        OpposedOutcome::PassiveWins => push_hit(st, defender, attacker, &plan.defender_hit, source),
        OpposedOutcome::BothHit => {
            push_hit(st, attacker, defender, &plan.attacker_hit, source);
            push_hit(st, defender, attacker, &plan.defender_hit, source);
        }
    }
}

/// R23, R24: Fight an engaged enemy.
pub(crate) fn fight(
    st: &mut GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    defender: ModelRef,
    opts: &FightOptions,
    roll: &OpposedDice,
) -> Result<(), GameError> {
    let x = require_actor(st, attacker)?;
    require_standing(x, attacker)?;
    in_play(st, defender)?;
    if !x.engaged.contains(&defender) {
        return Err(Refusal::NotEngagedWith {
            model: attacker,
            other: defender,
        }
        .into());
    }
    let plan = fight_plan(st, ctx, attacker, defender, opts, None, &mut Check::new())?;
    same_opposed(&roll.spec, &plan.spec)?;
    roll.check()?;
    take_reroll(
        st,
        ctx,
        roll.reroll.as_ref(),
        &opposed_roles(&plan.spec, attacker, defender),
    )?;
    let row = action_row(ctx, "fight")?;
    let dp = row.dp.unwrap_or(0) as i32 + constrictor_dp(st, ctx, attacker);
    pay(st, attacker, dp, &row.name)?;
    fight_hits(
        st,
        &plan,
        attacker,
        defender,
        roll.outcome(),
        HitSource::Fight,
    );
    action_done(st, attacker);
    Ok(())
}

/// R20, R22: move into contact with an enemy and Fight it for free.
#[allow(clippy::too_many_arguments)]
pub(crate) fn assault(
    st: &mut GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    defender: ModelRef,
    brutal: bool,
    opts: &FightOptions,
    roll: &OpposedDice,
) -> Result<(), GameError> {
    let x = require_actor(st, attacker)?;
    require_standing(x, attacker)?;
    require_free(x, attacker)?;
    let d = in_play(st, defender)?;
    // R41 Dreadful aspect (rules 3): a passed Courage check first.
    if ctx.setup.all_rules() && d.has(Keyword::DreadfulAspect) {
        match st
            .dread
            .iter()
            .find(|(r, t, _)| *r == attacker && *t == defender)
        {
            Some((_, _, true)) => {}
            Some((_, _, false)) => {
                return Err(Refusal::DreadfulFailed {
                    model: attacker,
                    creature: defender,
                }
                .into());
            }
            None => {
                return Err(Refusal::DreadfulNeedsCourage {
                    model: attacker,
                    creature: defender,
                }
                .into());
            }
        }
    }
    let plan = fight_plan(
        st,
        ctx,
        attacker,
        defender,
        opts,
        Some(brutal),
        &mut Check::new(),
    )?;
    same_opposed(&roll.spec, &plan.spec)?;
    roll.check()?;
    take_reroll(
        st,
        ctx,
        roll.reroll.as_ref(),
        &opposed_roles(&plan.spec, attacker, defender),
    )?;
    let row = action_row(ctx, if brutal { "brutal_assault" } else { "assault" })?;
    pay(st, attacker, row.dp.unwrap_or(0) as i32, &row.name)?;
    engage(st, attacker, defender);
    fight_hits(
        st,
        &plan,
        attacker,
        defender,
        roll.outcome(),
        HitSource::Assault,
    );
    // R20: assaulting from above always leaves the attacker Prone.
    if opts.options.get(FROM_ABOVE).is_some_and(|n| *n > 0)
        && let Some(m) = st.model_mut(attacker)
        && m.status == Status::Standing
    {
        m.status = Status::Prone;
    }
    action_done(st, attacker);
    Ok(())
}

/// The chance side of a Fight or an Assault's free Fight (R20–R24): the
/// opposed Combat check and the hit each model would land.
pub(crate) fn fight_chance_parts(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    defender: ModelRef,
    opts: &FightOptions,
    assault: Option<bool>,
) -> Result<(OpposedSpec, HitMaker, HitMaker), GameError> {
    let plan = fight_plan(
        st,
        ctx,
        attacker,
        defender,
        opts,
        assault,
        &mut Check::new(),
    )?;
    Ok((plan.spec, plan.attacker_hit, plan.defender_hit))
}

/// R25: the opposed Agility check against one opponent.
fn disengage_plan<'a>(
    st: &'a GameState,
    ctx: Ctx<'a>,
    m: ModelRef,
    opp: ModelRef,
    chk: &mut Check<'a>,
) -> Result<OpposedSpec, GameError> {
    let x = model(st, m)?;
    let o = model(st, opp)?;
    let (act, pas) = (Party::Attacker, Party::Defender);
    for (party, y) in [(act, x), (pas, o)] {
        chk.add(
            party,
            Edge::base(y.agility()),
            Source::Stat {
                who: &y.name,
                stat: Stat::Agility,
            },
        );
    }
    fear_edge(ctx, x, act, chk);
    fear_edge(ctx, o, pas, chk);
    Ok(OpposedSpec {
        active: chk.spec(act),
        passive: chk.spec(pas),
        combat: false,
    })
}

/// R25: win every roll and the model moves away; every opponent that won
/// hits it automatically and it stays engaged.
pub(crate) fn disengage(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    rolls: &[DisengageRoll],
) -> Result<(), GameError> {
    let x = require_actor(st, m)?;
    require_standing(x, m)?;
    let engaged = x.engaged.clone();
    if engaged.is_empty() {
        return Err(Refusal::NotEngaged { model: m }.into());
    }
    let mut named: Vec<ModelRef> = rolls.iter().map(|r| r.opponent).collect();
    named.sort();
    let mut want = engaged.clone();
    want.sort();
    if named != want {
        return Err(Refusal::DisengageEach { models: engaged }.into());
    }
    for r in rolls {
        let spec = disengage_plan(st, ctx, m, r.opponent, &mut Check::new())?;
        same_opposed(&r.roll.spec, &spec)?;
        r.roll.check()?;
        take_reroll(
            st,
            ctx,
            r.roll.reroll.as_ref(),
            &opposed_roles(&spec, m, r.opponent),
        )?;
    }
    let row = action_row(ctx, "disengage")?;
    pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
    let winners: Vec<ModelRef> = rolls
        .iter()
        .filter(|r| r.roll.outcome() == OpposedOutcome::PassiveWins)
        .map(|r| r.opponent)
        .collect();
    if winners.is_empty() {
        disengage_all(st, m);
    }
    for w in winners {
        let o = model(st, w)?;
        let line = melee(o, w, None)?;
        let hm = HitMaker {
            poison: line.poison.filter(|_| ctx.setup.all_rules()),
            ..HitMaker::new(line.strength, line.penetration, line.name.clone())
        };
        push_hit(st, w, m, &hm, HitSource::Disengage);
    }
    action_done(st, m);
    Ok(())
}

pub(crate) fn fight_check(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    defender: ModelRef,
    opts: &FightOptions,
    assault: Option<bool>,
) -> Result<PreparedCheck<OpposedSpec>, GameError> {
    let mut chk = Check::new();
    let plan = fight_plan(st, ctx, attacker, defender, opts, assault, &mut chk)?;
    Ok(PreparedCheck {
        spec: plan.spec,
        sources: chk.sources(),
        active: Some(attacker),
        passive: Some(defender),
    })
}

pub(crate) fn disengage_checks(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
) -> Result<Vec<PreparedCheck<OpposedSpec>>, GameError> {
    let x = model(st, m)?;
    x.engaged
        .iter()
        .map(|o| {
            let mut chk = Check::new();
            let spec = disengage_plan(st, ctx, m, *o, &mut chk)?;
            Ok(PreparedCheck {
                spec,
                sources: chk.sources(),
                active: Some(m),
                passive: Some(*o),
            })
        })
        .collect()
}
