//! `impia game …` as a user and a script see it: new, status (text and
//! JSON), replay with its exit codes (0 consistent, 1 inconsistent, 2
//! unreadable with file:line:col).

use crate::cli_support::impia;
use std::path::Path;

use serde_json::Value;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const ROSTER_A: &str = "name: Hijos del Lobo\ntotem: Cráneo\nmodels:\n  - {name: Ulrak, troop: hero, leader: true, weapons: [medium_blade], equipment: [mystic_herbs]}\n  - {name: Kel, troop: warrior, weapons: [bow]}\n";
const ROSTER_B: &str = "name: Culto del Cuervo\ntotem: Pluma\nmodels:\n  - {name: Vask, troop: hero, leader: true, weapons: [heavy_mace]}\n  - {name: Tuk, troop: warrior, weapons: [small_blade]}\n";

fn files(dir: &Path) -> (String, String, String) {
    let a = dir.join("a.yaml");
    let b = dir.join("b.yaml");
    std::fs::write(&a, ROSTER_A).expect("write roster a");
    std::fs::write(&b, ROSTER_B).expect("write roster b");
    let g = dir.join("partida.yaml");
    (
        a.display().to_string(),
        b.display().to_string(),
        g.display().to_string(),
    )
}

fn new_game(dir: &Path) -> String {
    let (a, b, g) = files(dir);
    let o = impia(&[
        "game",
        "new",
        "--a",
        &a,
        "--b",
        &b,
        "--seed",
        "5",
        "--scenario",
        "Vado",
        "--player-a",
        "Ana",
        "--player-b",
        "Beto",
        "-o",
        &g,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains(&g));
    g
}

#[test]
fn game_new_writes_a_version_2_file_of_the_current_rules_with_the_rosters_embedded() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    let body = std::fs::read_to_string(&g).unwrap();
    assert!(body.contains("\nversion: 3\n"), "{body}");
    assert!(body.contains("\nrules: 4\n"), "{body}");
    assert!(body.contains("scenario: Vado"));
    assert!(body.contains("name: Culto del Cuervo"));
    assert!(body.contains("seed: 5"));
    // Not over an existing file unless asked.
    let (a, b, _) = files(dir.path());
    let o = impia(&["game", "new", "--a", &a, "--b", &b, "-o", &g]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("already exists"));
    let o = impia(&["game", "new", "--a", &a, "--b", &b, "-o", &g, "--force"]);
    assert!(o.status.success());
}

#[test]
fn game_new_into_a_folder_that_is_not_there_names_the_folder_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, _) = files(dir.path());
    let g = dir.path().join("games").join("g.yaml");
    let o = impia(&[
        "game",
        "new",
        "--a",
        &a,
        "--b",
        &b,
        "-o",
        &g.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    let folder = dir.path().join("games").display().to_string();
    assert!(
        err.contains(&format!("the folder {folder} does not exist")),
        "{err}"
    );
    assert!(!dir.path().join("games").exists());
}

#[test]
fn game_new_allows_an_invalid_roster_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, g) = files(dir.path());
    // No Leader in B: invalid, but the game starts.
    std::fs::write(&b, ROSTER_B.replace(", leader: true", "")).unwrap();
    let o = impia(&[
        "game", "new", "--a", &a, "--b", &b, "-o", &g, "--lang", "en",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("warning"), "{}", text(&o.stderr));
    // An unknown id is still an error with its place.
    std::fs::write(&b, ROSTER_B.replace("heavy_mace", "hevy_mace")).unwrap();
    let o = impia(&["game", "new", "--a", &a, "--b", &b, "-o", &g, "--force"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("b.yaml:") && err.contains("'hevy_mace'"),
        "{err}"
    );
}

#[test]
fn game_status_json_gives_turn_round_pools_vp_and_every_models_fear_status_and_dp() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    play(&g, 40, 3);
    let o = impia(&["game", "status", &g, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["turn"].as_u64().unwrap() >= 1);
    assert!(v["phase"].is_string());
    assert!(v["now"].is_string());
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0]["warband"], "Hijos del Lobo");
    assert_eq!(sides[0]["player"], "Ana");
    assert!(sides[1]["pool"].as_i64().unwrap() >= 0);
    assert!(sides[0]["vp"]["total"].is_i64());
    let m = &sides[0]["models"][0];
    assert_eq!(m["ref"], "a0");
    assert_eq!(m["name"], "Ulrak");
    for key in [
        "fear",
        "status",
        "dp",
        "own_dp",
        "herbs",
        "toughness",
        "round",
    ] {
        assert!(!m[key].is_null(), "{key} missing in {m}");
    }
    assert_eq!(v["actions"], 40);
    // The text form too.
    let o = impia(&["game", "status", &g, "--lang", "en"]);
    let out = text(&o.stdout);
    // The glossary's word for the pool (issue 34: the CLI said "pool").
    assert!(
        out.contains("Hijos del Lobo (A, Ana) — destiny pool"),
        "{out}"
    );
    assert!(out.contains("a0 Ulrak ★"), "{out}");
}

