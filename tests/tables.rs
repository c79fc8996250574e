//! The shipped rule data checked against the rules summary
//! (`resumen-de-reglas.es.txt`), row by row where it matters, and the user
//! folder that overrides and extends it.
//!
//! The expected numbers below are transcribed from the summary by hand, not
//! read back from `tables/`, so a wrong number in either place fails here.

use std::path::Path;

use impia::core::dice::Roller;
use impia::core::odds::Prob;
use impia::core::tables::{JumpCheck, Keyword, RuleSet, Stats, UpgradeGroup};

fn rules() -> RuleSet {
    RuleSet::builtin().expect("the shipped tables load")
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> &str) -> Vec<String> {
    items.iter().map(|t| id(t).to_string()).collect()
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write a file in the temp dir");
}

// --- R40: troops -----------------------------------------------------------

#[test]
fn r40_troop_profiles_match_summary() {
    let rs = rules();
    // id, [Agilidad, Combate, Precisión, Fuerza, Dureza, Coraje], PD, Coste.
    let summary: [(&str, [i32; 6], i32, u32); 5] = [
        ("warrior", [3, 3, 3, 3, 3, 3], 1, 15),
        ("veteran", [4, 4, 4, 4, 4, 4], 2, 25),
        ("creature", [5, 4, 4, 5, 5, 5], 2, 40),
        ("hero", [6, 5, 5, 4, 4, 5], 2, 40),
        ("sorcerer", [5, 2, 2, 3, 3, 5], 2, 50),
    ];
    assert_eq!(
        ids(&rs.troops, |t| &t.id),
        summary.map(|s| s.0.to_string()).to_vec(),
        "the five troops in the summary's order"
    );
    for (id, [agility, combat, accuracy, strength, toughness, courage], dp, cost) in summary {
        let Some(t) = rs.troop(id) else {
            panic!("no troop '{id}'");
        };
        let want = Stats {
            agility,
            combat,
            accuracy,
            strength,
            toughness,
            courage,
        };
        assert_eq!(t.stats, want, "{id} stats");
        assert_eq!(t.dp, dp, "{id} DP");
        assert_eq!(t.cost, cost, "{id} cost");
        assert_eq!(t.movement_cm, 10, "{id} moves 10 cm (R13)");
    }
    let kw = |id: &str| rs.troop(id).map(|t| t.keywords.clone()).unwrap_or_default();
    assert!(kw("warrior").contains(&Keyword::ControlsObjectives));
    assert!(kw("creature").contains(&Keyword::CannotClimb));
    assert!(kw("creature").contains(&Keyword::CannotLoot));
    assert!(kw("sorcerer").contains(&Keyword::CastsSpells));
    let group = |id: &str| rs.troop(id).and_then(|t| t.upgrade_group);
    assert_eq!(group("creature"), Some(UpgradeGroup::Creature));
    assert_eq!(group("hero"), Some(UpgradeGroup::Hero));
    assert_eq!(group("warrior"), None);
}

// --- R34–R37: gear ---------------------------------------------------------

