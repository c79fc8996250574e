//! Roster rules: costs, derived profiles and validation, each named by the
//! rule it checks (RULES.md).

use impia::core::roster::{self, Model, Roster, Spell, check, derive_profile, model_cost};
use impia::core::tables::{Keyword, RuleSet};
use impia::core::text::Lang;

fn rules() -> RuleSet {
    RuleSet::builtin().expect("shipped tables load")
}

fn model(name: &str, troop: &str) -> Model {
    Model {
        name: name.into(),
        troop: troop.into(),
        ..Default::default()
    }
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn warband(models: Vec<Model>) -> Roster {
    let mut models = models;
    if let Some(first) = models.first_mut() {
        first.leader = true;
    }
    Roster {
        version: 1,
        name: "Prueba".into(),
        points_limit: None,
        totem: Some("Ídolo".into()),
        models,
    }
}

fn rules_of(r: &Roster) -> Vec<String> {
    check(r, &rules())
        .problems
        .iter()
        .map(|p| p.rule.clone())
        .collect()
}

#[test]
fn r40_troop_cost_is_the_profile_cost() {
    let rs = rules();
    assert_eq!(model_cost(&model("a", "warrior"), &rs), 15);
    assert_eq!(model_cost(&model("a", "veteran"), &rs), 25);
    assert_eq!(model_cost(&model("a", "sorcerer"), &rs), 50);
}

#[test]
fn r34_r36_r37_r42_cost_is_the_sum_of_its_parts() {
    let rs = rules();
    let mut m = model("Ulrak", "hero");
    m.weapons = ids(&["medium_blade"]);
    m.armour = Some("leather_scales".into());
    m.equipment = ids(&["shield", "mystic_herbs", "mystic_herbs"]);
    m.upgrades = ids(&["agile"]);
    // 40 hero + 12 blade + 12 leather + 6 shield + 2×8 herbs + 10 agile.
    assert_eq!(model_cost(&m, &rs), 40 + 12 + 12 + 6 + 16 + 10);
}

#[test]
fn r34_improvised_and_unarmed_weapons_are_free() {
    let rs = rules();
    let mut m = model("a", "warrior");
    m.weapons = ids(&["improvised_weapon", "unarmed"]);
    assert_eq!(model_cost(&m, &rs), 15);
}

#[test]
fn r42_agile_adds_one_agility() {
    let rs = rules();
    let mut m = model("a", "hero");
    m.upgrades = ids(&["agile"]);
    assert_eq!(derive_profile(&m, &rs).stats.agility, 7);
}

#[test]
fn r42_resilient_violent_and_tough_hide_change_the_profile() {
    let rs = rules();
    let mut m = model("a", "hero");
    m.upgrades = ids(&["resilient", "violent", "tough_hide"]);
    let p = derive_profile(&m, &rs);
    assert_eq!(p.stats.toughness, 5);
    assert_eq!(p.stats.strength, 5);
    assert_eq!(p.armour, 2);
}

#[test]
fn r37_shield_gives_two_armour_and_costs_one_combat() {
    let rs = rules();
    let mut m = model("a", "veteran");
    m.weapons = ids(&["mace"]);
    m.armour = Some("tough_clothes".into());
    m.equipment = ids(&["shield"]);
    let p = derive_profile(&m, &rs);
    assert_eq!(p.armour, 2 + 2);
    assert_eq!(p.stats.combat, 3);
    // The mace line fights with the lowered Combat: 3 + 0.
    assert_eq!(p.melee[0].combat, 3);
    assert_eq!(p.melee[0].strength, 4 + 2);
}

#[test]
fn r34_heavy_blade_costs_one_agility() {
    let rs = rules();
    let mut m = model("a", "veteran");
    m.weapons = ids(&["heavy_blade"]);
    let p = derive_profile(&m, &rs);
    assert_eq!(p.stats.agility, 3);
    assert_eq!(p.melee[0].strength, 4 + 3);
    assert_eq!(p.melee[0].penetration, 4);
}

#[test]
fn r13_swift_and_mounted_move_fifteen() {
    let rs = rules();
    let mut c = model("a", "creature");
    assert_eq!(derive_profile(&c, &rs).movement_cm, 10);
    c.upgrades = ids(&["swift"]);
    assert_eq!(derive_profile(&c, &rs).movement_cm, 15);
    let mut h = model("b", "hero");
    h.upgrades = ids(&["mounted"]);
    assert_eq!(derive_profile(&h, &rs).movement_cm, 15);
}

#[test]
fn r32_leader_has_one_extra_dp_of_its_own() {
    let rs = rules();
    let mut m = model("a", "warrior");
    assert_eq!(derive_profile(&m, &rs).own_dp, 0);
    m.leader = true;
    let p = derive_profile(&m, &rs);
    assert_eq!(p.own_dp, 1);
    assert_eq!(p.dp, 1);
}

#[test]
fn r37_each_mystic_herb_is_one_own_dp() {
    let rs = rules();
    let mut m = model("a", "veteran");
    m.equipment = ids(&["mystic_herbs", "mystic_herbs", "mystic_herbs"]);
    assert_eq!(derive_profile(&m, &rs).own_dp, 3);
}

#[test]
fn r35_bow_user_fights_with_a_stone_mace_in_melee() {
    let rs = rules();
    let mut m = model("a", "veteran");
    m.weapons = ids(&["bow"]);
    let p = derive_profile(&m, &rs);
    assert_eq!(p.melee.len(), 1);
    assert_eq!(p.melee[0].id, "mace");
    assert!(!p.melee[0].carried);
    assert_eq!(model_cost(&m, &rs), 25 + 10);
}

#[test]
fn r34_a_model_without_melee_weapon_fights_unarmed() {
    let rs = rules();
    let p = derive_profile(&model("a", "warrior"), &rs);
    assert_eq!(p.melee[0].id, "unarmed");
    assert_eq!(p.melee[0].combat, 3 - 2);
}

#[test]
fn r35_thrown_weapons_add_to_the_throwers_strength() {
    let rs = rules();
    let mut m = model("a", "veteran");
    m.weapons = ids(&["thrown_weapons", "small_blade"]);
    let p = derive_profile(&m, &rs);
    assert_eq!(p.ranged[0].strength, [5, 4, 3]);
    assert_eq!(p.ranged[0].penetration, [2, 1, 0]);
}

#[test]
fn r41_climber_overrides_the_creatures_no_climbing() {
    let rs = rules();
    let mut m = model("a", "creature");
    assert!(
        derive_profile(&m, &rs)
            .keywords
            .contains(&Keyword::CannotClimb)
    );
    m.upgrades = ids(&["climber"]);
    let k = derive_profile(&m, &rs).keywords;
    assert!(!k.contains(&Keyword::CannotClimb));
    assert!(k.contains(&Keyword::CanClimb));
}

#[test]
fn a_valid_warband_has_no_problems() {
    let mut leader = model("Ulrak", "hero");
    leader.weapons = ids(&["medium_blade"]);
    let r = warband(vec![leader, model("Grom", "warrior")]);
    let report = check(&r, &rules());
    assert!(report.valid(), "{:?}", report.problems);
    assert_eq!(report.total, 40 + 12 + 15);
    assert_eq!(report.points_limit, 200);
}

#[test]
fn points_limit_over_is_a_problem() {
    let r = warband(vec![
        model("a", "sorcerer"),
        model("b", "sorcerer"),
        model("c", "sorcerer"),
        model("d", "sorcerer"),
        model("e", "warrior"),
    ]);
    let report = check(&r, &rules());
    assert_eq!(report.total, 215);
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.rule == "R40" && p.message.en.contains("15 over"))
    );
    let mut r2 = r.clone();
    r2.points_limit = Some(250);
    assert!(check(&r2, &rules()).valid());
}

