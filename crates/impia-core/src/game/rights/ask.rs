//! Issue 33: what a seat's request leads to. Refused when it sets a field
//! the seat does not own; applied when all it needs is the seat's; else
//! it waits for the other seat (its dice typed at the table, its choices
//! in the roll), which completes it with its own half. "Roll" rolls every
//! die no seat typed.

use super::super::action::Action;
use super::super::draft::DeclKey;
use super::super::error::GameError;
use super::super::owners::{self as own, Denied, Field, declaration_owners, denied, take_owned};
use super::super::refs::{ModelRef, Side};
use super::super::roll::SideDice;
use super::super::session::Game;
use super::super::slot::DiceSlot;
use super::super::taker::Taker;
use crate::dice::Roller;

/// A seat's request answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// Apply this action now (the dice typed are in it; the game rolls
    /// the rest).
    Apply(Action),
    /// It waits for the other seat.
    Wait(Waiting),
}

/// Why a seat's request is not applied.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused {
    /// It sets a field the seat does not own (HTTP 403).
    Denied(Denied),
    /// The rules refuse it (HTTP 422).
    Rules(GameError),
}

impl From<GameError> for Refused {
    fn from(e: GameError) -> Self {
        Refused::Rules(e)
    }
}

/// A roll one seat asked for that waits for the other seat: its dice
/// typed at the table, or its own choices in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    /// The seat that asked.
    pub by: Side,
    /// The seat it waits for.
    pub from: Side,
    /// The action as the asking seat set it.
    pub action: Action,
    /// The asking seat's typed dice, per set of the action (`None`: not
    /// its own, or to be rolled).
    pub dice: Vec<Option<SideDice>>,
    /// What `from` gives: its dice ([`Field::Dice`]) and choices.
    pub needs: Vec<Field>,
    /// The log's length when asked: any other action makes it stale.
    pub at: usize,
}

impl Waiting {
    /// The sets of dice `from` types, in their order.
    pub fn slots_of(&self, g: &Game) -> Vec<DiceSlot> {
        g.dice_slots(&self.action)
            .unwrap_or_default()
            .into_iter()
            .filter(|s| slot_owner(s, self.by) == Taker::of_side(self.from))
            .collect()
    }

    /// Still the game's: nothing happened since it was asked.
    pub fn is_current(&self, g: &Game) -> bool {
        g.actions().len() == self.at
    }
}

/// Who rolls a set of dice: its model's side (beasts: either); a set of
/// no model, the seat that takes the action.
fn slot_owner(s: &DiceSlot, taker: Side) -> Taker {
    s.model.map_or(Taker::of_side(taker), Taker::of_model)
}

impl Game {
    /// Every decision of `action` that is not simply its taker's, with
    /// its owner and whether the action sets it (issue 33).
    pub fn owners(&self, action: &Action) -> Vec<super::Owned> {
        own::owners(self.state(), action)
    }

    /// The first field `action` sets that `side`'s seat does not own.
    pub fn denied(&self, action: &Action, side: Side) -> Option<Denied> {
        denied(self.state(), action, side)
    }

    /// What `side`'s seat asking for `action` with `dice` typed (its own
    /// sets, or every set of the action, in the order of
    /// [`Game::dice_slots`]; none: Roll) leads to (issue 33). The laptop
    /// does not ask: it applies.
    pub fn ask(&self, side: Side, action: &Action, dice: &[SideDice]) -> Result<Asked, Refused> {
        let other = side.opponent();
        let proposed = self.proposals(side, action)?;
        if let (false, Some(from)) = (proposed.is_empty(), other)
            && !action.is_roll()
        {
            return Ok(Asked::Wait(Waiting {
                by: side,
                from,
                action: action.clone(),
                dice: Vec::new(),
                needs: proposed,
                at: self.actions().len(),
            }));
        }
        let taker = self.taker(action);
        // Choices of the other seat in this draft: it is asked before the
        // dice fall (a side with nothing to choose is not).
        let mut needs: Vec<Field> = proposed;
        if !taker.allows(side) {
            let owns_some = self
                .declared_owners(action, taker)
                .contains(&Taker::of_side(side));
            match (action, taker) {
                (Action::Accept(_), t) => {
                    return Err(Refused::Denied(Denied {
                        field: Field::Rerolls,
                        owner: t,
                    }));
                }
                (_, Taker::A | Taker::B) if owns_some && action.is_roll() => {
                    needs.push(Field::Action);
                }
                (_, owner) => {
                    return Err(Refused::Denied(Denied {
                        field: Field::Action,
                        owner,
                    }));
                }
            }
        } else if let Some(o) = other
            && action.is_roll()
        {
            needs.extend(self.asked_of(action, taker, o));
        }
        let slots = if action.is_roll() {
            self.dice_slots(action)?
        } else {
            Vec::new()
        };
        // The sets another seat rolls (a set of no model is the taker's).
        let theirs: Vec<(ModelRef, Taker)> = slots
            .iter()
            .filter_map(|s| s.model.map(|m| (m, slot_owner(s, side))))
            .filter(|(_, t)| !t.allows(side))
            .collect();
        let mine = slots.len() - theirs.len();
        let mut typed: Vec<Option<SideDice>> = vec![None; slots.len()];
        if !dice.is_empty() {
            if dice.len() == slots.len() && !theirs.is_empty() {
                let (model, owner) = theirs[0];
                return Err(Refused::Denied(Denied {
                    field: Field::Dice { model },
                    owner,
                }));
            }
            if dice.len() == mine && !theirs.is_empty() {
                let mut given = dice.iter();
                for (t, s) in typed.iter_mut().zip(&slots) {
                    if slot_owner(s, side).allows(side) {
                        *t = given.next().cloned();
                    }
                }
                needs.extend(
                    theirs
                        .iter()
                        .map(|(model, _)| Field::Dice { model: *model }),
                );
            } else if needs.is_empty() {
                return Ok(Asked::Apply(self.with_typed_dice(action, dice)?));
            } else {
                typed = dice.iter().cloned().map(Some).collect();
            }
        }
        let from = match (needs.is_empty(), taker, other) {
            (true, ..) => return Ok(Asked::Apply(action.clone())),
            (false, Taker::A, _) if side != Side::A => Side::A,
            (false, Taker::B, _) if side != Side::B => Side::B,
            (false, _, Some(o)) => o,
            (false, _, None) => return Ok(Asked::Apply(action.clone())),
        };
        Ok(Asked::Wait(Waiting {
            by: side,
            from,
            action: action.clone(),
            dice: typed,
            needs,
            at: self.actions().len(),
        }))
    }

