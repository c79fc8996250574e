//! Issue 33: each decision of a draft has one owner. Not per action but
//! per field: the owner of a model's own choices is that model's side (its
//! weapon, Iron defence, cover, Survival instinct, Inspiring for its
//! friends, its Imposing presence), a hand modifier (`extra`) belongs to
//! the side whose roll it changes, typed dice to the side that rolls them,
//! and a fact that harms a side's models (witnesses who gain fear, the
//! friend a stray shot hits, an engagement set by hand, the end of the
//! turn while it still has models to activate) to that side. Each action
//! lists its fields in its own file (`Rules::owners`, `Rules::take_owned`);
//! what a seat's request leads to is `rights`.

use serde::Serialize;

use super::action::{Action, ExtraModifier, FightOptions, Party};
use super::draft::{DeclKey, DeclKind, Declaration, IRON_DEFENCE};
use super::pending::{dice_of, roll_parts};
use super::refs::{ModelRef, Side};
use super::state::GameState;
use super::taker::Taker;

/// One decision a draft may carry, named for the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "field", rename_all = "snake_case")]
pub enum Field {
    /// The action itself: the choices of the model that takes it.
    Action,
    /// A hand modifier on `on`'s roll.
    Extra { on: Party },
    /// R23: the weapon `model` fights with.
    Weapon { model: ModelRef },
    /// R24: the extra friends in the fight on `model`'s side.
    Friends { model: ModelRef },
    /// R28.
    IronDefence,
    /// R30.
    Cover,
    /// R42 Survival instinct.
    SurvivalInstinct,
    /// R42 Inspiring: the hitter's friends who lose fear.
    Inspired,
    /// R42: `model`'s Imposing presence.
    Imposing { model: ModelRef },
    /// R01, R02: the dice `model` rolls.
    Dice { model: ModelRef },
    /// R31: the friends who gain fear as witnesses.
    Witnesses,
    /// R26: the friend a stray shot hits.
    Stray,
    /// R38: the models the backlash reached.
    Within30cm,
    /// An engagement set by hand.
    Engagement,
    /// The end of the turn while `side` has models left to activate.
    EndTurn { side: Side },
    /// R33, R42: the re-rolls of the roll waiting, not yet taken or
    /// passed.
    Rerolls,
}

impl Field {
    /// A fact of the table that harms its owner's models (fear, a hit,
    /// an engagement, activations lost): proposed by the other seat, it
    /// is applied once its owner agrees (or the laptop decides).
    pub fn harms(&self) -> bool {
        matches!(
            self,
            Field::Witnesses
                | Field::Stray
                | Field::Within30cm
                | Field::Engagement
                | Field::EndTurn { .. }
        )
    }
}

/// A field of a draft, its owner and whether the draft sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Owned {
    pub field: Field,
    pub owner: Taker,
    pub set: bool,
}

/// A seat asked to set a field it does not own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Denied {
    pub field: Field,
    pub owner: Taker,
}

pub(crate) fn of(m: ModelRef) -> Taker {
    Taker::of_model(m)
}

/// The fields of one draft as its action's file lists them
/// ([`Rules::owners`](super::engine::Rules::owners)).
pub(crate) struct Owners(Vec<Owned>);

impl Owners {
    pub(crate) fn push(&mut self, field: Field, owner: Taker, set: bool) {
        self.0.push(Owned { field, owner, set });
    }

    /// R42: each model named for its Imposing presence is its side's.
    pub(crate) fn imposing(&mut self, models: &[ModelRef]) {
        for m in models {
            self.push(Field::Imposing { model: *m }, of(*m), true);
        }
    }

    /// A list of models, each its own side's to name (the harm is theirs).
    pub(crate) fn listed(&mut self, field: Field, models: &[ModelRef]) {
        for m in models {
            self.push(field, of(*m), true);
        }
    }

    /// Hand modifiers: the attacker's roll is `attacker`'s side's, the
    /// defender's `defender`'s.
    pub(crate) fn extras(
        &mut self,
        extra: &[ExtraModifier],
        attacker: ModelRef,
        defender: ModelRef,
    ) {
        for on in [Party::Attacker, Party::Defender] {
            let owner = match on {
                Party::Attacker => of(attacker),
                Party::Defender => of(defender),
            };
            let set = extra.iter().any(|e| e.on == on);
            self.push(Field::Extra { on }, owner, set);
        }
    }

