//! R19 (rules 3): what a Loot takes from the body. A weapon the body
//! carries leaves its profile and joins the looter's, its line rebuilt on
//! the looter's own Combat and Strength; a mystic herb (R37) moves one DP
//! of herbs. Rules 4: an armour or a shield (any equipment of the tables)
//! moves too, its effect leaving the body's profile and reaching the
//! looter's. Words that name no item of the tables are only history.

use std::sync::Arc;

use super::error::{GameError, Refusal};
use super::guard::{Ctx, model, model_mut};
use super::refs::ModelRef;
use super::state::GameState;
use crate::roster::{MeleeLine, Profile, RangedLine};
use crate::tables::{RuleSet, Stat};

/// The equipment id of mystic herbs (R37).
const HERBS: &str = "mystic_herbs";

/// What a named item is.
enum Item {
    Melee(MeleeLine),
    Ranged(RangedLine),
    Herb,
    /// R36, R37 (rules 4): an armour or equipment id the body carries.
    Gear(String),
}

/// Does `item` name this id or name (either language)?
fn names(item: &str, id: &str, es: &str, en: &str) -> bool {
    let item = item.trim();
    item == id || item.eq_ignore_ascii_case(es) || item.eq_ignore_ascii_case(en)
}

/// Is `item` something the game tracks (a weapon or the herbs of the
/// tables)? Then the body must carry it.
fn tracked(rules: &RuleSet, item: &str) -> bool {
    let melee = rules
        .melee_weapons
        .iter()
        .any(|w| names(item, &w.id, &w.name.es, &w.name.en));
    let ranged = rules
        .ranged_weapons
        .iter()
        .any(|w| names(item, &w.id, &w.name.es, &w.name.en));
    let herbs = rules
        .equipment_item(HERBS)
        .is_some_and(|e| names(item, &e.id, &e.name.es, &e.name.en));
    melee || ranged || herbs
}

/// R36, R37 (rules 4): the armour or equipment id (not herbs) `item` names.
fn gear_id(rules: &RuleSet, item: &str) -> Option<String> {
    let armour = rules
        .armours
        .iter()
        .find(|a| names(item, &a.id, &a.name.es, &a.name.en))
        .map(|a| a.id.clone());
    armour.or_else(|| {
        rules
            .equipment
            .iter()
            .find(|e| e.id != HERBS && names(item, &e.id, &e.name.es, &e.name.en))
            .map(|e| e.id.clone())
    })
}

/// The item of the body `item` names, if the game tracks it. Refused: a
/// tracked item the body does not carry (a weapon it only fights with by
/// default, unarmed or its bow as a mace, is not carried).
fn find(
    st: &GameState,
    ctx: Ctx<'_>,
    body: ModelRef,
    item: &str,
) -> Result<Option<Item>, GameError> {
    let b = model(st, body)?;
    let p = &b.profile;
    if let Some(l) = p
        .melee
        .iter()
        .find(|l| l.carried && names(item, &l.id, &l.name.es, &l.name.en))
    {
        return Ok(Some(Item::Melee(l.clone())));
    }
    if let Some(l) = p
        .ranged
        .iter()
        .find(|l| names(item, &l.id, &l.name.es, &l.name.en))
    {
        return Ok(Some(Item::Ranged(l.clone())));
    }
    let herb = ctx
        .rules
        .equipment_item(HERBS)
        .is_some_and(|e| names(item, &e.id, &e.name.es, &e.name.en));
    if herb && b.herbs > 0 {
        return Ok(Some(Item::Herb));
    }
    let gear = ctx
        .setup
        .exact_rules()
        .then(|| gear_id(ctx.rules, item))
        .flatten();
    if let Some(id) = &gear
        && b.gear.contains(id)
    {
        return Ok(Some(Item::Gear(id.clone())));
    }
    if tracked(ctx.rules, item) || gear.is_some() {
        return Err(Refusal::NotCarried {
            body,
            item: crate::text::clip(item.trim()).into_owned(),
        }
        .into());
    }
    Ok(None)
}

/// R19 (rules 3): check what `looter` takes from `body` before it pays.
pub(crate) fn check(
    st: &GameState,
    ctx: Ctx<'_>,
    body: ModelRef,
    item: &str,
) -> Result<(), GameError> {
    if ctx.setup.all_rules() && !item.trim().is_empty() {
        find(st, ctx, body, item)?;
    }
    Ok(())
}

