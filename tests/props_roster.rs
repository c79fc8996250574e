//! Properties of rosters over any roster the builder can produce: random
//! troops with weapons, armour, equipment (herbs repeated), the upgrades of
//! their troop's list, spells for casters, and names, totems and notes full
//! of accents, YAML's special characters (`: # - ' " & * | >`), newlines,
//! tabs, Unicode line breaks and control characters.
//!
//! - It saves and loads back identical, through the text and through a file.
//! - Saving what was loaded gives the same text again.
//! - Its cost is the sum of its parts, computed here from the tables
//!   independently of `model_cost`, and the total is the sum of the models.

use std::collections::HashMap;
use std::sync::OnceLock;

use impia::core::roster::{
    self, Model, Roster, Spell, check, load_roster, parse_roster, roster_to_yaml, save_roster,
};
use impia::core::tables::{Keyword, RuleSet, UpgradeGroup};
use proptest::prelude::*;
use proptest::sample::select;

fn rules() -> &'static RuleSet {
    static RULES: OnceLock<RuleSet> = OnceLock::new();
    RULES.get_or_init(|| RuleSet::builtin().expect("shipped tables load"))
}

/// Pieces of text that YAML must quote or escape to keep.
const PIECES: &[&str] = &[
    "á", "é", "í", "ó", "ú", "ñ", "Ñ", "ü", "¿", "¡", "«", "»", "—", ": ", ":", "#", " #", "- ",
    "-", "'", "\"", "''", "\\", "&a", "*a", "!!str", "!", "|", ">", "[", "]", "{", "}", ",", "?",
    "%", "@", "`", "~", "null", "yes", "No", "1e3", "0x1F", "007", "-1", ".inf", "\n", "\n\n",
    "\r\n", "\r", "\t", " ", "  ", "\u{2028}", "\u{2029}", "\u{85}", "\u{a0}", "\u{feff}", "\u{0}",
    "\u{7}", "\u{1b}", "\u{7f}", "😀", "漢", "---", "...",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            3 => "[a-zA-Z0-9]{1,6}",
            2 => select(PIECES).prop_map(str::to_string),
        ],
        0..10,
    )
    .prop_map(|parts| parts.concat())
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> &str) -> Vec<String> {
    items.iter().map(|t| id(t).to_string()).collect()
}

fn spell() -> impl Strategy<Value = Spell> {
    (text(), 0u32..5, 0u32..5, text()).prop_map(|(name, level, cost, text)| Spell {
        effect: Default::default(),
        name,
        level,
        cost,
        text,
        hit: None,
    })
}

/// A model as the builder makes it: upgrades from its troop's list only,
/// spells only for sorcerers and heroes (who cast as Initiates).
fn model() -> impl Strategy<Value = Model> {
    let rs = rules();
    let troops = ids(&rs.troops, |t| &t.id);
    let mut weapons = ids(&rs.melee_weapons, |w| &w.id);
    weapons.extend(ids(&rs.ranged_weapons, |w| &w.id));
    let armours = ids(&rs.armours, |a| &a.id);
    let equipment = ids(&rs.equipment, |e| &e.id);
    select(troops).prop_flat_map(move |troop| {
        let t = rs.troop(&troop).expect("a troop of the tables");
        let upgrades: Vec<String> = rs
            .upgrades
            .iter()
            .filter(|u| Some(u.group) == t.upgrade_group)
            .map(|u| u.id.clone())
            .collect();
        let casts = t.keywords.contains(&Keyword::CastsSpells)
            || t.upgrade_group == Some(UpgradeGroup::Hero);
        (
            Just(troop),
            text(),
            any::<bool>(),
            prop::collection::vec(select(weapons.clone()), 0..4),
            prop::option::of(select(armours.clone())),
            prop::collection::vec(select(equipment.clone()), 0..6),
            if upgrades.is_empty() {
                Just(Vec::new()).boxed()
            } else {
                prop::sample::subsequence(upgrades.clone(), 0..=upgrades.len().min(4)).boxed()
            },
            prop::collection::vec(spell(), 0..if casts { 3 } else { 1 }),
            text(),
        )
            .prop_map(
                |(troop, name, leader, weapons, armour, equipment, upgrades, spells, notes)| {
                    Model {
                        name,
                        troop,
                        leader,
                        weapons,
                        armour,
                        equipment,
                        upgrades,
                        spells,
                        notes,
                        marks: Vec::new(),
                    }
                },
            )
    })
}

