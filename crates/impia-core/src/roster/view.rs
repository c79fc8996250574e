//! A model's report in one language, flat: what the CLI prints, the JSON
//! carries and the printed sheet shows.

use std::fmt;

use serde::Serialize;

use super::Model;
use super::check::ModelReport;
use crate::glossary;
use crate::tables::{Keyword, RuleSet, Stat, Stats};
use crate::text::Lang;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MeleeView {
    pub id: String,
    pub name: String,
    pub combat: i32,
    pub strength: i32,
    pub penetration: i32,
    /// False for the weapon it fights with by default (unarmed, a bow's mace).
    pub carried: bool,
    #[serde(skip)]
    lang: Lang,
}

impl fmt::Display for MeleeView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.lang;
        write!(
            f,
            "{}{}: {} {}, {} {}, {} {}",
            self.name,
            if self.carried {
                ""
            } else {
                l.pick(" (sin coste)", " (free)")
            },
            glossary::stat(Stat::Combat).get(l),
            self.combat,
            glossary::stat(Stat::Strength).get(l),
            self.strength,
            glossary::PENETRATION.get(l),
            self.penetration
        )
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RangedView {
    pub id: String,
    pub name: String,
    pub range_cm: [u32; 3],
    pub strength: [i32; 3],
    pub penetration: [i32; 3],
    #[serde(skip)]
    lang: Lang,
}

fn per_range<T: fmt::Display + PartialEq>(v: &[T; 3]) -> String {
    if v[0] == v[1] && v[1] == v[2] {
        v[0].to_string()
    } else {
        format!("{}/{}/{}", v[0], v[1], v[2])
    }
}

impl fmt::Display for RangedView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.lang;
        write!(
            f,
            "{}: {} {} cm, {} {}, {} {}",
            self.name,
            glossary::RANGE.get(l),
            per_range(&self.range_cm),
            glossary::stat(Stat::Strength).get(l),
            per_range(&self.strength),
            glossary::PENETRATION.get(l),
            per_range(&self.penetration)
        )
    }
}

/// One model of a checked roster, in one language.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelReportView {
    pub name: String,
    pub troop: String,
    pub troop_name: String,
    pub leader: bool,
    pub cost: u32,
    pub stats: Stats,
    pub dp: i32,
    pub own_dp: i32,
    pub armour: i32,
    pub movement_cm: u32,
    pub melee: Vec<MeleeView>,
    pub ranged: Vec<RangedView>,
    pub armour_name: Option<String>,
    /// Equipment names, herbs with their count ("Hierbas místicas ×2").
    pub equipment: Vec<String>,
    pub upgrades: Vec<String>,
    pub spells: Vec<super::Spell>,
    pub keywords: Vec<Keyword>,
    /// Every special rule that applies, in words.
    pub rules: Vec<String>,
    pub notes: String,
}

impl ModelReportView {
    pub fn new(m: &Model, r: &ModelReport, rules: &RuleSet, l: Lang) -> Self {
        let p = &r.profile;
        let mut equipment: Vec<(String, usize)> = Vec::new();
        for e in &m.equipment {
            let name = rules
                .equipment_item(e)
                .map_or_else(|| e.clone(), |x| x.name.get(l).to_string());
            match equipment.iter_mut().find(|(n, _)| *n == name) {
                Some((_, c)) => *c += 1,
                None => equipment.push((name, 1)),
            }
        }
        ModelReportView {
            name: m.name.clone(),
            troop: m.troop.clone(),
            troop_name: rules
                .troop(&m.troop)
                .map_or_else(|| m.troop.clone(), |t| t.name.get(l).to_string()),
            leader: m.leader,
            cost: r.cost,
            stats: p.stats,
            dp: p.dp,
            own_dp: p.own_dp,
            armour: p.armour,
            movement_cm: p.movement_cm,
            melee: p
                .melee
                .iter()
                .map(|w| MeleeView {
                    id: w.id.clone(),
                    name: w.name.get(l).to_string(),
                    combat: w.combat,
                    strength: w.strength,
                    penetration: w.penetration,
                    carried: w.carried,
                    lang: l,
                })
                .collect(),
            ranged: p
                .ranged
                .iter()
                .map(|w| RangedView {
                    id: w.id.clone(),
                    name: w.name.get(l).to_string(),
                    range_cm: w.range_cm,
                    strength: w.strength,
                    penetration: w.penetration,
                    lang: l,
                })
                .collect(),
            armour_name: m
                .armour
                .as_deref()
                .and_then(|a| rules.armour(a))
                .map(|a| a.name.get(l).to_string()),
            equipment: equipment
                .into_iter()
                .map(|(n, c)| if c > 1 { format!("{n} ×{c}") } else { n })
                .collect(),
            upgrades: m
                .upgrades
                .iter()
                .map(|u| {
                    rules
                        .upgrade(u)
                        .map_or_else(|| u.clone(), |x| x.name.get(l).to_string())
                })
                .collect(),
            spells: m.spells.clone(),
            keywords: p.keywords.iter().copied().collect(),
            rules: p.rules.iter().map(|t| t.get(l).to_string()).collect(),
            notes: m.notes.clone(),
        }
    }
}