#[test]
fn every_problem_cites_a_rule_id_or_a_reading_of_the_tables() {
    let rules = rules();
    // Over the limit, no Leader, no totem, a nameless and a duplicate model,
    // a weapon restriction, an upgrade on the wrong troop, a stray spell.
    let mut r = warband(vec![
        model("", "sorcerer"),
        model("b", "sorcerer"),
        model("b", "warrior"),
        model("d", "warrior"),
    ]);
    r.points_limit = Some(10);
    r.totem = None;
    r.models[2].weapons = vec!["heavy_blade".into(), "spear".into()];
    r.models[3].upgrades = vec!["agile".into()];
    r.models[3].spells = vec![Spell {
        effect: Default::default(),
        name: "x".into(),
        level: 1,
        cost: 1,
        text: String::new(),
        hit: None,
    }];
    let report = check(&r, &rules);
    assert!(report.problems.len() >= 7, "{:?}", report.problems);
    for p in &report.problems {
        let is_rule = p.rule.len() == 3
            && p.rule.starts_with('R')
            && p.rule[1..].chars().all(|c| c.is_ascii_digit());
        let reading = rules.reference.readings.iter().find(|x| x.id == p.rule);
        assert!(is_rule || reading.is_some(), "{p:?}");
        assert!(!p.rule.contains('§'), "{p:?}");
        if let Some(reading) = reading {
            assert!(p.cite.es.contains(&reading.title.es), "{p:?}");
            assert!(p.cite.en.contains(&reading.title.en), "{p:?}");
        } else {
            assert_eq!(p.cite.es, p.rule);
        }
        assert!(p.line(Lang::En).contains(p.cite.get(Lang::En)));
    }
}

