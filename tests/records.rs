//! Issue 15: ending a game records it against both warbands; `impia
//! record` prints the league table; undoing the end takes it out.

use crate::cli_support::impia;
use std::path::Path;

use serde_json::Value;

fn roster(dir: &Path, file: &str, name: &str, leader: &str) -> String {
    let p = dir.join(file);
    std::fs::write(
        &p,
        format!(
            "name: {name}\ntotem: Tótem\nmodels:\n  - {{name: {leader}, troop: hero, leader: true, weapons: [medium_blade]}}\n  - {{name: Soldado, troop: warrior, weapons: [spear]}}\n"
        ),
    )
    .expect("write a roster");
    p.display().to_string()
}

/// A game between two rosters that ends `vp_a`–`vp_b` on scenario points.
fn play(games: &Path, name: &str, a: &str, b: &str, vp_a: i32, vp_b: i32) -> String {
    let g = games.join(name).display().to_string();
    let o = impia(&["game", "new", "--a", a, "--b", b, "--seed", "3", "-o", &g]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for (side, points) in [("a", vp_a), ("b", vp_b)] {
        if points != 0 {
            let act =
                format!(r#"{{"action":"scenario_points","side":"{side}","points":{points}}}"#);
            let o = impia(&["game", "act", &g, "--action", &act]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
    }
    let o = impia(&["game", "act", &g, "--action", r#"{"action":"end_game"}"#]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    g
}

#[test]
fn three_games_make_a_league_table_sorted_by_wins_draws_and_vp() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games folder");
    let lobo = roster(dir.path(), "lobo.yaml", "Hijos del Lobo", "Ulrak");
    let cuervo = roster(dir.path(), "cuervo.yaml", "Culto del Cuervo", "Vask");
    let ceniza = roster(dir.path(), "ceniza.yaml", "Círculo de la Ceniza", "Nuño");
    play(&games, "g1.yaml", &lobo, &cuervo, 2, 0);
    play(&games, "g2.yaml", &cuervo, &ceniza, 1, 1);
    let last = play(&games, "g3.yaml", &ceniza, &lobo, 3, 1);

    // The records sit beside the games folder: one result file per game
    // (issue 38), each warband's record computed from them.
    let records = dir.path().join("records");
    assert_eq!(
        std::fs::read_dir(records.join("results"))
            .expect("results")
            .count(),
        3
    );
    let rec = impia::core::records::record_of(&records, "Hijos del Lobo")
        .expect("readable")
        .expect("a record");
    assert!(
        rec.games[0].opponent == "Culto del Cuervo"
            && rec.games[0].result == impia::core::records::GameResult::Win,
        "{rec:?}"
    );

    let o = impia(&["record", &records.display().to_string(), "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let table: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let rows: Vec<(String, u64, u64, u64, u64, i64, i64)> = table
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["warband"].as_str().unwrap_or("").to_string(),
                r["games"].as_u64().unwrap_or(0),
                r["wins"].as_u64().unwrap_or(0),
                r["draws"].as_u64().unwrap_or(0),
                r["losses"].as_u64().unwrap_or(0),
                r["vp_for"].as_i64().unwrap_or(0),
                r["vp_against"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Círculo de la Ceniza".into(), 2, 1, 1, 0, 4, 2),
            ("Hijos del Lobo".into(), 2, 1, 0, 1, 3, 3),
            ("Culto del Cuervo".into(), 2, 0, 1, 1, 1, 3),
        ]
    );
    // The text table, in English.
    let o = impia(&["record", &records.display().to_string(), "--lang", "en"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.starts_with("Warband"), "{text}");
    assert_eq!(
        text.lines().nth(1).map(|l| l.starts_with("Círculo")),
        Some(true)
    );

    // Undoing the last game's end withdraws it from both records (issue
    // 33: refused without --withdraw; kept, marked, not counted).
    let o = impia(&["game", "undo", &last]);
    assert_eq!(o.status.code(), Some(1), "a recorded end needs --withdraw");
    let o = impia(&["game", "undo", &last, "--withdraw"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = impia(&["record", &records.display().to_string(), "--json"]);
    let table: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let games_of = |name: &str| {
        table
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["warband"] == name))
            .and_then(|r| r["games"].as_u64())
    };
    assert_eq!(games_of("Círculo de la Ceniza"), Some(1));
    assert_eq!(games_of("Hijos del Lobo"), Some(1));
}

#[test]
fn a_broken_record_is_skipped_with_its_place_and_never_overwritten() {
    let dir = tempfile::tempdir().expect("temp dir");
    let records = dir.path().join("records");
    std::fs::create_dir_all(&records).expect("records folder");
    std::fs::write(records.join("roto.yaml"), "version: 1\nwarband: [\n").expect("write");
    let o = impia(&["record", &records.display().to_string()]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("roto.yaml"), "{err}");
    // A missing folder is an error with its name, exit 2.
    let o = impia(&["record", &dir.path().join("nada").display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
}
