//! Every data id of RULES.md §4 exists, and a user folder over the shipped tables.

use super::*;

// --- RULES.md §4: every data id exists -------------------------------------

#[test]
fn every_id_of_rules_md_section_4_exists() {
    let rs = rules();
    for id in ["warrior", "veteran", "creature", "hero", "sorcerer"] {
        assert!(rs.troop(id).is_some(), "troop '{id}'");
    }
    for id in [
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
    ] {
        assert!(rs.melee_weapon(id).is_some(), "melee weapon '{id}'");
    }
    for id in ["bow", "thrown_weapons", "blowpipe", "javelin"] {
        assert!(rs.ranged_weapon(id).is_some(), "ranged weapon '{id}'");
    }
    for id in ["tough_clothes", "bones_hides", "leather_scales"] {
        assert!(rs.armour(id).is_some(), "armour '{id}'");
    }
    for id in ["shield", "mystic_herbs"] {
        assert!(rs.equipment_item(id).is_some(), "equipment '{id}'");
    }
    for (id, _) in CREATURE_UPGRADES {
        let u = rs.upgrade(id);
        assert_eq!(u.map(|u| u.group), Some(UpgradeGroup::Creature), "'{id}'");
    }
    for (id, _) in HERO_UPGRADES {
        let u = rs.upgrade(id);
        assert_eq!(u.map(|u| u.group), Some(UpgradeGroup::Hero), "'{id}'");
    }
    for id in ["dark_forces", "spell_backlash"] {
        assert!(rs.roll_table(id).is_some(), "table '{id}'");
    }
    assert_eq!(
        [
            rs.fall.id.as_str(),
            rs.jump.id.as_str(),
            rs.cover.id.as_str()
        ],
        ["fall", "jump", "cover"]
    );
}

// --- A user folder over the shipped tables ---------------------------------

const ARMOURS_OVERRIDE: &str = "\
- id: leather_scales
  name: {es: Cuero o escamas, en: Leather or scales}
  cost: 9
  armour: 4
- id: chain_mail
  name: {es: Cota de malla, en: Chain mail}
  cost: 20
  armour: 5
";

#[test]
fn a_user_folder_overrides_and_extends_the_shipped_armours() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "armours.yaml", ARMOURS_OVERRIDE);
    let rs = RuleSet::load(Some(dir.path())).expect("the user folder loads");
    let cost = |id: &str| rs.armour(id).map(|a| (a.cost, a.armour));
    assert_eq!(cost("leather_scales"), Some((9, 4)), "overridden");
    assert_eq!(cost("chain_mail"), Some((20, 5)), "added");
    assert_eq!(cost("tough_clothes"), Some((3, 2)), "untouched");
    assert_eq!(rs.armours.len(), 4);
    // The override replaces in place, the new entry comes last.
    assert_eq!(
        ids(&rs.armours, |a| &a.id),
        [
            "tough_clothes",
            "bones_hides",
            "leather_scales",
            "chain_mail"
        ]
        .map(String::from)
        .to_vec()
    );
    // The shipped data itself is unchanged.
    assert_eq!(rules().armour("leather_scales").map(|a| a.cost), Some(12));
    // Without a folder, load is the shipped data.
    assert_eq!(RuleSet::load(None).ok(), Some(rules()));
}

#[test]
fn a_user_folder_adds_a_die_range_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "omens.yaml",
        "id: omens\nname: {es: Augurios, en: Omens}\nrule: house\ndice: 1d6\nrows:\n  - range: \"1-3\"\n    text: {es: malo, en: bad}\n  - range: \"4-6\"\n    text: {es: bueno, en: good}\n",
    );
    let rs = RuleSet::load(Some(dir.path())).expect("the user folder loads");
    let Some(t) = rs.roll_table("omens") else {
        panic!("omens not loaded");
    };
    let odds: Vec<Prob> = t
        .row_odds(0)
        .expect("odds")
        .into_iter()
        .map(|o| o.0)
        .collect();
    assert_eq!(odds, [Prob::new(1, 2), Prob::new(1, 2)]);
    assert!(
        rs.roll_table("dark_forces").is_some(),
        "shipped tables stay"
    );
}

#[test]
fn a_duplicate_id_in_a_user_file_names_file_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = format!(
        "{ARMOURS_OVERRIDE}- id: chain_mail\n  name: {{es: Otra, en: Other}}\n  cost: 1\n  armour: 1\n"
    );
    write(dir.path(), "armours.yaml", &text);
    let Err(e) = RuleSet::load(Some(dir.path())) else {
        panic!("a duplicate id must be refused");
    };
    let msg = e.to_string();
    let file = dir.path().join("armours.yaml").display().to_string();
    // The second `chain_mail` is on line 9, its `id` key in column 3.
    assert_eq!(
        msg,
        format!("{file}:9:3: duplicate id 'chain_mail': every id must be unique")
    );
}

#[test]
fn a_gap_in_a_user_table_names_file_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "my_table.yaml",
        "id: my_table\nname: {es: Mía, en: Mine}\nrule: house\ndice: 1d10\nrows:\n  - range: \"1-4\"\n    text: {es: a, en: a}\n  - range: \"6-10\"\n    text: {es: b, en: b}\n",
    );
    let Err(e) = RuleSet::load(Some(dir.path())) else {
        panic!("a gap must be refused");
    };
    let file = dir.path().join("my_table.yaml").display().to_string();
    let msg = e.to_string();
    assert!(msg.starts_with(&format!("{file}:5:1:")), "{msg}");
    assert!(msg.contains("gap") && msg.contains("no row for 5"), "{msg}");
}
