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
    same_opposed, signed, table_options, take_reroll,
};
use super::refs::ModelRef;
use super::roll::{OpposedDice, PreparedCheck, Sources};
use super::state::{GameState, HitSource};
use super::status::Status;
use super::upgrades::{check_imposing_list, constrictor, constrictor_dp, imposing};
use crate::core::dice::{CheckSpec, OpposedOutcome, OpposedSpec};
use crate::core::tables::Keyword;
use crate::core::text::Text;

/// R24: extra friends of `of` in the fight against `against`, from the
/// tracked engagements.
fn friends_in_fight(st: &GameState, of: ModelRef, against: ModelRef) -> u32 {
    st.models_of(of.side)
        .filter(|(r, m)| *r != of && m.status.in_play() && m.engaged.contains(&against))
        .count() as u32
}

struct FightPlan {
    spec: OpposedSpec,
    attacker_hit: HitMaker,
    defender_hit: HitMaker,
}

/// R20–R24: the opposed Combat check of a Fight, or of the free Fight of an
/// Assault (`assault`: `Some(brutal)`).
// issue 22: split after the rules work lands
#[allow(clippy::too_many_lines)]
fn fight_plan(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    defender: ModelRef,
    opts: &FightOptions,
    assault: Option<bool>,
    src: &mut Sources,
) -> Result<FightPlan, GameError> {
    let a = model(st, attacker)?;
    let d = model(st, defender)?;
    if !enemies(attacker, defender) {
        return Err(Refusal::SameSide {
            a: a.name.to_string(),
            b: d.name.to_string(),
        }
        .into());
    }
    let fight_row = action_row(ctx, "fight")?;
    let aw = melee(a, opts.weapon.as_deref())?;
    let dw = melee(d, opts.defender_weapon.as_deref())?;

    let mut atk = CheckSpec::new(aw.combat);
    src.add(|| {
        Text::new(
            format!(
                "{}: Combate {} ({}, {} al Combate)",
                a.name,
                aw.combat,
                aw.name.es,
                signed(aw.combat - a.profile.stats.combat)
            ),
            format!(
                "{}: Combat {} ({}, {} Combat)",
                a.name,
                aw.combat,
                aw.name.en,
                signed(aw.combat - a.profile.stats.combat)
            ),
        )
    });
    let mut def = CheckSpec::new(dw.combat);
    src.add(|| {
        Text::new(
            format!(
                "{}: Combate {} ({}, {} al Combate)",
                d.name,
                dw.combat,
                dw.name.es,
                signed(dw.combat - d.profile.stats.combat)
            ),
            format!(
                "{}: Combat {} ({}, {} Combat)",
                d.name,
                dw.combat,
                dw.name.en,
                signed(dw.combat - d.profile.stats.combat)
            ),
        )
    });

    let mut strength = aw.strength;
    let mut penetration = aw.penetration;
    match assault {
        Some(brutal) => {
            let row = action_row(ctx, "assault")?;
            atk.modifier += row.effect.modifier;
            src.add(|| {
                Text::new(
                    format!(
                        "{}: {} {} ({})",
                        a.name,
                        row.name.es,
                        signed(row.effect.modifier),
                        row.rule
                    ),
                    format!(
                        "{}: {} {} ({})",
                        a.name,
                        row.name.en,
                        signed(row.effect.modifier),
                        row.rule
                    ),
                )
            });
            strength += table_options(row, &opts.options, &[], &a.name, &mut atk, src)?;
            if brutal {
                let b = action_row(ctx, "brutal_assault")?;
                atk.modifier += b.effect.modifier;
                atk.advantages += b.effect.advantages;
                src.add(|| {
                    Text::new(
                        format!(
                            "{}: {}: {} ventaja(s) ({})",
                            a.name, b.name.es, b.effect.advantages, b.rule
                        ),
                        format!(
                            "{}: {}: {} advantage(s) ({})",
                            a.name, b.name.en, b.effect.advantages, b.rule
                        ),
                    )
                });
            }
            // R34 spear: +1 Strength and Penetration in an Assault action.
            if let Some(bonus) = ctx
                .rules
                .melee_weapon(&aw.id)
                .and_then(|w| w.assault_bonus.as_ref())
            {
                strength += bonus.strength;
                penetration += bonus.penetration;
                src.add(|| {
                    Text::new(
                        format!(
                            "{}: {} en Asalto: Fuerza {}, Penetración {} (R34)",
                            a.name,
                            aw.name.es,
                            signed(bonus.strength),
                            signed(bonus.penetration)
                        ),
                        format!(
                            "{}: {} in an Assault: Strength {}, Penetration {} (R34)",
                            a.name,
                            aw.name.en,
                            signed(bonus.strength),
                            signed(bonus.penetration)
                        ),
                    )
                });
            }
        }
        None => {
            strength += table_options(
                fight_row,
                &opts.options,
                &[EXTRA_FRIEND],
                &a.name,
                &mut atk,
                src,
            )?;
        }
    }

    // R24: each extra friendly model in the fight gives its side an advantage.
    if let Some(opt) = fight_row.options.iter().find(|o| o.id == EXTRA_FRIEND) {
        for (x, spec, n) in [
            (
                a,
                &mut atk,
                opts.attacker_friends
                    .unwrap_or_else(|| friends_in_fight(st, attacker, defender)),
            ),
            (
                d,
                &mut def,
                opts.defender_friends
                    .unwrap_or_else(|| friends_in_fight(st, defender, attacker)),
            ),
        ] {
            if n > 0 {
                spec.advantages += opt.advantages * n;
                spec.modifier += opt.modifier * n as i32;
                src.add(|| {
                    Text::new(
                        format!(
                            "{}: {} ×{n}: {} ventaja(s) ({})",
                            x.name,
                            opt.name.es,
                            opt.advantages * n,
                            fight_row.rule
                        ),
                        format!(
                            "{}: {} ×{n}: {} advantage(s) ({})",
                            x.name,
                            opt.name.en,
                            opt.advantages * n,
                            fight_row.rule
                        ),
                    )
                });
            }
        }
    }
    check_imposing_list(st, &[attacker, defender], &opts.imposing)?;
    imposing(
        st,
        ctx,
        attacker,
        &[defender],
        &opts.imposing,
        &mut atk,
        src,
    );
    imposing(
        st,
        ctx,
        defender,
        &[attacker],
        &opts.imposing,
        &mut def,
        src,
    );
    constrictor(st, ctx, attacker, defender, &mut atk, src);
    constrictor(st, ctx, defender, attacker, &mut def, src);
    fear_edge(ctx, a, &mut atk, src);
    fear_edge(ctx, d, &mut def, src);
    extras(ctx, &opts.extra, Party::Attacker, &a.name, &mut atk, src);
    extras(ctx, &opts.extra, Party::Defender, &d.name, &mut def, src);
    Ok(FightPlan {
        spec: OpposedSpec {
            active: atk,
            passive: def,
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
    require_standing(x)?;
    in_play(st, defender)?;
    if !x.engaged.contains(&defender) {
        return Err(Refusal::NotEngagedWith {
            model: x.name.to_string(),
            other: st.name(defender),
        }
        .into());
    }
    let plan = fight_plan(st, ctx, attacker, defender, opts, None, &mut Sources::off())?;
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
    require_standing(x)?;
    require_free(st, x)?;
    let d = in_play(st, defender)?;
    // R41 Dreadful aspect (rules 3): a passed Courage check first.
    if ctx.setup.all_rules() && d.has(Keyword::DreadfulAspect) {
        let names = || (x.name.to_string(), d.name.to_string());
        match st
            .dread
            .iter()
            .find(|(r, t, _)| *r == attacker && *t == defender)
        {
            Some((_, _, true)) => {}
            Some((_, _, false)) => {
                let (model, creature) = names();
                return Err(Refusal::DreadfulFailed { model, creature }.into());
            }
            None => {
                let (model, creature) = names();
                return Err(Refusal::DreadfulNeedsCourage { model, creature }.into());
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
        &mut Sources::off(),
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
        &mut Sources::off(),
    )?;
    Ok((plan.spec, plan.attacker_hit, plan.defender_hit))
}

/// R25: the opposed Agility check against one opponent.
fn disengage_plan(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    opp: ModelRef,
    src: &mut Sources,
) -> Result<OpposedSpec, GameError> {
    let x = model(st, m)?;
    let o = model(st, opp)?;
    let mut act = CheckSpec::new(x.agility());
    let mut pas = CheckSpec::new(o.agility());
    src.add(|| {
        Text::new(
            format!("{}: Agilidad {}", x.name, x.agility()),
            format!("{}: Agility {}", x.name, x.agility()),
        )
    });
    src.add(|| {
        Text::new(
            format!("{}: Agilidad {}", o.name, o.agility()),
            format!("{}: Agility {}", o.name, o.agility()),
        )
    });
    fear_edge(ctx, x, &mut act, src);
    fear_edge(ctx, o, &mut pas, src);
    Ok(OpposedSpec {
        active: act,
        passive: pas,
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
    require_standing(x)?;
    let engaged = x.engaged.clone();
    if engaged.is_empty() {
        return Err(Refusal::NotEngaged {
            model: x.name.to_string(),
        }
        .into());
    }
    let mut named: Vec<ModelRef> = rolls.iter().map(|r| r.opponent).collect();
    named.sort();
    let mut want = engaged.clone();
    want.sort();
    if named != want {
        let names = engaged.iter().map(|e| st.name(*e)).collect();
        return Err(Refusal::DisengageEach { names }.into());
    }
    for r in rolls {
        let spec = disengage_plan(st, ctx, m, r.opponent, &mut Sources::off())?;
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
        let line = melee(o, None)?;
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
    let mut src = Sources::on();
    let plan = fight_plan(st, ctx, attacker, defender, opts, assault, &mut src)?;
    Ok(PreparedCheck {
        spec: plan.spec,
        sources: src.take(),
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
            let mut src = Sources::on();
            let spec = disengage_plan(st, ctx, m, *o, &mut src)?;
            Ok(PreparedCheck {
                spec,
                sources: src.take(),
                active: Some(m),
                passive: Some(*o),
            })
        })
        .collect()
}
