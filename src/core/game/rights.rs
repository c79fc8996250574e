//! Issue 33: each decision has one owner, decided here. Not per action
//! but per field of a draft: the owner of a model's own choices is that
//! model's side (its weapon, Iron defence, cover, Survival instinct,
//! Inspiring for its friends, its Imposing presence), a hand modifier
//! (`extra`) belongs to the side whose roll it changes, typed dice to the
//! side that rolls them, and a fact that harms a side's models (witnesses
//! who gain fear, the friend a stray shot hits, an engagement set by
//! hand, the end of the turn while it still has models to activate) to
//! that side. A seat may set only what it owns; the laptop, the referee,
//! is never asked ([`ask`]: what a seat's request leads to).

use serde::Serialize;

use super::action::{Action, ExtraModifier, FightOptions, Party};
use super::draft::{DeclKey, DeclKind, Declaration, IRON_DEFENCE};
use super::pending::{dice_of, roll_parts};
use super::refs::{ModelRef, Side};
use super::state::GameState;
use super::taker::Taker;

mod ask;
mod words;
pub use ask::{Asked, Refused, Waiting};

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

fn of(m: ModelRef) -> Taker {
    Taker::of_model(m)
}

struct Out(Vec<Owned>);

impl Out {
    fn push(&mut self, field: Field, owner: Taker, set: bool) {
        self.0.push(Owned { field, owner, set });
    }

    /// R42: each model named for its Imposing presence is its side's.
    fn imposing(&mut self, models: &[ModelRef]) {
        for m in models {
            self.push(Field::Imposing { model: *m }, of(*m), true);
        }
    }

    /// A list of models, each its own side's to name (the harm is theirs).
    fn listed(&mut self, field: Field, models: &[ModelRef]) {
        for m in models {
            self.push(field, of(*m), true);
        }
    }

    /// Hand modifiers: the attacker's roll is `attacker`'s side's, the
    /// defender's `defender`'s.
    fn extras(&mut self, extra: &[ExtraModifier], attacker: ModelRef, defender: ModelRef) {
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
    fn fight(&mut self, attacker: ModelRef, defender: ModelRef, o: &FightOptions) {
        self.push(Field::Weapon { model: attacker }, of(attacker), o.weapon.is_some());
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
    let mut o = Out(Vec::new());
    match action {
        Action::Assault(a) => o.fight(a.attacker, a.defender, &a.options),
        Action::Fight(f) => o.fight(f.attacker, f.defender, &f.options),
        Action::Shoot(s) => {
            o.extras(&s.options.extra, s.shooter, s.target);
            o.imposing(&s.options.imposing);
            if let Some(x) = s.stray {
                o.push(Field::Stray, of(x), true);
            }
        }
        Action::ResolveHit(h) => {
            let t = of(h.target);
            let x = &h.options;
            o.push(Field::IronDefence, t, x.iron_defence);
            o.push(Field::Cover, t, !x.cover.is_empty());
            o.push(Field::SurvivalInstinct, t, x.survival_instinct);
            o.push(Field::Inspired, of(h.attacker), !x.inspired.is_empty());
            o.extras(&x.extra, h.attacker, h.target);
            o.listed(Field::Witnesses, &h.witnesses);
        }
        Action::Fall(f) => o.listed(Field::Witnesses, &f.witnesses),
        Action::Accept(a) => {
            o.listed(Field::Witnesses, a.witnesses.as_deref().unwrap_or_default());
            o.listed(Field::Stray, a.stray.as_slice());
            o.listed(
                Field::Within30cm,
                a.within_30cm.as_deref().unwrap_or_default(),
            );
        }
        Action::SetEngaged(e) => o.listed(Field::Engagement, &[e.a, e.b]),
        Action::EndTurn(_) => {
            for side in Side::WARBANDS {
                if to_activate(st, side) {
                    o.push(Field::EndTurn { side }, Taker::of_side(side), true);
                }
            }
        }
        _ => {}
    }
    // Dice carried in the action itself: each side's its own.
    for part in roll_parts(st, action) {
        if dice_of(action, &part).is_some() {
            o.push(Field::Dice { model: part.model }, of(part.model), true);
        }
    }
    o.0
}

/// `side` still has models in play that have not acted this turn.
fn to_activate(st: &GameState, side: Side) -> bool {
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
    let hit = match draft {
        Action::ResolveHit(h) => Some((h.attacker, h.target)),
        _ => None,
    };
    let models = || match &d.kind {
        DeclKind::Models { models } => models.iter().map(|m| of(*m)).collect(),
        _ => vec![taker],
    };
    match (&d.key, hit) {
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
    let mine = |m: ModelRef| m.side == side;
    let extra = |into: &mut Vec<ExtraModifier>, from: &[ExtraModifier], on: &[Party]| {
        into.retain(|e| !on.contains(&e.on));
        into.extend(from.iter().filter(|e| on.contains(&e.on)).cloned());
    };
    let imposing = |into: &mut Vec<ModelRef>, from: &[ModelRef]| {
        into.retain(|m| !mine(*m));
        into.extend(from.iter().copied().filter(|m| mine(*m)));
    };
    let parties = |attacker: ModelRef, defender: ModelRef| -> Vec<Party> {
        let mut p = Vec::new();
        if mine(attacker) {
            p.push(Party::Attacker);
        }
        if mine(defender) {
            p.push(Party::Defender);
        }
        p
    };
    match (into, from) {
        (Action::Assault(i), Action::Assault(f)) => {
            if mine(i.attacker) {
                i.brutal = f.brutal;
            }
            take_fight(&mut i.options, &f.options, i.attacker, i.defender, side);
        }
        (Action::Fight(i), Action::Fight(f)) => {
            take_fight(&mut i.options, &f.options, i.attacker, i.defender, side);
        }
        (Action::ResolveHit(i), Action::ResolveHit(f)) => {
            let on = parties(i.attacker, i.target);
            extra(&mut i.options.extra, &f.options.extra, &on);
            if mine(i.attacker) {
                i.options.inspired = f.options.inspired.clone();
            }
            if mine(i.target) {
                i.options.iron_defence = f.options.iron_defence;
                i.options.cover = f.options.cover.clone();
                i.options.survival_instinct = f.options.survival_instinct;
                i.witnesses = f.witnesses.clone();
            }
        }
        (Action::Shoot(i), Action::Shoot(f)) => {
            let on = parties(i.shooter, i.target);
            extra(&mut i.options.extra, &f.options.extra, &on);
            imposing(&mut i.options.imposing, &f.options.imposing);
        }
        _ => {}
    }

    fn take_fight(
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
        let on: Vec<Party> = [(attacker, Party::Attacker), (defender, Party::Defender)]
            .into_iter()
            .filter(|(m, _)| m.side == side)
            .map(|(_, p)| p)
            .collect();
        i.extra.retain(|e| !on.contains(&e.on));
        i.extra
            .extend(f.extra.iter().filter(|e| on.contains(&e.on)).cloned());
        i.imposing.retain(|m| m.side != side);
        i.imposing
            .extend(f.imposing.iter().copied().filter(|m| m.side == side));
    }
}
