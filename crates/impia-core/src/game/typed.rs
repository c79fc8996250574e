//! Real dice typed in (issue 26): the sets of dice a rolled action takes,
//! in one fixed order, and the action filled from dice given in that
//! order, each checked against the check the game builds now (R01–R04).
//! The phone's "Type the dice" and its answer go through here; the game's
//! own dice go through `prepare::fill_dice`. Each action says its sets
//! and takes its dice in its own file (`Rolls::dice_slots`,
//! `Rolls::put_typed_dice`).

use super::action::Action;
use super::error::{GameError, Refusal};
use super::guard::{self, Ctx};
use super::pending;
use super::refs::ModelRef;
use super::roll::SideDice;
use super::session::Game;
use super::slot::{DiceSlot, Typed};
use super::state::GameState;

/// The sets of dice `action` takes, in the order they are typed: a check's
/// one; an opposed check's active then passive side; a Disengage's rolls
/// in turn (R25); a re-roll's own side (R33, R42). Empty for an action
/// whose dice are not checks (the dark forces, the roll-off and a spell's
/// backlash carry their dice in the action itself).
pub(crate) fn dice_slots(
    st: &GameState,
    ctx: Ctx<'_>,
    action: &Action,
) -> Result<Vec<DiceSlot>, GameError> {
    action
        .act()
        .dice()
        .map_or_else(|| Ok(Vec::new()), |d| d.dice_slots(st, ctx))
}

/// R33, R42: the one set of dice a re-roll by `by` of roll `roll` of the
/// roll waiting takes: its own side's.
pub(crate) fn reroll_slots(
    st: &GameState,
    by: ModelRef,
    roll: usize,
) -> Result<Vec<DiceSlot>, GameError> {
    let Some(p) = st.pending.as_ref() else {
        return Err(Refusal::NoRollWaiting.into());
    };
    let Some(part) = pending::roll_parts(st, &p.action)
        .into_iter()
        .find(|r| r.model == by && r.roll == roll)
    else {
        return Err(Refusal::NotInRoll { model: by }.into());
    };
    Ok(pending::dice_of(&p.action, &part)
        .map(|(_, spec)| DiceSlot {
            model: Some(by),
            role: part.role,
            spec,
            table: None,
        })
        .into_iter()
        .collect())
}

/// `action` with its roll made of `dice`, given in the order of
/// [`dice_slots`], each checked against its side's check (R01–R04).
pub(crate) fn with_typed_dice(
    st: &GameState,
    ctx: Ctx<'_>,
    action: &Action,
    dice: &[SideDice],
) -> Result<Action, GameError> {
    let slots = dice_slots(st, ctx, action)?;
    if slots.len() != dice.len() {
        return Err(Refusal::DiceCount {
            want: slots.len(),
            given: dice.len(),
        }
        .into());
    }
    for (s, d) in slots.iter().zip(dice) {
        d.check(&s.spec)?;
    }
    let mut a = action.clone();
    if let Some(d) = a.act_mut().dice_mut() {
        d.put_typed_dice(
            st,
            ctx,
            &Typed {
                slots: &slots,
                dice,
            },
        )?;
    }
    Ok(a)
}

impl Game {
    /// The sets of dice `action` takes, in the order a player types them
    /// (issue 26); see [`DiceSlot`].
    pub fn dice_slots(&self, action: &Action) -> Result<Vec<DiceSlot>, GameError> {
        dice_slots(self.state(), self.ctx(), action).map_err(|e| guard::named(self.state(), e))
    }

    /// `action` with real dice typed in, in the order of
    /// [`Game::dice_slots`], each checked against the check the game
    /// builds now (R01–R04); a clear refusal for a wrong count of sets, of
    /// d3 or a face out of range. The rules still judge the action itself
    /// when it is applied.
    pub fn with_typed_dice(&self, action: &Action, dice: &[SideDice]) -> Result<Action, GameError> {
        with_typed_dice(self.state(), self.ctx(), action, dice)
            .map_err(|e| guard::named(self.state(), e))
    }
}