#[test]
fn r34_melee_weapons_all_ten_rows() {
    let rs = rules();
    let order = [
        "improvised_weapon",
        "unarmed",
        "medium_blade",
        "small_blade",
        "heavy_blade",
        "claws",
        "spear",
        "jaws",
        "mace",
        "heavy_mace",
    ];
    assert_eq!(rs.melee_weapons.len(), 10);
    assert_eq!(
        ids(&rs.melee_weapons, |w| &w.id),
        order.map(String::from).to_vec()
    );
    // id, cost, combat, strength, penetration — every row of the summary.
    let summary: [(&str, Option<u32>, i32, i32, i32); 10] = [
        ("improvised_weapon", None, -1, 0, 0),
        ("unarmed", None, -2, 0, 0),
        ("medium_blade", Some(12), 1, 2, 3),
        ("small_blade", Some(6), 0, 1, 2),
        ("heavy_blade", Some(10), 0, 3, 4),
        ("claws", Some(4), 0, 0, 3),
        ("spear", Some(6), 0, 1, 0),
        ("jaws", Some(4), 0, 1, 1),
        ("mace", Some(6), 0, 2, 1),
        ("heavy_mace", Some(8), -1, 4, 2),
    ];
    for (id, cost, combat, strength, penetration) in summary {
        let Some(w) = rs.melee_weapon(id) else {
            panic!("no melee weapon '{id}'");
        };
        assert_eq!(
            (w.cost, w.combat, w.strength, w.penetration),
            (cost, combat, strength, penetration),
            "{id}: cost, combat, strength, penetration"
        );
    }

    let Some(hb) = rs.melee_weapon("heavy_blade") else {
        panic!("no heavy_blade");
    };
    assert_eq!(hb.effects.agility, -1);
    assert!(hb.restrictions.no_other_weapon && hb.restrictions.no_shield);
    assert!(!hb.restrictions.no_different_weapon);
    assert_eq!(hb.material, ["P", "H", "A"]);

    let Some(claws) = rs.melee_weapon("claws") else {
        panic!("no claws");
    };
    assert!(claws.restrictions.no_different_weapon && claws.restrictions.no_shield);
    assert!(!claws.restrictions.no_other_weapon);

    let Some(spear) = rs.melee_weapon("spear") else {
        panic!("no spear");
    };
    let bonus = spear.assault_bonus.clone().unwrap_or_default();
    assert_eq!(
        (bonus.strength, bonus.penetration),
        (1, 1),
        "spear in an Assault"
    );
    assert!(spear.restrictions.no_other_weapon && !spear.restrictions.no_shield);

    let Some(hm) = rs.melee_weapon("heavy_mace") else {
        panic!("no heavy_mace");
    };
    assert!(hm.restrictions.no_other_weapon && hm.restrictions.no_shield);

    // Rows without special rules carry no effects and no restrictions.
    for id in [
        "improvised_weapon",
        "unarmed",
        "medium_blade",
        "small_blade",
        "jaws",
        "mace",
    ] {
        let Some(w) = rs.melee_weapon(id) else {
            panic!("no melee weapon '{id}'");
        };
        assert!(w.effects.is_empty() && w.restrictions.is_empty(), "{id}");
        assert!(w.assault_bonus.is_none(), "{id}");
    }
}

