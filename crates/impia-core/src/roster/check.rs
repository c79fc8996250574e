//! Validation of a warband, each problem naming the model and the rule it
//! breaks. An invalid roster still loads, shows and prints: players fix
//! lists, they don't lose them.

use std::collections::HashSet;
use std::hash::Hash;

use serde::Serialize;

use super::{Model, Roster, derive_profile, model_cost};
use crate::glossary::LEADER;
use crate::roster::Profile;
use crate::tables::{Keyword, RuleSet, UpgradeGroup};
use crate::text::{Lang, Text};

/// One thing wrong with a warband.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Index of the model in the roster, if the problem is one model's.
    pub model_index: Option<usize>,
    /// The model's name, if any.
    pub model: Option<String>,
    /// The rule broken: an id of RULES.md (R32, R34, …), or where no rule
    /// fits, the id of the reading it rests on (`tables/reference.yaml`).
    pub rule: String,
    /// How the problem cites it: the rule id, or «reading “Title”» with the
    /// reading's title from the tables.
    pub cite: Text,
    pub message: Text,
}

impl Problem {
    fn warband(rule: &str, es: String, en: String) -> Self {
        Problem {
            model_index: None,
            model: None,
            rule: rule.to_string(),
            cite: Text::new(rule, rule),
            message: Text { es, en },
        }
    }

    fn model(i: usize, m: &Model, rule: &str, es: String, en: String) -> Self {
        Problem {
            model_index: Some(i),
            model: Some(m.name.clone()),
            rule: rule.to_string(),
            cite: Text::new(rule, rule),
            message: Text { es, en },
        }
    }

    /// The same problem resting on a reading of the tables rather than a rule.
    fn on_reading(mut self, rules: &RuleSet, reading: &str) -> Self {
        let title = rules
            .reference
            .readings
            .iter()
            .find(|r| r.id == reading)
            .map_or_else(|| Text::new(reading, reading), |r| r.title.clone());
        self.rule = reading.to_string();
        self.cite = Text {
            es: format!("lectura «{}»", title.es),
            en: format!("reading \u{201c}{}\u{201d}", title.en),
        };
        self
    }

    /// "Ulrak (R34): …" for a line of text.
    pub fn line(&self, lang: Lang) -> String {
        let cite = self.cite.get(lang);
        match &self.model {
            Some(m) => format!("{m} ({cite}): {}", self.message.get(lang)),
            None => format!("({cite}): {}", self.message.get(lang)),
        }
    }
}

/// A model with its cost and derived profile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelReport {
    pub cost: u32,
    pub profile: Profile,
}

/// What the builder shows: per model its cost and profile, the total against
/// the limit, and every problem.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RosterReport {
    pub models: Vec<ModelReport>,
    pub total: u32,
    pub points_limit: u32,
    pub problems: Vec<Problem>,
}

impl RosterReport {
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// Problems of one model.
    pub fn problems_of(&self, index: usize) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(move |p| p.model_index == Some(index))
    }
}

fn name_of(rules: &RuleSet, id: &str) -> Text {
    if let Some(w) = rules.melee_weapon(id) {
        return w.name.clone();
    }
    if let Some(w) = rules.ranged_weapon(id) {
        return w.name.clone();
    }
    if let Some(e) = rules.equipment_item(id) {
        return e.name.clone();
    }
    if let Some(u) = rules.upgrade(id) {
        return u.name.clone();
    }
    Text::new(id, id)
}

/// The reading that model names rest on (`tables/reference.yaml`).
const DISTINCT_NAMES: &str = "distinct_names";

/// R32 + RULES.md §3: exactly one Leader.
fn check_leader(roster: &Roster, problems: &mut Vec<Problem>) {
    let leaders: Vec<&Model> = roster.models.iter().filter(|m| m.leader).collect();
    match leaders.len() {
        1 => {}
        0 => problems.push(Problem::warband(
            "R32",
            format!(
                "La banda no tiene {0}: marca exactamente una miniatura como {0}.",
                LEADER.es
            ),
            format!(
                "The warband has no {0}: mark exactly one model as {0}.",
                LEADER.en
            ),
        )),
        n => {
            let names: Vec<&str> = leaders.iter().map(|m| m.name.as_str()).collect();
            problems.push(Problem::warband(
                "R32",
                format!(
                    "La banda tiene {n} Líderes ({}); solo puede haber uno.",
                    names.join(", ")
                ),
                format!(
                    "The warband has {n} Leaders ({}); there can be only one.",
                    names.join(", ")
                ),
            ));
        }
    }
}

