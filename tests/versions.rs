//! Format versions, for every file impia reads: a file without `version:`
//! is version 1 (the only one so far) and loads; a file from a newer impia
//! is refused with a message that says so. Table packs and rule tables have
//! no version key (yet): there `version:` is an unknown field, refused.

use crate::game_support::*;
use impia::core::game::Game;
use impia::core::packs::{Origin, parse_pack_file};
use impia::core::roster::parse_roster;

const ROSTER: &str = "name: Sin versión\nmodels:\n  - {name: A, troop: hero, leader: true}\n";

#[test]
fn a_roster_without_version_loads_as_version_1_and_a_newer_one_is_refused() {
    let rules = rules();
    let r = parse_roster("v.yaml", ROSTER, &rules).expect("loads");
    assert_eq!(r.version, 1);
    let e = parse_roster("v.yaml", &format!("version: 2\n{ROSTER}"), &rules)
        .expect_err("a newer roster is refused")
        .to_string();
    assert!(
        e.starts_with("v.yaml:1:1:") && e.contains("version 2") && e.contains("newer impia"),
        "{e}"
    );
}

#[test]
fn a_game_file_without_version_loads_as_version_1_and_a_newer_one_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("partida.yaml");
    let mut g = game();
    turn(&mut g, 4);
    g.save(&path).expect("save");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains("\nversion: 3\n"));
    // Before the fix, this was refused: "not a game file: `version:` is missing".
    std::fs::write(&path, text.replace("\nversion: 3\n", "\n")).expect("write");
    let h = Game::load(&path, &rules()).expect("a file without version is version 1");
    assert_eq!(h.actions(), g.actions());
    // Version 4 (issue 38) names the campaigns; 5 is newer than this impia.
    std::fs::write(&path, text.replace("\nversion: 3\n", "\nversion: 5\n")).expect("write");
    let e = Game::load(&path, &rules())
        .expect_err("a newer game is refused")
        .to_string();
    assert!(e.contains("version 5") && e.contains("newer impia"), "{e}");
}

const PACK: &str = "pack: casa\nname: Casa\ntables:\n  - {id: a, name: A, dice: 1d2, rows: [{range: 1-2, text: x}]}\n";

#[test]
fn a_pack_file_without_version_loads_as_version_1_and_a_newer_one_is_refused() {
    let user = || Origin::User("p.yaml".into());
    assert!(parse_pack_file("p.yaml", PACK, user()).is_ok());
    assert!(parse_pack_file("p.yaml", &format!("version: 1\n{PACK}"), user()).is_ok());
    let e = parse_pack_file("p.yaml", &format!("version: 2\n{PACK}"), user())
        .expect_err("refused")
        .to_string();
    assert!(
        e.starts_with("p.yaml:1:1:") && e.contains("version 2") && e.contains("newer impia"),
        "{e}"
    );
}

#[test]
fn a_rule_table_file_has_no_version_and_refuses_one() {
    let rules = rules();
    let omens = "id: omens\nname: {es: Presagios, en: Omens}\nrule: house\ndice: 1d6\nrows:\n  - {range: 1-6, text: {es: a, en: a}}\n";
    assert!(rules.with_user_file("omens.yaml", omens).is_ok());
    let e = rules
        .with_user_file("omens.yaml", &format!("version: 2\n{omens}"))
        .expect_err("refused")
        .to_string();
    assert!(e.contains("unknown field `version`"), "{e}");
}