#[test]
fn game_replay_exit_codes_0_consistent_1_inconsistent_2_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    let g = new_game(dir.path());
    play(&g, 30, 0);
    let o = impia(&["game", "replay", &g]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    let o = impia(&["game", "replay", &g, "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["consistent"], true);
    assert_eq!(v["actions"], 30);

    // Change a die in the first dark forces roll: out of range.
    let body = std::fs::read_to_string(&g).unwrap();
    let line = body
        .lines()
        .position(|l| l.contains("\"start_turn\""))
        .unwrap()
        + 1;
    let bad = with_first_dark_forces_die_12(&body);
    std::fs::write(&g, bad).unwrap();
    let o = impia(&["game", "replay", &g, "--lang", "en"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    let out = text(&o.stdout);
    assert!(
        out.contains(&format!("{g}:{line}: action 0 does not replay")),
        "{out}"
    );
    let o = impia(&["game", "replay", &g, "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["consistent"].as_bool(), v["index"].as_u64()),
        (Some(false), Some(0))
    );
    // Status of an inconsistent file: exit 1 too.
    assert_eq!(impia(&["game", "status", &g]).status.code(), Some(1));

    // Unreadable: a broken YAML header, with file:line:col.
    std::fs::write(&g, "version: 1\nplayers: [\n").unwrap();
    let o = impia(&["game", "replay", &g]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.starts_with(&format!("impia: {g}:")), "{err}");
    assert_eq!(err.lines().count(), 1);
    // A newer version is refused with a message that says so.
    std::fs::write(&g, "version: 7\nplayers: {a: x, b: y}\n").unwrap();
    let o = impia(&["game", "status", &g]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("format version 7, written by a newer impia"),
        "{}",
        text(&o.stderr)
    );
    // A missing file.
    let o = impia(&["game", "replay", "/no/such/file.yaml"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `[N]` of the first `"dark_forces":[N]` becomes `[12]`.
fn with_first_dark_forces_die_12(body: &str) -> String {
    let key = "\"dark_forces\":[";
    let i = body.find(key).expect("a dark forces roll") + key.len();
    let j = i + body[i..].find(']').expect("its end");
    format!("{}12{}", &body[..i], &body[j..])
}

#[test]
fn the_shipped_cli_has_no_test_harness() {
    let o = impia(&["game", "--help"]);
    let out = text(&o.stdout);
    assert!(out.contains("replay") && out.contains("status") && out.contains("new"));
    assert!(out.contains("offers") && out.contains("act") && out.contains("undo"));
    assert!(!out.contains("stress"), "{out}");
}

/// Play `n` random legal actions on the game file, through the library.
fn play(path: &str, n: usize, seed: u64) {
    let rules = impia::core::tables::RuleSet::builtin().expect("tables");
    let mut g = impia::core::game::Game::load(std::path::Path::new(path), &rules).expect("loads");
    let mut rng = impia::core::dice::Roller::seeded(seed);
    impia::core::game::sim::play(&mut g, &mut rng, n).expect("plays");
}
