//! A roll's result taking effect: the rolled actions (Assault, Fight,
//! Disengage, Shoot, a hit, a fall, an attribute check, a spell) sent to
//! their rule family with their dice, each from its own file
//! (`Rolls::resolve_roll`). Game files of rules 1 apply a rolled action
//! here at once; from rules 2 on `pending` calls this when the roll is
//! accepted.

use super::action::Action;
use super::error::{GameError, Refusal};
use super::guard::Ctx;
use super::state::GameState;

/// The dice an action carries, or why it cannot be applied without them.
pub(crate) fn need<T>(dice: Option<&T>) -> Result<&T, GameError> {
    dice.ok_or_else(|| Refusal::NoDice.into())
}

/// Apply a rolled action with its dice. `lenient`: facts named with the
/// roll that its result makes moot (witnesses of a model that was not put
/// Down, a stray friend of a miss the penalty did not cause) are ignored.
pub(crate) fn apply(
    st: &mut GameState,
    ctx: Ctx<'_>,
    action: &Action,
    lenient: bool,
) -> Result<(), GameError> {
    action
        .act()
        .dice()
        .and_then(|d| d.resolve_roll(st, ctx, lenient))
        .unwrap_or_else(|| {
            Err(Refusal::NotARoll {
                action: action.id(),
            }
            .into())
        })
}