/// Cost, profiles and problems of a roster.
pub fn check(roster: &Roster, rules: &RuleSet) -> RosterReport {
    let models: Vec<ModelReport> = roster
        .models
        .iter()
        .map(|m| ModelReport {
            cost: model_cost(m, rules),
            profile: derive_profile(m, rules),
        })
        .collect();
    let total = models.iter().map(|m| m.cost).fold(0, u32::saturating_add);
    let limit = roster.limit(rules);
    let mut problems = Vec::new();

    // The points limit counts the costs of R40–R42 (reading `points_limit`:
    // the summary sets none, the player does).
    if total > limit {
        problems.push(Problem::warband(
            "R40",
            format!(
                "La banda cuesta {total} pts, {} más que el límite de {limit}.",
                total - limit
            ),
            format!(
                "The warband costs {total} pts, {} over the limit of {limit}.",
                total - limit
            ),
        ));
    }
    check_leader(roster, &mut problems);
    // R33 + RULES.md §3: one totem.
    if roster.totem.as_deref().is_none_or(|t| t.trim().is_empty()) {
        problems.push(Problem::warband(
            "R33",
            "La banda no tiene Tótem: dale un nombre.".into(),
            "The warband has no totem: give it a name.".into(),
        ));
    }
    // Names identify models on the sheet and at the table: no rule says so,
    // the reading `distinct_names` does. One pass with a set of the names
    // seen: comparing each model with all before it took 18 s for 40,000.
    let repeated = repeats(roster.models.iter().map(|m| m.name.as_str()));
    for (i, m) in roster.models.iter().enumerate() {
        if m.name.trim().is_empty() {
            problems.push(
                Problem::model(
                    i,
                    m,
                    "",
                    format!("La miniatura {} no tiene nombre.", i + 1),
                    format!("Model {} has no name.", i + 1),
                )
                .on_reading(rules, DISTINCT_NAMES),
            );
        } else if repeated[i] {
            problems.push(
                Problem::model(
                    i,
                    m,
                    "",
                    format!(
                        "Otra miniatura ya se llama «{}»: usa nombres distintos.",
                        m.name
                    ),
                    format!(
                        "Another model is already called \u{201c}{}\u{201d}: use distinct names.",
                        m.name
                    ),
                )
                .on_reading(rules, DISTINCT_NAMES),
            );
        }
    }
    for (i, m) in roster.models.iter().enumerate() {
        check_weapons(i, m, rules, &mut problems);
        check_equipment(i, m, rules, &mut problems);
        check_upgrades(i, m, rules, &mut problems);
        check_spells(i, m, rules, &mut problems);
    }
    RosterReport {
        models,
        total,
        points_limit: limit,
        problems,
    }
}

/// For each item, whether an equal one came before it: one hash and at most
/// a few comparisons per item, so a check grows with its input (not with its
/// square, as comparing each with all before it did).
pub(crate) fn repeats<T: Eq + Hash>(items: impl IntoIterator<Item = T>) -> Vec<bool> {
    let mut seen = HashSet::new();
    items.into_iter().map(|x| !seen.insert(x)).collect()
}

