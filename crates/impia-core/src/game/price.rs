//! ★ The price of a draft (issue 23): its DP, its check with every source,
//! the chance to win it and the chance each side ends Down, for exactly
//! the draft the players made (the game's door to it: `price_of.rs`).

use super::action::Action;
use super::chance::attack_chances;
use super::engine;
use super::error::GameError;
use super::guard::{self, Ctx};
use super::prepare::{Prepared, fill_dice, prepare};
use super::state::GameState;
use crate::dice::Roller;
use crate::odds::Prob;

/// The price of a draft: its DP, the check it makes with every source in
/// words (when it rolls), the chance the acting side wins that roll, and
/// the chance each side ends Down, all for exactly this draft (the
/// snapshot's `PriceView` is it in words).
#[derive(Clone, Debug, PartialEq)]
pub struct Price {
    pub dp: i32,
    pub prepared: Option<Prepared>,
    /// The roll succeeds (a check) or the acting side wins it (opposed).
    pub win: Option<Prob>,
    /// For an attack: the target ends Down (the roll and the hit chained).
    pub down: Option<Prob>,
    /// For a fight: the attacker ends Down (R23: a tie hits both).
    pub attacker_down: Option<Prob>,
}

/// Would the rules accept `action` now? Missing dice are filled with fixed
/// dice: whether an action is allowed never depends on how its dice fall.
pub(crate) fn try_action(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    engine::logged(st, action)?;
    let full =
        fill_dice(st, ctx, action, &mut Roller::seeded(0)).map_err(|e| guard::named(st, e))?;
    let mut next = st.clone();
    engine::verdict(&mut next, ctx, &full)
}

/// The DP an action costs (R10–R12, R09, R38).
pub(crate) fn cost(st: &GameState, ctx: Ctx<'_>, action: &Action) -> i32 {
    action.act().cost(st, ctx)
}

/// The price of `action` exactly as drafted; the refusal (naming its rule)
/// when the rules would not take it now.
pub(crate) fn price(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Result<Price, GameError> {
    try_action(st, ctx, action)?;
    Ok(price_allowed(st, ctx, action))
}

/// The price of `action`, which the rules take now (already tried: the
/// offers price each target's draft once, issue 32).
pub(crate) fn price_allowed(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Price {
    let prepared = if action.is_roll() {
        prepare(st, ctx, action).ok()
    } else {
        None
    };
    let win = prepared.as_ref().and_then(|p| match p {
        Prepared::Check(c) => Some(c.odds().0),
        Prepared::Opposed(o) => Some(o.odds().active_wins.0),
        _ => None,
    });
    let chances = attack_chances(st, ctx, action);
    Price {
        dp: cost(st, ctx, action),
        prepared,
        win,
        down: chances.map(|c| c.down),
        attacker_down: chances.and_then(|c| c.attacker_down),
    }
}
