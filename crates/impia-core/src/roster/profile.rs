//! Cost and derived profile of a model, read from the tables: troop stats plus
//! every effect its gear and upgrades declare (R34–R37, R40–R42), with no
//! special case in code.

use std::collections::BTreeSet;

use serde::Serialize;

use super::Model;
use crate::tables::{Keyword, ProfileEffect, RuleSet, Stat, Stats};
use crate::text::Text;

/// A melee weapon as the model fights with it (R23, R27, R29).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MeleeLine {
    pub id: String,
    pub name: Text,
    /// Combat the model rolls with: its Combat plus the weapon's.
    pub combat: i32,
    /// Strength of its hits: the model's Strength plus the weapon's.
    pub strength: i32,
    pub penetration: i32,
    /// Whether the model carries it or fights with it by default
    /// (no melee weapon: unarmed; a bow: a stone mace).
    pub carried: bool,
    pub special: Option<Text>,
    /// R41 Venom: the Strength of the poison its hits carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub poison: Option<i32>,
}

/// A ranged weapon as the model shoots it (R26, R35).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RangedLine {
    pub id: String,
    pub name: Text,
    pub range_cm: [u32; 3],
    /// Strength of the hit per range band, with the thrower's Strength added
    /// where the weapon gives a bonus (thrown weapons).
    pub strength: [i32; 3],
    pub penetration: [i32; 3],
    pub special: Option<Text>,
    /// R35 blowpipe: the Strength of the poison its hits carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub poison: Option<i32>,
}

/// Everything a model fights with, after gear and upgrades.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Profile {
    pub stats: Stats,
    /// DP the model gives to the pool each turn (R10).
    pub dp: i32,
    /// DP of its own: the Leader's extra DP and one-use herbs (RULES.md §3).
    pub own_dp: i32,
    /// Armour value before cover and penetration (R29, R36, R37).
    pub armour: i32,
    pub movement_cm: u32,
    pub melee: Vec<MeleeLine>,
    pub ranged: Vec<RangedLine>,
    pub keywords: BTreeSet<Keyword>,
    /// Every special rule that applies to the model, in words.
    pub rules: Vec<Text>,
}

// Sums saturate: tables cap their numbers (see `MAX_TABLE_NUMBER`), but a
// model may carry any number of items.
fn apply(stats: &mut Stats, e: &ProfileEffect) {
    for s in Stat::ALL {
        let v = stats.get_mut(s);
        *v = v.saturating_add(e.stat(s));
    }
}

fn sum(costs: impl Iterator<Item = u32>) -> u32 {
    costs.fold(0, u32::saturating_add)
}

/// Points cost of one model: troop + weapons + armour + equipment (each herb
/// counts) + upgrades; free weapons cost nothing (R34–R37, R40–R42). Unknown
/// ids count 0 (they are refused when a file is loaded).
pub fn model_cost(model: &Model, rules: &RuleSet) -> u32 {
    let troop = rules.troop(&model.troop).map_or(0, |t| t.cost);
    let weapons = sum(model.weapons.iter().map(|w| {
        rules
            .melee_weapon(w)
            .map(|m| m.cost)
            .or_else(|| rules.ranged_weapon(w).map(|r| r.cost))
            .flatten()
            .unwrap_or(0)
    }));
    let armour = model
        .armour
        .as_deref()
        .and_then(|a| rules.armour(a))
        .map_or(0, |a| a.cost);
    let equipment = sum(model
        .equipment
        .iter()
        .filter_map(|e| rules.equipment_item(e))
        .map(|e| e.cost));
    let upgrades = sum(model
        .upgrades
        .iter()
        .filter_map(|u| rules.upgrade(u))
        .map(|u| u.cost));
    let marks = sum(model.marks.iter().map(|m| m.cost));
    sum([troop, weapons, armour, equipment, upgrades, marks].into_iter())
}