#[test]
fn r32_exactly_one_leader() {
    let mut none = warband(vec![model("a", "hero")]);
    none.models[0].leader = false;
    assert!(rules_of(&none).contains(&"R32".to_string()));
    let mut two = warband(vec![model("a", "hero"), model("b", "hero")]);
    two.models[1].leader = true;
    let report = check(&two, &rules());
    let p = report.problems.iter().find(|p| p.rule == "R32");
    assert!(p.is_some_and(|p| p.message.en.contains("2 Leaders")));
}

#[test]
fn r33_a_warband_needs_a_totem() {
    let mut r = warband(vec![model("a", "hero")]);
    r.totem = None;
    assert_eq!(rules_of(&r), vec!["R33".to_string()]);
    r.totem = Some("  ".into());
    assert_eq!(rules_of(&r), vec!["R33".to_string()]);
}

#[test]
fn r34_heavy_blade_allows_no_other_weapon_and_no_shield() {
    let mut m = model("a", "veteran");
    m.weapons = ids(&["heavy_blade", "small_blade"]);
    m.equipment = ids(&["shield"]);
    let report = check(&warband(vec![m]), &rules());
    let r34: Vec<_> = report.problems.iter().filter(|p| p.rule == "R34").collect();
    assert_eq!(r34.len(), 2, "{r34:?}");
    assert!(
        r34.iter()
            .all(|p| p.model.as_deref() == Some("a") && p.model_index == Some(0))
    );
}

#[test]
fn r34_heavy_mace_allows_no_shield() {
    let mut m = model("a", "veteran");
    m.weapons = ids(&["heavy_mace"]);
    m.equipment = ids(&["shield"]);
    assert_eq!(rules_of(&warband(vec![m])), vec!["R34".to_string()]);
}

#[test]
fn r34_claws_allow_more_claws_but_no_different_weapon() {
    let mut m = model("a", "creature");
    m.weapons = ids(&["claws", "claws"]);
    assert!(rules_of(&warband(vec![m.clone()])).is_empty());
    m.weapons = ids(&["claws", "jaws"]);
    assert_eq!(rules_of(&warband(vec![m.clone()])), vec!["R34".to_string()]);
    m.weapons = ids(&["claws"]);
    m.equipment = ids(&["shield"]);
    assert_eq!(rules_of(&warband(vec![m])), vec!["R34".to_string()]);
}