/// R34, R35, R37: what a weapon forbids beside it.
fn check_weapons(i: usize, m: &Model, rules: &RuleSet, out: &mut Vec<Problem>) {
    let has_shield = m
        .equipment
        .iter()
        .filter_map(|e| rules.equipment_item(e))
        .any(|e| e.is_shield);
    let mut reported: Vec<&str> = Vec::new();
    for w in &m.weapons {
        if reported.contains(&w.as_str()) {
            continue;
        }
        let (restrictions, name, rule) = if let Some(x) = rules.melee_weapon(w) {
            (&x.restrictions, &x.name, "R34")
        } else if let Some(x) = rules.ranged_weapon(w) {
            (&x.restrictions, &x.name, "R35")
        } else {
            continue;
        };
        reported.push(w);
        if restrictions.no_other_weapon && m.weapons.len() > 1 {
            let others: Vec<String> = m
                .weapons
                .iter()
                .filter(|o| *o != w)
                .map(|o| name_of(rules, o).es)
                .collect();
            let others_en: Vec<String> = m
                .weapons
                .iter()
                .filter(|o| *o != w)
                .map(|o| name_of(rules, o).en)
                .collect();
            let (es, en) = if others.is_empty() {
                (
                    format!("{}: no puede llevar otra arma (lleva dos).", name.es),
                    format!("{}: no other weapon allowed (it carries two).", name.en),
                )
            } else {
                (
                    format!(
                        "{}: no puede llevar otra arma ({}).",
                        name.es,
                        others.join(", ")
                    ),
                    format!(
                        "{}: no other weapon allowed ({}).",
                        name.en,
                        others_en.join(", ")
                    ),
                )
            };
            out.push(Problem::model(i, m, rule, es, en));
        }
        if restrictions.no_different_weapon {
            let others: Vec<&String> = m.weapons.iter().filter(|o| *o != w).collect();
            if !others.is_empty() {
                let es: Vec<String> = others.iter().map(|o| name_of(rules, o).es).collect();
                let en: Vec<String> = others.iter().map(|o| name_of(rules, o).en).collect();
                out.push(Problem::model(
                    i,
                    m,
                    rule,
                    format!(
                        "{}: no puede llevar un arma distinta ({}).",
                        name.es,
                        es.join(", ")
                    ),
                    format!(
                        "{}: no different weapon allowed ({}).",
                        name.en,
                        en.join(", ")
                    ),
                ));
            }
        }
        if restrictions.no_shield && has_shield {
            out.push(Problem::model(
                i,
                m,
                rule,
                format!("{}: no puede llevar escudo.", name.es),
                format!("{}: no shield allowed.", name.en),
            ));
        }
    }
}

/// R37: only herbs may be bought more than once.
fn check_equipment(i: usize, m: &Model, rules: &RuleSet, out: &mut Vec<Problem>) {
    let repeated = repeats(&m.equipment);
    for (e, again) in m.equipment.iter().zip(repeated) {
        let Some(item) = rules.equipment_item(e) else {
            continue;
        };
        if !item.repeatable && again {
            out.push(Problem::model(
                i,
                m,
                "R37",
                format!("{}: solo se puede llevar uno.", item.name.es),
                format!("{}: only one may be carried.", item.name.en),
            ));
        }
    }
}

/// R41, R42: creature upgrades on creatures, hero upgrades on heroes, each once.
fn check_upgrades(i: usize, m: &Model, rules: &RuleSet, out: &mut Vec<Problem>) {
    let troop = rules.troop(&m.troop);
    let group = troop.and_then(|t| t.upgrade_group);
    let repeated = repeats(&m.upgrades);
    for (u, again) in m.upgrades.iter().zip(repeated) {
        let Some(up) = rules.upgrade(u) else {
            continue;
        };
        let rule = match up.group {
            UpgradeGroup::Creature => "R41",
            UpgradeGroup::Hero => "R42",
        };
        if group != Some(up.group) {
            let troop_name = troop
                .map(|t| t.name.clone())
                .unwrap_or_else(|| Text::new(&m.troop, &m.troop));
            let (es_who, en_who) = match up.group {
                UpgradeGroup::Creature => ("las Criaturas", "Creatures"),
                UpgradeGroup::Hero => ("los Héroes", "Heroes"),
            };
            out.push(Problem::model(
                i,
                m,
                rule,
                format!(
                    "{}: mejora solo para {es_who}; esta miniatura es {}.",
                    up.name.es, troop_name.es
                ),
                format!(
                    "{}: an upgrade for {en_who} only; this model is a {}.",
                    up.name.en, troop_name.en
                ),
            ));
        }
        if again {
            out.push(Problem::model(
                i,
                m,
                rule,
                format!("{}: la misma mejora dos veces.", up.name.es),
                format!("{}: the same upgrade twice.", up.name.en),
            ));
        }
    }
}

