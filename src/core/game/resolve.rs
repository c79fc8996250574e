//! A roll's result taking effect: the rolled actions (Assault, Fight,
//! Disengage, Shoot, a hit, a fall, an attribute check) sent to their rule
//! family with their dice. Game files of rules 1 apply a rolled action here
//! at once; from rules 2 on `pending` calls this when the roll is accepted.

use super::action::Action;
use super::error::{GameError, Refusal};
use super::guard::Ctx;
use super::state::GameState;
use super::{attribute, hits, melee, shooting, spell};
use crate::core::game::act;
use crate::core::game::action::unrolled;

/// The dice an action carries, or why it cannot be applied without them.
pub(crate) fn need<T>(dice: Option<&T>) -> Result<&T, GameError> {
    dice.ok_or_else(|| Refusal::NoDice.into())
}

/// Apply a rolled action with its dice. `lenient`: facts named with the
/// roll that its result makes moot (witnesses of a model that was not put
/// Down, a stray friend of a miss the penalty did not cause) are ignored.
// issue 22: split after the rules work lands
#[allow(clippy::too_many_lines)]
pub(crate) fn apply(
    st: &mut GameState,
    ctx: Ctx<'_>,
    action: &Action,
    lenient: bool,
) -> Result<(), GameError> {
    use Action as A;
    match action {
        A::Assault(act::Assault {
            attacker,
            defender,
            brutal,
            options,
            roll,
        }) => melee::assault(
            st,
            ctx,
            *attacker,
            *defender,
            *brutal,
            options,
            need(roll.as_ref())?,
        ),
        A::Fight(act::Fight {
            attacker,
            defender,
            options,
            roll,
        }) => melee::fight(st, ctx, *attacker, *defender, options, need(roll.as_ref())?),
        A::Disengage(act::Disengage { model, rolls }) => {
            if rolls.is_empty() {
                need::<()>(None)?;
            }
            melee::disengage(st, ctx, *model, rolls)
        }
        A::Shoot(act::Shoot {
            shooter,
            target,
            options,
            roll,
            stray,
        }) => shooting::shoot(
            st,
            ctx,
            *shooter,
            *target,
            options,
            need(roll.as_ref())?,
            *stray,
            lenient,
        ),
        A::ResolveHit(act::ResolveHit {
            attacker,
            target,
            options,
            roll,
            witnesses,
        }) => hits::resolve_hit(
            st,
            ctx,
            *attacker,
            *target,
            options,
            need(roll.as_ref())?,
            witnesses,
            lenient,
        ),
        A::Fall(act::Fall {
            model,
            height_cm,
            roll,
            witnesses,
        }) => hits::fall(
            st,
            ctx,
            *model,
            *height_cm,
            roll.as_ref(),
            witnesses,
            lenient,
        ),
        A::Check(act::Check {
            model,
            stat,
            modifier,
            options,
            roll,
            ..
        }) => attribute::check(
            st,
            ctx,
            *model,
            *stat,
            *modifier,
            options,
            need(roll.as_ref())?,
        ),
        A::CastSpell(act::CastSpell {
            caster,
            spell,
            target,
            within_15cm,
            backlash,
            within_30cm,
            targets,
        }) => spell::cast(
            st,
            ctx,
            spell::Cast {
                caster: *caster,
                spell,
                target: *target,
                within_15cm,
                backlash,
                within_30cm,
                targets,
                lenient,
            },
        ),
        other @ unrolled!() => Err(Refusal::NotARoll { action: other.id() }.into()),
    }
}