#[test]
fn r34_spear_allows_no_other_weapon_but_a_shield() {
    let mut m = model("a", "veteran");
    m.weapons = ids(&["spear"]);
    m.equipment = ids(&["shield"]);
    assert!(rules_of(&warband(vec![m.clone()])).is_empty());
    m.weapons = ids(&["spear", "javelin"]);
    assert_eq!(rules_of(&warband(vec![m])), vec!["R34".to_string()]);
}

#[test]
fn r35_bow_allows_no_other_weapon_and_no_shield() {
    let mut m = model("a", "veteran");
    m.weapons = ids(&["bow", "small_blade"]);
    m.equipment = ids(&["shield"]);
    let r = rules_of(&warband(vec![m]));
    assert_eq!(r.iter().filter(|x| *x == "R35").count(), 2, "{r:?}");
}

#[test]
fn r37_only_herbs_may_be_bought_twice() {
    let mut m = model("a", "veteran");
    m.equipment = ids(&["mystic_herbs", "mystic_herbs"]);
    assert!(rules_of(&warband(vec![m.clone()])).is_empty());
    m.equipment = ids(&["shield", "shield"]);
    assert_eq!(rules_of(&warband(vec![m])), vec!["R37".to_string()]);
}

#[test]
fn r41_creature_upgrades_only_on_creatures() {
    let mut m = model("a", "hero");
    m.upgrades = ids(&["wings"]);
    assert_eq!(rules_of(&warband(vec![m])), vec!["R41".to_string()]);
    let mut w = model("a", "warrior");
    w.upgrades = ids(&["swift"]);
    assert_eq!(rules_of(&warband(vec![w])), vec!["R41".to_string()]);
}

#[test]
fn r42_hero_upgrades_only_on_heroes() {
    let mut m = model("a", "creature");
    m.upgrades = ids(&["agile"]);
    assert_eq!(rules_of(&warband(vec![m])), vec!["R42".to_string()]);
}

#[test]
fn r42_the_same_upgrade_twice_is_a_problem() {
    let mut m = model("a", "hero");
    m.upgrades = ids(&["agile", "agile"]);
    let report = check(&warband(vec![m]), &rules());
    assert_eq!(report.problems.len(), 1);
    assert!(report.problems[0].message.en.contains("twice"));
}

fn spell(level: u32) -> Spell {
    Spell {
        effect: Default::default(),
        name: format!("Niebla {level}"),
        level,
        cost: 2,
        text: String::new(),
        hit: None,
    }
}

#[test]
fn r38_sorcerers_know_any_spells() {
    let mut m = model("a", "sorcerer");
    m.spells = vec![spell(1), spell(2), spell(3)];
    assert!(rules_of(&warband(vec![m])).is_empty());
}

#[test]
fn r38_spells_only_on_sorcerers() {
    let mut m = model("a", "veteran");
    m.spells = vec![spell(1)];
    assert_eq!(rules_of(&warband(vec![m])), vec!["R38".to_string()]);
}

#[test]
fn r42_initiate_knows_one_level_one_spell() {
    let mut m = model("a", "hero");
    m.upgrades = ids(&["initiate"]);
    m.spells = vec![spell(1)];
    assert!(rules_of(&warband(vec![m.clone()])).is_empty());
    m.spells = vec![spell(1), spell(1)];
    assert_eq!(rules_of(&warband(vec![m.clone()])), vec!["R42".to_string()]);
    m.spells = vec![spell(2)];
    assert_eq!(rules_of(&warband(vec![m])), vec!["R42".to_string()]);
}

#[test]
fn duplicate_model_names_are_a_problem() {
    let r = warband(vec![model("Grom", "hero"), model("Grom", "warrior")]);
    let report = check(&r, &rules());
    assert_eq!(report.problems.len(), 1);
    assert_eq!(report.problems[0].model_index, Some(1));
}

#[test]
fn an_invalid_roster_still_reports_costs_and_profiles() {
    let mut m = model("a", "creature");
    m.upgrades = ids(&["agile"]);
    let r = warband(vec![m, model("a", "warrior")]);
    let report = check(&r, &rules());
    assert!(!report.valid());
    assert_eq!(report.models.len(), 2);
    assert_eq!(report.total, 40 + 10 + 15);
}

