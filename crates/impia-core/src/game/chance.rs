//! ★ The chance of each attack option: the exact chance that the target
//! ends Down, the attack's roll and its hit chained (R02, R23, R26, R27),
//! from the tracked state, with the dice as they fall (no re-roll, and no DP
//! the other player may still spend: Iron defence, R28).

use super::action::Action;
use super::guard::Ctx;
use super::hits::hit_chance;
use super::melee::fight_chance_parts;
use super::state::GameState;
use crate::odds::{Prob, opposed};

/// The chances of one attack on one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chances {
    /// The target ends Down.
    pub down: Prob,
    /// In a fight: the attacker ends Down (a tie hits both, R23).
    pub attacker_down: Option<Prob>,
}

/// The chances of `action`, if it is an attack; `None` for any other action
/// or one the rules refuse.
pub(crate) fn attack_chances(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Option<Chances> {
    action.act().dice()?.attack_chances(st, ctx)
}

/// The chance a landed hit puts `target` Down: the weapon's hit, then, if
/// it stands, its poison's (R35 blowpipe, R41 Venom; rules 3).
pub(crate) fn hits_chance(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: super::refs::ModelRef,
    target: super::refs::ModelRef,
    hit: &super::kit::HitMaker,
) -> Option<Prob> {
    let weapon = hit_chance(st, ctx, attacker, target, hit).ok()?;
    Some(match hit.poison_hit() {
        Some(p) => {
            let poison = hit_chance(st, ctx, attacker, target, &p).ok()?;
            let one = Prob::new(1, 1);
            one - (one - weapon) * (one - poison)
        }
        None => weapon,
    })
}

/// R23: the higher total hits; a tie in Combat hits both.
pub(crate) fn fight_chances(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: super::refs::ModelRef,
    defender: super::refs::ModelRef,
    options: &super::action::FightOptions,
    assault: Option<bool>,
) -> Option<Chances> {
    let (spec, atk_hit, def_hit) =
        fight_chance_parts(st, ctx, attacker, defender, options, assault).ok()?;
    let odds = opposed(&spec);
    let tie = odds.equal.0;
    let on_defender = hits_chance(st, ctx, attacker, defender, &atk_hit)?;
    let on_attacker = hits_chance(st, ctx, defender, attacker, &def_hit)?;
    Some(Chances {
        down: (odds.active_higher.0 + tie) * on_defender,
        attacker_down: Some((odds.passive_higher.0 + tie) * on_attacker),
    })
}