/// R19 (rules 3): move the item named from `body` to `looter`.
pub(crate) fn take(
    st: &mut GameState,
    ctx: Ctx<'_>,
    looter: ModelRef,
    body: ModelRef,
    item: &str,
) -> Result<(), GameError> {
    if !ctx.setup.all_rules() || item.trim().is_empty() {
        return Ok(());
    }
    let Some(found) = find(st, ctx, body, item)? else {
        return Ok(());
    };
    let from = model(st, body)?.profile.stats;
    match found {
        Item::Herb => {
            model_mut(st, body)?.herbs -= 1;
            model_mut(st, looter)?.herbs += 1;
        }
        Item::Melee(line) => {
            edit(st, body, |p| {
                p.melee.retain(|l| l.id != line.id);
                if p.melee.is_empty() {
                    // A body with no weapon left fights unarmed (R34).
                    p.melee.extend(default_melee(ctx.rules, p));
                }
            })?;
            edit(st, looter, |p| {
                if p.melee.iter().any(|l| l.id == line.id) {
                    return;
                }
                let new = MeleeLine {
                    combat: line.combat - from.combat + p.stats.combat,
                    strength: line.strength - from.strength + p.stats.strength,
                    carried: true,
                    // The body's Venom stays with the body (R41).
                    poison: None,
                    ..line.clone()
                };
                // A model that fought unarmed (or with its bow) now fights
                // with the weapon it took: it comes first, its default.
                if p.melee.iter().all(|l| !l.carried) {
                    p.melee.insert(0, new);
                } else {
                    p.melee.push(new);
                }
            })?;
        }
        Item::Ranged(line) => {
            let bonus = ctx
                .rules
                .ranged_weapon(&line.id)
                .is_some_and(|r| r.strength_is_bonus);
            edit(st, body, |p| p.ranged.retain(|l| l.id != line.id))?;
            edit(st, looter, |p| {
                if p.ranged.iter().any(|l| l.id == line.id) {
                    return;
                }
                let mut new = line.clone();
                if bonus {
                    // Thrown weapons: the thrower's Strength, not the body's.
                    for s in &mut new.strength {
                        *s = *s - from.strength + p.stats.strength;
                    }
                }
                p.ranged.push(new);
            })?;
        }
        Item::Gear(id) => {
            let before = worn_armour(ctx.rules, &model(st, body)?.gear);
            let x = model_mut(st, body)?;
            if let Some(i) = x.gear.iter().position(|g| *g == id) {
                x.gear.remove(i);
            }
            let (after, still) = (worn_armour(ctx.rules, &x.gear), x.gear.contains(&id));
            edit(st, body, |p| {
                p.armour -= before - after;
                if !still {
                    gear_effect(ctx.rules, &id, p, -1);
                }
            })?;
            let x = model_mut(st, looter)?;
            let (before, had) = (worn_armour(ctx.rules, &x.gear), x.gear.contains(&id));
            x.gear.push(id.clone());
            let after = worn_armour(ctx.rules, &x.gear);
            edit(st, looter, |p| {
                p.armour += after - before;
                if !had {
                    gear_effect(ctx.rules, &id, p, 1);
                }
            })?;
        }
    }
    Ok(())
}

/// R36: the Armour of the best armour among `gear` (a model wears one).
fn worn_armour(rules: &RuleSet, gear: &[String]) -> i32 {
    gear.iter()
        .filter_map(|g| rules.armour(g))
        .map(|a| a.armour)
        .max()
        .unwrap_or(0)
}

/// R37: an equipment item's effect on a profile, added (`sign` 1) or taken
/// away (−1): its stats, its Armour, and its Combat and Strength on every
/// weapon line built from them (a shield's −1 Combat with every melee
/// weapon). One item of a kind gives its effect once.
fn gear_effect(rules: &RuleSet, id: &str, p: &mut Profile, sign: i32) {
    let Some(e) = rules.equipment_item(id) else {
        return;
    };
    let e = &e.effects;
    for s in Stat::ALL {
        let v = p.stats.get_mut(s);
        *v = v.saturating_add(sign * e.stat(s));
    }
    p.armour = p.armour.saturating_add(sign * e.armour);
    for l in &mut p.melee {
        l.combat += sign * e.combat;
        l.strength += sign * e.strength;
    }
    for l in &mut p.ranged {
        if rules
            .ranged_weapon(&l.id)
            .is_some_and(|r| r.strength_is_bonus)
        {
            for v in &mut l.strength {
                *v += sign * e.strength;
            }
        }
    }
}

/// Change a model's profile (shared: clone, change, replace).
fn edit(st: &mut GameState, m: ModelRef, f: impl FnOnce(&mut Profile)) -> Result<(), GameError> {
    let x = model_mut(st, m)?;
    let mut p = (*x.profile).clone();
    f(&mut p);
    x.profile = Arc::new(p);
    Ok(())
}

/// The unarmed line of a model with these stats.
fn default_melee(rules: &RuleSet, p: &Profile) -> Option<MeleeLine> {
    rules.melee_weapon("unarmed").map(|w| MeleeLine {
        id: w.id.clone(),
        name: w.name.clone(),
        combat: p.stats.combat + w.combat,
        strength: p.stats.strength + w.strength,
        penetration: w.penetration,
        carried: false,
        special: w.special.clone(),
        poison: None,
    })
}