// --- The file ---

const FILE: &str = "name: Hijos del Pantano\npoints_limit: 150\ntotem: Ídolo de hueso\nmodels:\n  - name: Ulrak\n    troop: hero\n    leader: true\n    weapons: [medium_blade]\n    armour: leather_scales\n    equipment: [shield]\n    upgrades: [agile]\n    notes: \"free text\"\n  - name: Sapo\n    troop: warrior\n";

#[test]
fn a_roster_file_loads_with_version_one_by_default() {
    let r = roster::parse_roster("x.yaml", FILE, &rules()).expect("loads");
    assert_eq!(r.version, 1);
    assert_eq!(r.points_limit, Some(150));
    assert_eq!(r.models.len(), 2);
    assert_eq!(r.models[0].upgrades, ids(&["agile"]));
}

#[test]
fn a_roster_saves_and_loads_back_identical_in_order() {
    let rs = rules();
    let r = roster::parse_roster("x.yaml", FILE, &rs).expect("loads");
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("r.yaml");
    roster::save_roster(&p, &r).expect("saves");
    let text = std::fs::read_to_string(&p).expect("read back");
    assert!(text.starts_with("version: 1\n"), "{text}");
    let back = roster::load_roster(&p, &rs).expect("loads back");
    assert_eq!(back, r);
    assert_eq!(back.models[1].name, "Sapo");
}

fn load_err(text: &str) -> String {
    roster::parse_roster("r.yaml", text, &rules())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn an_unknown_id_names_file_line_and_column() {
    let e = load_err(&FILE.replace("[medium_blade]", "[medium_blad]"));
    assert!(e.starts_with("r.yaml:8:15:"), "{e}");
    assert!(
        e.contains("unknown weapon 'medium_blad'") && e.contains("medium_blade"),
        "{e}"
    );
    let e = load_err(&FILE.replace("troop: warrior", "troop: guerrero"));
    assert!(e.starts_with("r.yaml:14:12:"), "{e}");
}

#[test]
fn an_unknown_key_names_file_line_and_column() {
    let e = load_err(&FILE.replace("notes:", "nots:"));
    assert!(e.starts_with("r.yaml:12:5:"), "{e}");
    assert!(e.contains("unknown field `nots`"), "{e}");
}

#[test]
fn a_list_where_a_string_belongs_is_an_error() {
    let e = load_err(&FILE.replace("armour: leather_scales", "armour: [leather_scales]"));
    assert!(e.starts_with("r.yaml:9:"), "{e}");
    assert!(
        e.contains("expected a string") || e.contains("invalid type"),
        "{e}"
    );
}

#[test]
fn a_yaml_syntax_error_names_its_place() {
    let e = load_err("name: x\nmodels:\n  - name: [a\n");
    assert!(e.starts_with("r.yaml:"), "{e}");
    assert!(
        e.split(':')
            .nth(1)
            .is_some_and(|l| l.parse::<usize>().is_ok()),
        "{e}"
    );
}

#[test]
fn an_empty_file_is_an_error() {
    assert!(load_err("").contains("empty"));
    assert!(load_err("  \n").contains("empty"));
}

#[test]
fn a_newer_version_is_refused_with_a_clear_message() {
    let e = load_err(&format!("version: 2\n{FILE}"));
    assert!(e.starts_with("r.yaml:1:1:"), "{e}");
    assert!(e.contains("newer impia"), "{e}");
}

#[test]
fn a_huge_file_is_refused_before_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("big.yaml");
    let mut s = String::from(FILE);
    s.push_str(&"# padding\n".repeat(1_100_000));
    std::fs::write(&p, s).expect("write");
    let e = roster::load_roster(&p, &rules())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("big.yaml") && e.contains("at most"), "{e}");
}

#[test]
fn the_starter_roster_is_valid() {
    let rs = rules();
    let r = Roster::starter("Nueva banda");
    let report = check(&r, &rs);
    assert!(report.valid(), "{:?}", report.problems);
}