    /// The seat `side` completes the roll waiting for it with its half:
    /// `action` as that seat set its own choices (the rest as it waits),
    /// and its own dice (none: the game rolls them). The action to apply.
    pub fn complete(
        &self,
        w: &Waiting,
        side: Side,
        action: &Action,
        dice: &[SideDice],
    ) -> Result<Action, Refused> {
        if side != w.from {
            return Err(Refused::Denied(Denied {
                field: Field::Action,
                owner: Taker::of_side(w.from),
            }));
        }
        let mut merged = w.action.clone();
        take_owned(&mut merged, action, side);
        let mut check = action.clone();
        take_owned(&mut check, &w.action, w.by);
        // The answer may leave the asking seat's choices out (they are
        // kept as asked) but may not change them.
        let asker = Taker::of_side(w.by);
        if let Some(o) = own::owners(self.state(), action)
            .into_iter()
            .find(|o| o.set && o.owner == asker)
            && check != *action
        {
            return Err(Refused::Denied(Denied {
                field: o.field,
                owner: asker,
            }));
        }
        if merged != check {
            // It changed what is the asking seat's (or another action).
            return Err(Refused::Denied(Denied {
                field: Field::Action,
                owner: Taker::of_side(w.by),
            }));
        }
        let slots = self.dice_slots(&merged)?;
        let mut given = dice.iter();
        let mut all: Vec<Option<SideDice>> = Vec::with_capacity(slots.len());
        for (i, s) in slots.iter().enumerate() {
            all.push(if slot_owner(s, w.by) == Taker::of_side(side) {
                given.next().cloned()
            } else {
                w.dice.get(i).cloned().flatten()
            });
        }
        if given.next().is_some() {
            return Err(Refused::Rules(
                super::super::error::Refusal::DiceCount {
                    want: slots.len(),
                    given: dice.len(),
                }
                .into(),
            ));
        }
        if all.iter().all(Option::is_none) {
            return Ok(merged);
        }
        // The sets no seat typed: the game's dice ("Roll").
        let mut roller: Roller = self.roller();
        let full: Vec<SideDice> = slots
            .iter()
            .zip(all)
            .map(|(s, d)| d.unwrap_or_else(|| SideDice::roll(&mut roller, &s.spec)))
            .collect();
        Ok(self.with_typed_dice(&merged, &full)?)
    }

    /// The facts of `action` that harm the other side's models, which
    /// `side` may only propose; any other field `side` does not own
    /// refuses the request.
    fn proposals(&self, side: Side, action: &Action) -> Result<Vec<Field>, Refused> {
        let other = side.opponent();
        let mut proposed: Vec<Field> = Vec::new();
        for o in own::owners(self.state(), action) {
            if !o.set || o.owner.allows(side) {
                continue;
            }
            let theirs = other.is_some_and(|x| o.owner == Taker::of_side(x));
            if !(theirs && o.field.harms()) {
                return Err(Refused::Denied(Denied {
                    field: o.field,
                    owner: o.owner,
                }));
            }
            if !proposed.contains(&o.field) {
                proposed.push(o.field);
            }
        }
        Ok(proposed)
    }

    /// What `action`'s declarations ask of `side`'s seat: R23 its
    /// model's weapon by name, any other choice as its choices.
    fn asked_of(&self, action: &Action, taker: Taker, side: Side) -> Vec<Field> {
        let mut out: Vec<Field> = Vec::new();
        for d in self.declarations(action) {
            if !declaration_owners(action, &d, taker).contains(&Taker::of_side(side)) {
                continue;
            }
            let f = match d.key {
                DeclKey::Weapon(model) => Field::Weapon { model },
                _ => Field::Action,
            };
            if !out.contains(&f) {
                out.push(f);
            }
        }
        out
    }

    /// The owners of the answers to `action`'s declarations.
    fn declared_owners(&self, action: &Action, taker: Taker) -> Vec<Taker> {
        self.declarations(action)
            .iter()
            .flat_map(|d| declaration_owners(action, d, taker))
            .collect()
    }
}