    /// R20–R24: each side's weapon, friends, modifiers and Imposing.
    pub(crate) fn fight(&mut self, attacker: ModelRef, defender: ModelRef, o: &FightOptions) {
        self.push(
            Field::Weapon { model: attacker },
            of(attacker),
            o.weapon.is_some(),
        );
        self.push(
            Field::Weapon { model: defender },
            of(defender),
            o.defender_weapon.is_some(),
        );
        self.push(
            Field::Friends { model: attacker },
            of(attacker),
            o.attacker_friends.is_some(),
        );
        self.push(
            Field::Friends { model: defender },
            of(defender),
            o.defender_friends.is_some(),
        );
        self.extras(&o.extra, attacker, defender);
        self.imposing(&o.imposing);
    }
}

/// Every decision of `action` (the state before it) that is not simply
/// its taker's, with its owner and whether the action sets it; the rest
/// of the action is its taker's ([`Field::Action`]).
pub(crate) fn owners(st: &GameState, action: &Action) -> Vec<Owned> {
    let mut o = Owners(Vec::new());
    action.act().owners(st, &mut o);
    // Dice carried in the action itself: each side's its own.
    for part in roll_parts(st, action) {
        if dice_of(action, &part).is_some() {
            o.push(Field::Dice { model: part.model }, of(part.model), true);
        }
    }
    o.0
}

/// `side` still has models in play that have not acted this turn.
pub(crate) fn to_activate(st: &GameState, side: Side) -> bool {
    st.turn > 0
        && st
            .models_of(side)
            .any(|(_, m)| m.status.in_play() && !m.acted)
}

/// The first field `action` sets that `side`'s seat does not own.
pub(crate) fn denied(st: &GameState, action: &Action, side: Side) -> Option<Denied> {
    owners(st, action)
        .into_iter()
        .find(|o| o.set && !o.owner.allows(side))
        .map(|o| Denied {
            field: o.field,
            owner: o.owner,
        })
}

/// Who owns the answers to declaration `d` of `draft` (taken by
/// `taker`): each model it lists may be another side's.
pub(crate) fn declaration_owners(draft: &Action, d: &Declaration, taker: Taker) -> Vec<Taker> {
    // A hit's choices are its two models' (R28–R30, R42).
    let hit = if let Action::ResolveHit(h) = draft {
        Some((h.attacker, h.target))
    } else {
        None
    };
    let models = || match &d.kind {
        DeclKind::Models { models } => models.iter().map(|m| of(*m)).collect(),
        _ => vec![taker],
    };
    match (&d.key, hit) {
        // R23: a model's weapon is its own side's choice.
        (DeclKey::Weapon(m), _) => vec![of(*m)],
        (DeclKey::Inspired, Some((attacker, _))) => vec![of(attacker)],
        (DeclKey::Cover | DeclKey::SurvivalInstinct, Some((_, target))) => vec![of(target)],
        (DeclKey::Row(id), Some((_, target))) if id == IRON_DEFENCE => vec![of(target)],
        (DeclKey::Imposing | DeclKey::Witnesses, _) => models(),
        _ => vec![taker],
    }
}

/// `into` with the decisions `side` owns taken from `from` (the same
/// action as both seats see it): how two seats' halves of one roll meet.
pub(crate) fn take_owned(into: &mut Action, from: &Action, side: Side) {
    into.act_mut().take_owned(from, side);
}

/// Hand modifiers of `on`'s rolls taken from `from`.
pub(crate) fn take_extra(into: &mut Vec<ExtraModifier>, from: &[ExtraModifier], on: &[Party]) {
    into.retain(|e| !on.contains(&e.on));
    into.extend(from.iter().filter(|e| on.contains(&e.on)).cloned());
}

/// The Imposing models of `side` taken from `from` (R42).
pub(crate) fn take_imposing(into: &mut Vec<ModelRef>, from: &[ModelRef], side: Side) {
    into.retain(|m| m.side != side);
    into.extend(from.iter().copied().filter(|m| m.side == side));
}

/// The parties of a roll `side` plays: the attacker's, the defender's.
pub(crate) fn parties(attacker: ModelRef, defender: ModelRef, side: Side) -> Vec<Party> {
    [(attacker, Party::Attacker), (defender, Party::Defender)]
        .into_iter()
        .filter(|(m, _)| m.side == side)
        .map(|(_, p)| p)
        .collect()
}

/// R20–R24: `side`'s half of a fight's options taken from `f`.
pub(crate) fn take_fight(
    i: &mut FightOptions,
    f: &FightOptions,
    attacker: ModelRef,
    defender: ModelRef,
    side: Side,
) {
    if attacker.side == side {
        i.weapon = f.weapon.clone();
        i.options = f.options.clone();
        i.attacker_friends = f.attacker_friends;
    }
    if defender.side == side {
        i.defender_weapon = f.defender_weapon.clone();
        i.defender_friends = f.defender_friends;
    }
    take_extra(&mut i.extra, &f.extra, &parties(attacker, defender, side));
    take_imposing(&mut i.imposing, &f.imposing, side);
}