/// R38: spells only on sorcerers, or within what an upgrade grants
/// (Initiate: one spell of level 1).
fn check_spells(i: usize, m: &Model, rules: &RuleSet, out: &mut Vec<Problem>) {
    if m.spells.is_empty() {
        return;
    }
    let casts = rules
        .troop(&m.troop)
        .is_some_and(|t| t.keywords.contains(&Keyword::CastsSpells));
    if casts {
        return;
    }
    let grants: Vec<_> = m
        .upgrades
        .iter()
        .filter_map(|u| rules.upgrade(u))
        .filter(|u| rules.troop(&m.troop).and_then(|t| t.upgrade_group) == Some(u.group))
        .filter_map(|u| u.grants_spells.as_ref())
        .collect();
    if grants.is_empty() {
        out.push(Problem::model(
            i,
            m,
            "R38",
            "Solo los Hechiceros (o un Héroe Iniciado) conocen Hechizos.".into(),
            "Only Sorcerers (or a Hero with Initiate) know spells.".into(),
        ));
        return;
    }
    let count: u32 = grants.iter().map(|g| g.count).sum();
    let max_level = grants.iter().map(|g| g.max_level).max().unwrap_or(0);
    if m.spells.len() as u32 > count {
        out.push(Problem::model(
            i,
            m,
            "R42",
            format!(
                "Iniciado: conoce {count} Hechizo(s), no {}.",
                m.spells.len()
            ),
            format!("Initiate: knows {count} spell(s), not {}.", m.spells.len()),
        ));
    }
    for s in m.spells.iter().filter(|s| s.level > max_level) {
        out.push(Problem::model(
            i,
            m,
            "R42",
            format!(
                "{}: nivel {}, pero un Iniciado solo sabe Hechizos de nivel {max_level}.",
                s.name, s.level
            ),
            format!(
                "{}: level {}, but an Initiate only knows level {max_level} spells.",
                s.name, s.level
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::hash::{Hash, Hasher};

    use super::repeats;

    /// A key that counts how often it is hashed and compared: the work of
    /// the distinct-names check, as a count rather than a time.
    struct Counted<'a> {
        key: u32,
        work: &'a Cell<u64>,
    }

    impl PartialEq for Counted<'_> {
        fn eq(&self, other: &Self) -> bool {
            self.work.set(self.work.get() + 1);
            self.key == other.key
        }
    }
    impl Eq for Counted<'_> {}
    impl Hash for Counted<'_> {
        fn hash<H: Hasher>(&self, h: &mut H) {
            self.work.set(self.work.get() + 1);
            self.key.hash(h);
        }
    }

    /// How many hashes and comparisons `repeats` makes on `keys`, and its answer.
    fn work_of(keys: impl Iterator<Item = u32>) -> (u64, Vec<bool>) {
        let work = Cell::new(0);
        let items: Vec<Counted> = keys.map(|key| Counted { key, work: &work }).collect();
        let n = items.len();
        let out = repeats(items);
        assert_eq!(out.len(), n);
        (work.get(), out)
    }

    #[test]
    fn distinct_names_check_does_work_linear_in_the_models() {
        const N: u32 = 40_000;
        // All distinct, all alike, and a hundred names round-robin: each
        // item is hashed once and compared a bounded number of times (the
        // old check compared each with every one before it: 800 million
        // comparisons for 40,000 distinct names).
        for (what, keys) in [
            ("distinct", (0..N).collect::<Vec<_>>()),
            ("alike", vec![7; N as usize]),
            ("a hundred names", (0..N).map(|i| i % 100).collect()),
        ] {
            let (work, out) = work_of(keys.iter().copied());
            assert!(
                work <= 4 * u64::from(N),
                "{what}: {work} hashes and comparisons for {N} names"
            );
            // And it still answers right: repeated means an equal one came before.
            let mut first = std::collections::HashSet::new();
            let expected: Vec<bool> = keys.iter().map(|k| !first.insert(*k)).collect();
            assert_eq!(out, expected, "{what}");
        }
    }
}
