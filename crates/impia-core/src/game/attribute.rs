//! R01: a plain attribute check the players log (a jump, difficult terrain,
//! Courage to assault a dreadful creature…); it changes nothing by itself.

use super::action::CheckOptions;
use super::action::Party;
use super::error::{GameError, Refusal};
use super::guard::{Ctx, enemies, in_play, model};
use super::kit::fear_edge;
use super::refs::ModelRef;
use super::roll::PreparedCheck;
use super::sources::{Check, Edge, Source};
use super::state::GameState;
use crate::dice::CheckSpec;
use crate::tables::{Keyword, Stat};

pub(super) fn check_plan<'a>(
    st: &'a GameState,
    ctx: Ctx<'_>,
    m: ModelRef,
    stat: Stat,
    modifier: i32,
    opts: &CheckOptions,
    chk: &mut Check<'a>,
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
    let me = Party::Attacker;
    chk.add(me, Edge::base(value), Source::Stat { who: &x.name, stat });
    if modifier != 0 {
        chk.add(me, Edge::modifier(modifier), Source::GivenModifier);
    }
    // R04: advantages and complications the players name.
    if opts.advantages > 0 || opts.complications > 0 {
        chk.add(
            me,
            Edge {
                advantages: opts.advantages,
                complications: opts.complications,
                ..Edge::NONE
            },
            Source::GivenEdge,
        );
    }
    fear_edge(ctx, x, me, chk);
    Ok(chk.spec(me))
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
        return Err(Refusal::NotDreadful { model: d }.into());
    }
    if stat != Stat::Courage {
        return Err(Refusal::DreadfulNotCourage.into());
    }
    // R41 (rules 4): the check is made once per enemy per activation; a
    // failed one closes that assault, it is not tried again until it passes.
    if ctx.setup.exact_rules() && st.dread.iter().any(|(r, t, _)| *r == m && *t == d) {
        return Err(Refusal::DreadfulAgain {
            model: m,
            creature: d,
        }
        .into());
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
    let mut chk = Check::new();
    let spec = check_plan(st, ctx, m, stat, modifier, opts, &mut chk)?;
    Ok(PreparedCheck {
        spec,
        sources: chk.sources(),
        active: Some(m),
        passive: None,
    })
}
