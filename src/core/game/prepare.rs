//! Before a roll: the check an action will roll, built from the tracked
//! models with every modifier and its source in words and the exact odds;
//! and the dice an action still lacks, rolled with the game's dice. The
//! engine itself never rolls.

use crate::core::game::act;
use crate::core::game::action::{rolled, unrolled};
use serde::Serialize;

use super::action::{Action, DisengageRoll};
use super::error::{GameError, Refusal};
use super::guard::Ctx;
use super::pending;
use super::roll::{PreparedCheck, SideDice};
use super::state::GameState;
use super::{attribute, hits, kit, melee, shooting};
use crate::core::dice::{CheckSpec, OpposedSpec, Roller};

/// An action's roll (issue 23): the check it rolls, its dice, re-rolls
/// and resolution, or that it rolls none. Implemented in each action's
/// file, `acts/<id>.rs`; reached through [`Action::act`].
#[allow(
    dead_code,
    reason = "issue 23: the next commits move each family into it"
)]
pub(crate) trait Rolls {}

/// The check(s) a rolled action makes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Prepared {
    /// R01: an attribute check (a shot, a jump…).
    Check(PreparedCheck<CheckSpec>),
    /// R02: an opposed check (a fight, a hit, a fall).
    Opposed(PreparedCheck<OpposedSpec>),
    /// R25: one opposed Agility check per engaged opponent.
    Disengage(Vec<PreparedCheck<OpposedSpec>>),
    /// R18: a fall too low to harm: no roll.
    NoRoll,
}

impl Prepared {
    /// The opposed checks, one per roll of the action.
    pub fn opposed(&self) -> Vec<&PreparedCheck<OpposedSpec>> {
        match self {
            Prepared::Opposed(p) => vec![p],
            Prepared::Disengage(v) => v.iter().collect(),
            _ => Vec::new(),
        }
    }
}

/// The check `action` rolls, as the game builds it now (its options
/// included); `Err` when it names what does not exist. Whether the rules
/// allow the action now is `Game::check`'s answer.
pub(crate) fn prepare(
    st: &GameState,
    ctx: Ctx<'_>,
    action: &Action,
) -> Result<Prepared, GameError> {
    use Action as A;
    match action {
        A::Assault(act::Assault {
            attacker,
            defender,
            brutal,
            options,
            ..
        }) => {
            options.check_numbers()?;
            let p = melee::fight_check(st, ctx, *attacker, *defender, options, Some(*brutal))?;
            Ok(Prepared::Opposed(p))
        }
        A::Fight(act::Fight {
            attacker,
            defender,
            options,
            ..
        }) => {
            options.check_numbers()?;
            let p = melee::fight_check(st, ctx, *attacker, *defender, options, None)?;
            Ok(Prepared::Opposed(p))
        }
        A::Disengage(act::Disengage { model, .. }) => Ok(Prepared::Disengage(
            melee::disengage_checks(st, ctx, *model)?,
        )),
        A::Shoot(act::Shoot {
            shooter,
            target,
            options,
            ..
        }) => {
            options.check_numbers()?;
            let p = shooting::shoot_check(st, ctx, *shooter, *target, options)?;
            Ok(Prepared::Check(p))
        }
        A::ResolveHit(act::ResolveHit {
            attacker,
            target,
            options,
            ..
        }) => {
            options.check_numbers()?;
            let p = hits::hit_check(st, ctx, *attacker, *target, options)?;
            Ok(Prepared::Opposed(p))
        }
        A::Fall(act::Fall {
            model, height_cm, ..
        }) => Ok(match hits::fall_check(st, ctx, *model, *height_cm)? {
            Some(p) => Prepared::Opposed(p),
            None => Prepared::NoRoll,
        }),
        A::Check(act::Check {
            model,
            stat,
            modifier,
            options,
            ..
        }) => {
            super::action::check_number("modifier", *modifier)?;
            options.check_numbers()?;
            let p = attribute::attribute_check(st, ctx, *model, *stat, *modifier, options)?;
            Ok(Prepared::Check(p))
        }
        other @ (A::CastSpell(_) | unrolled!()) => {
            Err(Refusal::NotARoll { action: other.id() }.into())
        }
    }
}

/// `action` with every die it lacks rolled by `roller`: the dark forces,
/// the roll-off (ties rolled again, R08), the backlash, a check's dice, a
/// re-roll's dice. Dice already given (real dice typed in) are kept.
pub(crate) fn fill_dice(
    st: &GameState,
    ctx: Ctx<'_>,
    action: &Action,
    roller: &mut Roller,
) -> Result<Action, GameError> {
    use Action as A;
    let mut a = action.clone();
    match &mut a {
        A::StartTurn(act::StartTurn { dark_forces }) if dark_forces.is_empty() => {
            *dark_forces = table_dice(ctx, "dark_forces", roller)?;
        }
        A::CastSpell(act::CastSpell { backlash, .. }) if backlash.is_empty() => {
            *backlash = table_dice(ctx, "spell_backlash", roller)?;
        }
        A::RollOff(act::RollOff { rolls, .. }) if rolls.is_empty() => {
            // R08: ties are rolled again; every pair is kept.
            loop {
                let pair = [roller.die(10), roller.die(10)];
                rolls.push(pair);
                if pair[0] != pair[1] || rolls.len() >= 1000 {
                    break;
                }
            }
        }
        A::Assault(act::Assault { roll, .. })
        | A::Fight(act::Fight { roll, .. })
        | A::ResolveHit(act::ResolveHit { roll, .. })
            if roll.is_none() =>
        {
            if let Prepared::Opposed(p) = prepare(st, ctx, action)? {
                *roll = Some(p.roll(roller));
            }
        }
        A::Fall(act::Fall { roll, .. }) if roll.is_none() => {
            if let Prepared::Opposed(p) = prepare(st, ctx, action)? {
                *roll = Some(p.roll(roller));
            }
        }
        A::Shoot(act::Shoot { roll, .. }) | A::Check(act::Check { roll, .. }) if roll.is_none() => {
            if let Prepared::Check(p) = prepare(st, ctx, action)? {
                *roll = Some(p.roll(roller));
            }
        }
        A::Disengage(act::Disengage { rolls, .. }) if rolls.is_empty() => {
            if let Prepared::Disengage(ps) = prepare(st, ctx, action)? {
                for p in ps {
                    if let Some(opponent) = p.passive {
                        rolls.push(DisengageRoll {
                            opponent,
                            roll: p.roll(roller),
                        });
                    }
                }
            }
        }
        A::TotemReroll(act::TotemReroll { by, roll, dice })
        | A::HeadstrongReroll(act::HeadstrongReroll { by, roll, dice })
            if dice.is_none() =>
        {
            if let Some(p) = st.pending.as_ref()
                && let Some(part) = pending::roll_parts(st, &p.action)
                    .into_iter()
                    .find(|r| r.model == *by && r.roll == *roll)
                && let Some((_, spec)) = pending::dice_of(&p.action, &part)
            {
                *dice = Some(SideDice::roll(roller, &spec));
            }
        }
        // Dice given (real dice typed in), or none to roll.
        rolled!() | unrolled!() => {}
    }
    Ok(a)
}

/// The dice of one roll on a die-range table of the rules (R38, R39).
fn table_dice(ctx: Ctx<'_>, id: &str, roller: &mut Roller) -> Result<Vec<u32>, GameError> {
    let t = kit::table(ctx.rules, id)?;
    let expr = t.dice_expr().map_err(|e| Refusal::BadDiceExpr {
        detail: e.to_string(),
    })?;
    Ok((0..expr.count).map(|_| roller.die(expr.sides)).collect())
}
