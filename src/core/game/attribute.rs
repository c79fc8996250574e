//! R01: a plain attribute check the players log (a jump, difficult terrain,
//! Courage to assault a dreadful creature…); it changes nothing by itself.

use super::error::GameError;
use super::guard::{Ctx, in_play, model};
use super::kit::{fear_edge, same_spec, signed, stat_en, stat_es, take_reroll};
use super::refs::ModelRef;
use super::roll::{CheckDice, PreparedCheck, Sources};
use super::state::GameState;
use crate::core::dice::CheckSpec;
use crate::core::tables::Stat;
use crate::core::text::Text;

pub(super) fn check_plan(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    modifier: i32,
    src: &mut Sources,
) -> Result<CheckSpec, GameError> {
    let x = model(st, m)?;
    let value = if stat == Stat::Toughness {
        x.toughness()
    } else {
        x.profile.stats.get(stat)
    };
    let mut spec = CheckSpec::new(value).with_modifier(modifier);
    src.add(|| {
        Text::new(
            format!("{}: {} {value}", x.name, stat_es(stat)),
            format!("{}: {} {value}", x.name, stat_en(stat)),
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
    fear_edge(ctx, x, &mut spec, src);
    Ok(spec)
}

/// R01: an attribute check the players log; it changes nothing by itself.
pub(crate) fn check(
    st: &mut GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    modifier: i32,
    roll: &CheckDice,
) -> Result<(), GameError> {
    in_play(st, m)?;
    let spec = check_plan(st, ctx, m, stat, modifier, &mut Sources::off())?;
    same_spec(&roll.spec, &spec)?;
    roll.check()?;
    take_reroll(st, ctx, roll.reroll.as_ref(), &[(m, spec)])?;
    Ok(())
}

pub(crate) fn attribute_check(
    st: &GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    modifier: i32,
) -> Result<PreparedCheck<CheckSpec>, GameError> {
    let mut src = Sources::on();
    let spec = check_plan(st, ctx, m, stat, modifier, &mut src)?;
    Ok(PreparedCheck {
        spec,
        sources: src.take(),
        active: Some(m),
        passive: None,
    })
}
