//! Real dice typed in (issue 26): the sets of dice a rolled action takes,
//! in one fixed order, and the action filled from dice given in that
//! order, each checked against the check the game builds now (R01–R04).
//! The phone's "Type the dice" and its answer go through here; the game's
//! own dice go through `prepare::fill_dice`.

use super::action::{Action, DisengageRoll, by_hand, turn_steps, unrolled_acts};
use super::error::{GameError, Refusal};
use super::guard::{self, Ctx};
use super::pending;
use super::prepare::{Prepared, prepare};
use super::refs::ModelRef;
use super::roll::{CheckDice, OpposedDice, Role, SideDice};
use super::session::Game;
use super::state::GameState;
use crate::core::dice::{CheckSpec, OpposedSpec};
use crate::core::game::act;

/// One set of dice a roll takes: a d10 and the d3 of its net advantages or
/// complications (R04), rolled by `model` for its side of the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceSlot {
    pub model: Option<ModelRef>,
    /// `None`: a plain attribute check (R01); else its side of an opposed
    /// check (R02).
    pub role: Option<Role>,
    pub spec: CheckSpec,
}

impl DiceSlot {
    /// How many d3 it takes (R04: one per net advantage or complication).
    pub fn d3(&self) -> u32 {
        self.spec.edge().unsigned_abs()
    }
}

fn opposed_slots(p: &super::roll::PreparedCheck<OpposedSpec>) -> [DiceSlot; 2] {
    [
        DiceSlot {
            model: p.active,
            role: Some(Role::Active),
            spec: p.spec.active,
        },
        DiceSlot {
            model: p.passive,
            role: Some(Role::Passive),
            spec: p.spec.passive,
        },
    ]
}

/// The sets of dice a prepared check takes, in the order they are typed
/// (a caller that has the check already need not prepare it again).
pub(crate) fn slots_of(prepared: &Prepared) -> Vec<DiceSlot> {
    match prepared {
        Prepared::Check(p) => vec![DiceSlot {
            model: p.active,
            role: None,
            spec: p.spec,
        }],
        Prepared::Opposed(p) => opposed_slots(p).to_vec(),
        Prepared::Disengage(v) => v.iter().flat_map(opposed_slots).collect(),
        Prepared::NoRoll => Vec::new(),
    }
}

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
    use Action as A;
    match action {
        A::Assault(_)
        | A::Fight(_)
        | A::Disengage(_)
        | A::Shoot(_)
        | A::ResolveHit(_)
        | A::Fall(_)
        | A::Check(_) => Ok(slots_of(&prepare(st, ctx, action)?)),
        A::TotemReroll(act::TotemReroll { by, roll, .. })
        | A::HeadstrongReroll(act::HeadstrongReroll { by, roll, .. }) => {
            let Some(p) = st.pending.as_ref() else {
                return Err(Refusal::NoRollWaiting.into());
            };
            let Some(part) = pending::roll_parts(st, &p.action)
                .into_iter()
                .find(|r| r.model == *by && r.roll == *roll)
            else {
                return Err(Refusal::NotInRoll { model: *by }.into());
            };
            Ok(pending::dice_of(&p.action, &part)
                .map(|(_, spec)| DiceSlot {
                    model: Some(*by),
                    role: part.role,
                    spec,
                })
                .into_iter()
                .collect())
        }
        A::CastSpell(_)
        | turn_steps!()
        | unrolled_acts!()
        | A::Accept(_)
        | by_hand!()
        | A::Note(_) => Ok(Vec::new()),
    }
}

/// `action` with its roll made of `dice`, given in the order of
/// [`dice_slots`], each checked against its side's check (R01–R04).
pub(crate) fn with_typed_dice(
    st: &GameState,
    ctx: Ctx<'_>,
    action: &Action,
    dice: &[SideDice],
) -> Result<Action, GameError> {
    use Action as A;
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
    // The opposed checks as the game builds them (R02; R23 a Combat roll).
    let opposed_roll = slots.first().is_some_and(|s| s.role.is_some())
        && (action.is_roll() || matches!(action, A::Fall(_)));
    let specs: Vec<OpposedSpec> = if opposed_roll {
        prepare(st, ctx, action)?
            .opposed()
            .iter()
            .map(|c| c.spec)
            .collect()
    } else {
        Vec::new()
    };
    let opposed = |k: usize| -> Result<OpposedDice, GameError> {
        let (Some(spec), Some(a), Some(p)) = (specs.get(k), dice.get(2 * k), dice.get(2 * k + 1))
        else {
            return Err(Refusal::DiceCount {
                want: slots.len(),
                given: dice.len(),
            }
            .into());
        };
        OpposedDice::typed(*spec, a.clone(), p.clone())
    };
    let mut a = action.clone();
    match &mut a {
        A::Assault(act::Assault { roll, .. })
        | A::Fight(act::Fight { roll, .. })
        | A::ResolveHit(act::ResolveHit { roll, .. })
        | A::Fall(act::Fall { roll, .. }) => {
            if !slots.is_empty() {
                *roll = Some(opposed(0)?);
            }
        }
        A::Shoot(act::Shoot { roll, .. }) | A::Check(act::Check { roll, .. }) => {
            if let (Some(s), Some(d)) = (slots.first(), dice.first()) {
                *roll = Some(CheckDice::typed(s.spec, d.clone())?);
            }
        }
        A::Disengage(act::Disengage { rolls, .. }) => {
            let mut out = Vec::new();
            for k in 0..slots.len() / 2 {
                let Some(opponent) = slots.get(2 * k + 1).and_then(|s| s.model) else {
                    continue;
                };
                out.push(DisengageRoll {
                    opponent,
                    roll: opposed(k)?,
                });
            }
            *rolls = out;
        }
        A::TotemReroll(act::TotemReroll { dice: d, .. })
        | A::HeadstrongReroll(act::HeadstrongReroll { dice: d, .. }) => {
            *d = dice.first().cloned();
        }
        A::CastSpell(_)
        | turn_steps!()
        | unrolled_acts!()
        | A::Accept(_)
        | by_hand!()
        | A::Note(_) => {}
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