#[test]
fn r35_ranged_weapons_all_four_rows() {
    let rs = rules();
    assert_eq!(
        ids(&rs.ranged_weapons, |w| &w.id),
        ["bow", "thrown_weapons", "blowpipe", "javelin"]
            .map(String::from)
            .to_vec()
    );
    // id, cost, range bands, strength per band, penetration per band.
    type Row = (&'static str, u32, [u32; 3], [i32; 3], [i32; 3]);
    let summary: [Row; 4] = [
        ("bow", 10, [20, 40, 60], [3, 3, 3], [2, 2, 2]),
        ("thrown_weapons", 4, [5, 10, 15], [1, 0, -1], [2, 1, 0]),
        ("blowpipe", 6, [10, 20, 30], [3, 2, 1], [1, 1, 1]),
        ("javelin", 8, [10, 30, 40], [3, 4, 2], [2, 2, 2]),
    ];
    for (id, cost, range, strength, penetration) in summary {
        let Some(w) = rs.ranged_weapon(id) else {
            panic!("no ranged weapon '{id}'");
        };
        assert_eq!(w.cost, Some(cost), "{id} cost");
        assert_eq!(w.range_cm, range, "{id} range");
        assert_eq!(w.strength, strength, "{id} strength");
        assert_eq!(w.penetration, penetration, "{id} penetration");
        // Only thrown weapons add to the thrower's own Strength (+1/+0/-1).
        assert_eq!(w.strength_is_bonus, id == "thrown_weapons", "{id}");
    }
    let Some(bow) = rs.ranged_weapon("bow") else {
        panic!("no bow");
    };
    assert!(bow.restrictions.no_other_weapon && bow.restrictions.no_shield);
    assert_eq!(
        bow.melee_as.as_deref(),
        Some("mace"),
        "a stone mace in close combat"
    );
    let Some(blowpipe) = rs.ranged_weapon("blowpipe") else {
        panic!("no blowpipe");
    };
    let special = blowpipe.special.clone().unwrap_or_default();
    assert!(
        special.es.contains("Veneno") && special.es.contains('2'),
        "{special:?}"
    );
}

#[test]
fn r36_armours_all_three_rows() {
    let rs = rules();
    let summary = [
        ("tough_clothes", 3, 2),
        ("bones_hides", 7, 3),
        ("leather_scales", 12, 4),
    ];
    assert_eq!(
        ids(&rs.armours, |a| &a.id),
        summary.map(|s| s.0.to_string()).to_vec()
    );
    for (id, cost, armour) in summary {
        let Some(a) = rs.armour(id) else {
            panic!("no armour '{id}'");
        };
        assert_eq!((a.cost, a.armour), (cost, armour), "{id}: cost, armour");
    }
    let Some(a) = rs.armour("tough_clothes") else {
        panic!("no tough_clothes");
    };
    assert_eq!(a.name.es, "Ropas resistentes o pieles");
}

#[test]
fn r37_equipment_shield_and_herbs() {
    let rs = rules();
    assert_eq!(
        ids(&rs.equipment, |e| &e.id),
        ["shield", "mystic_herbs"].map(String::from).to_vec()
    );
    let Some(shield) = rs.equipment_item("shield") else {
        panic!("no shield");
    };
    assert_eq!(shield.cost, 6);
    assert_eq!((shield.effects.armour, shield.effects.combat), (2, -1));
    assert!(shield.is_shield);
    assert!(!shield.repeatable, "one shield per model");

    let Some(herbs) = rs.equipment_item("mystic_herbs") else {
        panic!("no mystic_herbs");
    };
    assert_eq!(herbs.cost, 8, "8 points each");
    assert!(herbs.repeatable, "bought one by one");
    assert_eq!(herbs.effects.own_dp, 1);
    assert!(!herbs.is_shield);
}

// --- R41, R42: upgrades ----------------------------------------------------

const CREATURE_UPGRADES: [(&str, u32); 12] = [
    ("wings", 15),
    ("breath", 15),
    ("dreadful_aspect", 12),
    ("brutal", 8),
    ("bloodsucker", 5),
    ("constrictor", 5),
    ("steady", 5),
    ("mount", 5),
    ("many_heads", 5),
    ("climber", 5),
    ("venom", 5),
    ("swift", 10),
];

const HERO_UPGRADES: [(&str, u32); 15] = [
    ("agile", 10),
    ("cruel", 10),
    ("fearless", 10),
    ("initiate", 8),
    ("inspiring", 10),
    ("survival_instinct", 5),
    ("mounted", 15),
    ("stubborn", 5),
    ("tough_hide", 18),
    ("imposing_presence", 15),
    ("savage", 10),
    ("resilient", 10),
    ("headstrong", 5),
    ("arcane_void", 10),
    ("violent", 10),
];

fn upgrades_of(rs: &RuleSet, group: UpgradeGroup) -> Vec<(String, u32)> {
    rs.upgrades
        .iter()
        .filter(|u| u.group == group)
        .map(|u| (u.id.clone(), u.cost))
        .collect()
}

#[test]
fn r41_twelve_creature_upgrades() {
    let rs = rules();
    let want: Vec<(String, u32)> = CREATURE_UPGRADES
        .iter()
        .map(|(id, c)| (id.to_string(), *c))
        .collect();
    assert_eq!(upgrades_of(&rs, UpgradeGroup::Creature), want);
    let Some(swift) = rs.upgrade("swift") else {
        panic!("no swift");
    };
    assert_eq!(swift.effects.movement_cm, Some(15));
    let Some(breath) = rs.upgrade("breath") else {
        panic!("no breath");
    };
    assert!(breath.keywords.contains(&Keyword::Breath));
    // The breath action costs 3 DP (R41).
    assert_eq!(rs.action("breath").and_then(|a| a.dp), Some(3));
}

#[test]
fn r42_fifteen_hero_upgrades() {
    let rs = rules();
    let want: Vec<(String, u32)> = HERO_UPGRADES
        .iter()
        .map(|(id, c)| (id.to_string(), *c))
        .collect();
    assert_eq!(upgrades_of(&rs, UpgradeGroup::Hero), want);
    let effect = |id: &str| {
        let Some(u) = rs.upgrade(id) else {
            panic!("no upgrade '{id}'");
        };
        u.effects.clone()
    };
    assert_eq!(effect("agile").agility, 1);
    assert_eq!(effect("tough_hide").armour, 2);
    assert_eq!(effect("resilient").toughness, 1);
    assert_eq!(effect("violent").strength, 1);
    assert_eq!(effect("mounted").movement_cm, Some(15));
    let Some(initiate) = rs.upgrade("initiate") else {
        panic!("no initiate");
    };
    let grant = initiate.grants_spells.clone();
    assert_eq!(grant.map(|g| (g.count, g.max_level)), Some((1, 1)));
    // Creature and hero lists stay apart: 12 + 15 and nothing else.
    assert_eq!(rs.upgrades.len(), 27);
}

// --- R38, R39: die-range tables --------------------------------------------

#[test]
fn r39_dark_forces_rows() {
    let rs = rules();
    let Some(t) = rs.roll_table("dark_forces") else {
        panic!("no dark_forces table");
    };
    assert_eq!(t.dice, "1d10");
    assert_eq!(t.rule, "R39");
    let ranges: Vec<&str> = t.rows.iter().map(|r| r.range.as_str()).collect();
    assert_eq!(ranges, ["1", "2-5", "6-7", "8-9", "10"]);
    assert_eq!(t.rows[0].effect.fear_all, -1, "1: every model loses 1 fear");
    assert!(t.rows[1].effect.is_empty(), "2-5: nothing happens");
    assert_eq!(
        t.rows[2].effect.fear_all, 1,
        "6-7: every model gains 1 fear"
    );
    assert!(t.rows[3].effect.beast, "8-9: a beast");
    assert_eq!(t.rows[4].effect.dp_per_model, -1, "10: 1 DP less per model");
    // Which row each d10 face reads.
    let faces: Vec<usize> = (1..=10).map(|v| t.row_for(v)).collect();
    assert_eq!(faces, [0, 1, 1, 1, 1, 2, 2, 3, 3, 4]);
    let odds: Vec<Prob> = t
        .row_odds(0)
        .expect("odds of a loaded table")
        .into_iter()
        .map(|o| o.0)
        .collect();
    let p = |n, d| Prob::new(n, d);
    assert_eq!(odds, [p(1, 10), p(2, 5), p(1, 5), p(1, 5), p(1, 10)]);
}

#[test]
fn r38_spell_backlash() {
    let rs = rules();
    let Some(t) = rs.roll_table("spell_backlash") else {
        panic!("no spell_backlash table");
    };
    assert_eq!(t.dice, "1d10");
    let ranges: Vec<&str> = t.rows.iter().map(|r| r.range.as_str()).collect();
    assert_eq!(ranges, ["1-7", "8-11", "12-13", "14+"]);
    let modifiers: Vec<&str> = t.modifiers.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(modifiers, ["spell_level", "caster_fear"]);
    assert!(t.rows[0].effect.is_empty());
    assert_eq!(t.rows[1].effect.caster_fear, 1);
    assert_eq!(t.rows[2].effect.caster_toughness, -1);
    assert!(t.rows[3].effect.caster_removed);
    assert_eq!(t.rows[3].effect.fear_within_30cm, 1);

    // A level-3 spell cast with 1 fear (modifier 4) and a 9 on the d10: 13 → 12-13.
    let Some(seed) = (0..1000u64).find(|s| {
        t.roll(&mut Roller::seeded(*s), 4)
            .is_ok_and(|r| r.rolled == [9])
    }) else {
        panic!("no seed below 1000 rolls a 9");
    };
    let r = t.roll(&mut Roller::seeded(seed), 4).expect("roll");
    assert_eq!(r.total, 13);
    assert_eq!(t.rows[r.row].range, "12-13");
    assert_eq!(t.rows[t.row_for(20)].range, "14+", "20 is past every bound");
    assert_eq!(t.rows[t.row_for(14)].range, "14+");
    assert_eq!(t.rows[t.row_for(11)].range, "8-11");

    for modifier in [0, 4, 9, 15] {
        let odds = t.row_odds(modifier).expect("odds");
        let sum: Prob = odds.iter().map(|o| o.0).sum();
        assert_eq!(sum, Prob::from_integer(1), "modifier {modifier}");
    }
    let p = |n, d| Prob::new(n, d);
    let odds0: Vec<Prob> = t
        .row_odds(0)
        .expect("odds")
        .into_iter()
        .map(|o| o.0)
        .collect();
    assert_eq!(odds0, [p(7, 10), p(3, 10), p(0, 1), p(0, 1)]);
    let odds4: Vec<Prob> = t
        .row_odds(4)
        .expect("odds")
        .into_iter()
        .map(|o| o.0)
        .collect();
    assert_eq!(odds4, [p(3, 10), p(2, 5), p(1, 5), p(1, 10)]);
}

// --- R16, R18, R30: reference tables ---------------------------------------

#[test]
fn r18_fall_strengths() {
    let rs = rules();
    let rows: Vec<(Option<f64>, Option<i32>)> = rs
        .fall
        .rows
        .iter()
        .map(|r| (r.up_to_cm, r.strength))
        .collect();
    assert_eq!(
        rows,
        [
            (Some(5.0), None),
            (Some(10.0), Some(2)),
            (Some(15.0), Some(4)),
            (Some(20.0), Some(6)),
            (None, Some(8)),
        ]
    );
    assert_eq!(rs.fall.id, "fall");
}

#[test]
fn r16_jump() {
    let rs = rules();
    let rows: Vec<(Option<f64>, JumpCheck, i32)> = rs
        .jump
        .rows
        .iter()
        .map(|r| (r.up_to_cm, r.check, r.modifier))
        .collect();
    assert_eq!(
        rows,
        [
            (Some(5.0), JumpCheck::Free, 0),
            (Some(7.5), JumpCheck::Agility, 0),
            (Some(10.0), JumpCheck::Agility, -2),
            (None, JumpCheck::Impossible, 0),
        ]
    );
}

#[test]
fn r30_cover() {
    let rs = rules();
    let rows: Vec<(&str, i32)> = rs
        .cover
        .rows
        .iter()
        .map(|r| (r.id.as_str(), r.armour))
        .collect();
    assert_eq!(rows, [("light", 2), ("medium", 4), ("heavy", 6)]);
    assert_eq!(rs.cover.per_extra_cover, 1);
    assert!(rs.cover.rows[1].examples.es.contains("Adobe"));
}

// --- R15, R17: left to the players, quoted in the reference ---------------

/// The reference's text of a rule in both languages.
fn reference_text(id: &str) -> (String, String) {
    let rs = rules();
    let r = rs.reference.rules.iter().find(|r| r.id == id);
    let r = r.unwrap_or_else(|| panic!("{id} is in the reference"));
    (r.text.es.clone(), r.text.en.clone())
}

#[test]
fn r15_obstacles_small_scenery_costs_no_vertical_move_and_a_narrow_one_is_crossed() {
    let (es, en) = reference_text("R15");
    for s in [
        "subir a un elemento de escenografía de tamaño pequeño sin gastar Movimiento vertical",
        "anchura igual o menor al tamaño de la peana",
        "directamente al otro lado",
    ] {
        assert!(es.contains(s), "R15 (es) lacks «{s}»: {es}");
    }
    for s in [
        "without spending vertical movement",
        "placed directly on the other side",
    ] {
        assert!(en.contains(s), "R15 (en) lacks «{s}»: {en}");
    }
}

#[test]
fn r17_climb_a_ladder_as_open_terrain_elsewhere_as_difficult() {
    let (es, en) = reference_text("R17");
    assert!(es.contains("escalerilla: como Terreno normal"), "{es}");
    assert!(es.contains("otro lugar: como Terreno difícil"), "{es}");
    assert!(en.contains("ladder: as open terrain"), "{en}");
    assert!(en.contains("anywhere else: as difficult terrain"), "{en}");
}

// The ids and a user's folder (tests/tables/).
mod user;