/// The derived profile of a model (R40 plus the effects of R34–R37, R41, R42
/// and the Leader's extra DP of R32).
pub fn derive_profile(model: &Model, rules: &RuleSet) -> Profile {
    let troop = rules.troop(&model.troop);
    let mut stats = troop.map(|t| t.stats).unwrap_or_default();
    let mut armour = 0;
    let mut own_dp = 0;
    let mut movement_cm = troop.map_or(10, |t| t.movement_cm);
    let mut keywords: BTreeSet<Keyword> = troop
        .map(|t| t.keywords.iter().copied().collect())
        .unwrap_or_default();
    let mut texts: Vec<Text> = Vec::new();
    if let Some(t) = troop
        && let Some(s) = &t.special
    {
        texts.push(s.clone());
    }

    let mut effects: Vec<&ProfileEffect> = Vec::new();
    if model.leader {
        effects.push(&rules.warband.leader.effects);
        texts.push(labelled(
            &rules.warband.leader.name,
            &rules.warband.leader.text,
        ));
    }
    for w in &model.weapons {
        if let Some(m) = rules.melee_weapon(w) {
            effects.push(&m.effects);
            if let Some(s) = &m.special {
                texts.push(labelled(&m.name, s));
            }
        } else if let Some(r) = rules.ranged_weapon(w) {
            effects.push(&r.effects);
            if let Some(s) = &r.special {
                texts.push(labelled(&r.name, s));
            }
        }
    }
    if let Some(a) = model.armour.as_deref().and_then(|a| rules.armour(a)) {
        armour += a.armour;
    }
    for e in model
        .equipment
        .iter()
        .filter_map(|e| rules.equipment_item(e))
    {
        effects.push(&e.effects);
        let label = labelled(&e.name, &e.special);
        if !texts.contains(&label) {
            texts.push(label);
        }
    }
    for u in model.upgrades.iter().filter_map(|u| rules.upgrade(u)) {
        effects.push(&u.effects);
        keywords.extend(u.keywords.iter().copied());
        texts.push(labelled(&u.name, &u.text));
    }
    // Issue 38: a campaign's injuries and advances, like upgrades.
    for m in &model.marks {
        effects.push(&m.effects);
        texts.push(m.name.clone());
    }
    for e in effects {
        apply(&mut stats, e);
        armour = i32::saturating_add(armour, e.armour);
        own_dp = i32::saturating_add(own_dp, e.own_dp);
        if let Some(m) = e.movement_cm {
            movement_cm = movement_cm.max(m);
        }
    }
    // An upgrade that grants climbing wins over the troop's "does not climb".
    if keywords.contains(&Keyword::CanClimb) || keywords.contains(&Keyword::Flies) {
        keywords.remove(&Keyword::CannotClimb);
    }

    let melee = melee_lines(model, rules, &stats);
    let ranged = ranged_lines(model, rules, &stats);

    Profile {
        stats,
        dp: troop.map_or(0, |t| t.dp),
        own_dp,
        armour,
        movement_cm,
        melee,
        ranged,
        keywords,
        rules: texts,
    }
}

/// The model's melee lines (R34, R35) with its attributes added, and the
/// poison an upgrade puts on a weapon (R41 Venom).
fn melee_lines(model: &Model, rules: &RuleSet, stats: &Stats) -> Vec<MeleeLine> {
    let poisons: Vec<&crate::tables::Poison> = model
        .upgrades
        .iter()
        .filter_map(|u| rules.upgrade(u).and_then(|u| u.poison.as_ref()))
        .collect();
    let melee_line = |id: &str, carried: bool| {
        rules.melee_weapon(id).map(|m| MeleeLine {
            id: m.id.clone(),
            name: m.name.clone(),
            combat: stats.combat.saturating_add(m.combat),
            strength: stats.strength.saturating_add(m.strength),
            penetration: m.penetration,
            carried,
            special: m.special.clone(),
            poison: poisons
                .iter()
                .filter(|p| p.weapons.iter().any(|w| w == id))
                .map(|p| p.strength)
                .max(),
        })
    };
    let mut melee: Vec<MeleeLine> = Vec::new();
    for w in &model.weapons {
        if melee.iter().any(|l| l.id == *w) {
            continue;
        }
        if let Some(line) = melee_line(w, true) {
            melee.push(line);
        }
    }
    if melee.is_empty() {
        // R34/R35 readings: a bow user fights with a stone mace; a model with
        // no melee weapon fights unarmed.
        let fallback = model
            .weapons
            .iter()
            .filter_map(|w| rules.ranged_weapon(w))
            .find_map(|r| r.melee_as.clone())
            .unwrap_or_else(|| "unarmed".to_string());
        if let Some(line) = melee_line(&fallback, false) {
            melee.push(line);
        }
    }
    melee
}

/// The model's ranged lines, a bonus strength added to its own.
fn ranged_lines(model: &Model, rules: &RuleSet, stats: &Stats) -> Vec<RangedLine> {
    let mut ranged: Vec<RangedLine> = Vec::new();
    for r in model.weapons.iter().filter_map(|w| rules.ranged_weapon(w)) {
        if ranged.iter().any(|l| l.id == r.id) {
            continue;
        }
        let strength = if r.strength_is_bonus {
            r.strength.map(|s| stats.strength.saturating_add(s))
        } else {
            r.strength
        };
        ranged.push(RangedLine {
            id: r.id.clone(),
            name: r.name.clone(),
            range_cm: r.range_cm,
            strength,
            penetration: r.penetration,
            special: r.special.clone(),
            poison: r.poison,
        });
    }
    ranged
}

fn labelled(name: &Text, text: &Text) -> Text {
    Text {
        es: format!("{}: {}", name.es, text.es),
        en: format!("{}: {}", name.en, text.en),
    }
}
