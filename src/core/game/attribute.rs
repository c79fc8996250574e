//! R01: a plain attribute check the players log (a jump, difficult terrain,
//! Courage to assault a dreadful creature…); it changes nothing by itself.

use super::action::CheckOptions;
use super::error::{GameError, Refusal};
use super::guard::{Ctx, enemies, in_play, model};
use super::kit::{fear_edge, same_spec, signed, take_reroll};
use super::refs::ModelRef;
use super::roll::{CheckDice, PreparedCheck, Sources};
use super::state::GameState;
use crate::core::dice::CheckSpec;
use crate::core::glossary;
use crate::core::tables::{Keyword, Stat};
use crate::core::text::Text;

pub(super) fn check_plan(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    modifier: i32,
    opts: &CheckOptions,
    src: &mut Sources,
) -> Result<CheckSpec, GameError> {
    let x = model(st, m)?;
    if let Some(d) = opts.dreadful {
        dreadful_target(st, ctx, m, stat, d)?;
    }
    let value = if stat == Stat::Toughness {
        x.toughness()
    } else {
        x.profile.stats.get(stat)
    };
    let mut spec = CheckSpec::new(value).with_modifier(modifier);
    src.add(|| {
        Text::new(
            format!("{}: {} {value}", x.name, glossary::stat(stat).es),
            format!("{}: {} {value}", x.name, glossary::stat(stat).en),
        )
    });
    if modifier != 0 {
        src.add(|| {
            Text::new(
                format!("Modificador {}", signed(modifier)),
                format!("Modifier {}", signed(modifier)),
            )
        });
    }
    // R04: advantages and complications the players name.
    if opts.advantages > 0 || opts.complications > 0 {
        spec.advantages += opts.advantages;
        spec.complications += opts.complications;
        src.add(|| {
            Text::new(
                format!(
                    "{} ventaja(s), {} complicación(es) indicadas (R04)",
                    opts.advantages, opts.complications
                ),
                format!(
                    "{} advantage(s), {} complication(s) given (R04)",
                    opts.advantages, opts.complications
                ),
            )
        });
    }
    fear_edge(ctx, x, &mut spec, src);
    Ok(spec)
}

/// R41 Dreadful aspect (rules 3): the Courage check of the acting model
/// against an enemy with the upgrade.
fn dreadful_target(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    d: ModelRef,
) -> Result<(), GameError> {
    let y = in_play(st, d)?;
    if !ctx.setup.all_rules() || !y.has(Keyword::DreadfulAspect) || !enemies(m, d) {
        return Err(Refusal::NotDreadful {
            model: y.name.to_string(),
        }
        .into());
    }
    if stat != Stat::Courage {
        return Err(Refusal::DreadfulNotCourage.into());
    }
    // R41 (rules 4): the check is made once per enemy per activation; a
    // failed one closes that assault, it is not tried again until it passes.
    if ctx.setup.exact_rules() && st.dread.iter().any(|(r, t, _)| *r == m && *t == d) {
        return Err(Refusal::DreadfulAgain {
            model: st.name(m),
            creature: y.name.to_string(),
        }
        .into());
    }
    Ok(())
}

/// R01: an attribute check the players log; it changes nothing by itself.
/// With `opts.dreadful` (rules 3, R41), its result decides whether `m` may
/// assault that enemy in this activation.
pub(crate) fn check(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    modifier: i32,
    opts: &CheckOptions,
    roll: &CheckDice,
) -> Result<(), GameError> {
    in_play(st, m)?;
    let spec = check_plan(st, ctx, m, stat, modifier, opts, &mut Sources::off())?;
    same_spec(&roll.spec, &spec)?;
    roll.check()?;
    take_reroll(st, ctx, roll.reroll.as_ref(), &[(m, spec)])?;
    if let Some(d) = opts.dreadful {
        st.dread.retain(|(r, t, _)| !(*r == m && *t == d));
        st.dread.push((m, d, roll.success()));
    }
    Ok(())
}

pub(crate) fn attribute_check(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    modifier: i32,
    opts: &CheckOptions,
) -> Result<PreparedCheck<CheckSpec>, GameError> {
    let mut src = Sources::on();
    let spec = check_plan(st, ctx, m, stat, modifier, opts, &mut src)?;
    Ok(PreparedCheck {
        spec,
        sources: src.take(),
        active: Some(m),
        passive: None,
    })
}