fn a_roster() -> impl Strategy<Value = Roster> {
    (
        text(),
        prop::option::of(any::<u32>()),
        prop::option::of(text()),
        prop::collection::vec(model(), 0..20),
    )
        .prop_map(|(name, points_limit, totem, models)| Roster {
            version: roster::ROSTER_VERSION,
            name,
            points_limit,
            totem,
            models,
        })
}

/// Every item's cost by id, read straight from the tables (free weapons 0).
fn price_list() -> HashMap<String, u64> {
    let rs = rules();
    let mut p = HashMap::new();
    for t in &rs.troops {
        p.insert(format!("troop:{}", t.id), t.cost as u64);
    }
    for w in &rs.melee_weapons {
        p.insert(format!("weapon:{}", w.id), w.cost.unwrap_or(0) as u64);
    }
    for w in &rs.ranged_weapons {
        p.insert(format!("weapon:{}", w.id), w.cost.unwrap_or(0) as u64);
    }
    for a in &rs.armours {
        p.insert(format!("armour:{}", a.id), a.cost as u64);
    }
    for e in &rs.equipment {
        p.insert(format!("equipment:{}", e.id), e.cost as u64);
    }
    for u in &rs.upgrades {
        p.insert(format!("upgrade:{}", u.id), u.cost as u64);
    }
    p
}

fn cost_of_parts(m: &Model, prices: &HashMap<String, u64>) -> u64 {
    let price = |kind: &str, id: &str| prices[&format!("{kind}:{id}")];
    let mut total = price("troop", &m.troop);
    total += m.weapons.iter().map(|w| price("weapon", w)).sum::<u64>();
    total += m.armour.iter().map(|a| price("armour", a)).sum::<u64>();
    // Each herb bought counts: a repeated id is paid each time.
    total += m
        .equipment
        .iter()
        .map(|e| price("equipment", e))
        .sum::<u64>();
    total += m.upgrades.iter().map(|u| price("upgrade", u)).sum::<u64>();
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_roster_saves_and_loads_back_identical(r in a_roster()) {
        let yaml = roster_to_yaml(&r).expect("writes");
        let back = parse_roster("r.yaml", &yaml, rules());
        prop_assert!(back.is_ok(), "{:?}\n{}", back.err(), yaml);
        let back = back.expect("checked");
        prop_assert_eq!(&back, &r, "{}", yaml);
        // And saving what was loaded writes the same text.
        prop_assert_eq!(roster_to_yaml(&back).expect("writes"), yaml);
    }

    #[test]
    fn r34_r37_r40_r42_cost_is_the_sum_of_its_parts(r in a_roster()) {
        let prices = price_list();
        let report = check(&r, rules());
        prop_assert_eq!(report.models.len(), r.models.len());
        let mut total = 0u64;
        for (m, mr) in r.models.iter().zip(&report.models) {
            let want = cost_of_parts(m, &prices);
            prop_assert_eq!(mr.cost as u64, want, "{:?}", m);
            prop_assert_eq!(roster::model_cost(m, rules()) as u64, want);
            total += want;
        }
        prop_assert_eq!(report.total as u64, total);
        prop_assert_eq!(report.points_limit, r.limit(rules()));
        prop_assert_eq!(report.valid(), report.problems.is_empty());
    }
}

proptest! {
    // Through real files (each save is fsynced): fewer cases.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_roster_saved_to_a_file_loads_back_identical(r in a_roster()) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("banda.yaml");
        save_roster(&path, &r).expect("saves");
        let back = load_roster(&path, rules());
        prop_assert!(back.is_ok(), "{:?}", back.err());
        prop_assert_eq!(back.expect("checked"), r);
        // Nothing is left beside it.
        prop_assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 1);
    }
}
