//! The JSON of `game status --json` and `game offers --json` (issue 23):
//! what the binary printed before the snapshot took over, saved in
//! `tests/data/json-v1/` for the game files of every earlier version and
//! for positions of seeded games (start, change round, roll-off, pick, an
//! attack with chances, a pending roll, a re-rolled one, hits to resolve,
//! a disengage, a spell, an ended game), in both languages. The output of
//! today's binary must equal it, value for value.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Each saved game: its name in `json-v1/` and its file.
fn games() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for (dir, prefix) in [("games-v1", "v1-"), ("games-v2", "v2-"), ("json-v1/games", "")] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(data().join(dir))
            .expect("fixture folder")
            .map(|e| e.expect("fixture entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
            .collect();
        files.sort();
        for f in files {
            let stem = f.file_stem().expect("file name").to_string_lossy();
            out.push((format!("{prefix}{stem}"), f));
        }
    }
    out
}

/// The binary's JSON for `game COMMAND FILE --json --lang LANG`, on a copy
/// of the file (opening never writes the fixture).
fn printed(file: &Path, command: &str, lang: &str) -> Value {
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("g.yaml");
    std::fs::copy(file, &copy).expect("copy the game");
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["--lang", lang, "game", command])
        .arg(&copy)
        .arg("--json")
        .output()
        .expect("run the impia binary");
    assert!(
        o.status.success(),
        "{} {command}: {}",
        file.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("JSON on stdout")
}

/// The first place two values differ, as a JSON path, to make a failure
/// readable in a file of thousands of lines.
fn first_difference(path: &str, got: &Value, want: &Value) -> Option<String> {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            for k in w.keys().chain(g.keys()) {
                match (g.get(k), w.get(k)) {
                    (Some(a), Some(b)) => {
                        if let Some(d) = first_difference(&format!("{path}.{k}"), a, b) {
                            return Some(d);
                        }
                    }
                    (a, b) => return Some(format!("{path}.{k}: got {a:?}, want {b:?}")),
                }
            }
            None
        }
        (Value::Array(g), Value::Array(w)) if g.len() == w.len() => g
            .iter()
            .zip(w)
            .enumerate()
            .find_map(|(i, (a, b))| first_difference(&format!("{path}[{i}]"), a, b)),
        _ if got == want => None,
        _ => Some(format!("{path}: got {got}, want {want}")),
    }
}

fn check(command: &str) {
    let games = games();
    assert!(games.len() >= 15, "fixtures missing: {}", games.len());
    for (name, file) in games {
        for lang in ["es", "en"] {
            let saved = data().join(format!("json-v1/{name}.{command}.{lang}.json"));
            let want: Value = serde_json::from_str(
                &std::fs::read_to_string(&saved)
                    .unwrap_or_else(|e| panic!("{}: {e}", saved.display())),
            )
            .expect("saved JSON");
            let got = printed(&file, command, lang);
            if let Some(d) = first_difference("", &got, &want) {
                panic!("{name} {command} --lang {lang}: {d}");
            }
        }
    }
}

#[test]
fn game_status_json_equals_what_earlier_versions_printed() {
    check("status");
}

#[test]
fn game_offers_json_equals_what_earlier_versions_printed() {
    check("offers");
}

#[test]
fn the_saved_positions_cover_every_step_a_client_shows() {
    // The fixtures are worth what they cover: each step of the game, a
    // pending roll with and without a re-roll, and chances to put Down.
    let mut phases = std::collections::BTreeSet::new();
    let (mut p_down, mut rerolled, mut disengage) = (false, false, false);
    for (name, _) in games() {
        let saved = data().join(format!("json-v1/{name}.offers.en.json"));
        let v: Value =
            serde_json::from_str(&std::fs::read_to_string(saved).expect("saved")).expect("JSON");
        phases.insert(v["phase"].as_str().expect("phase").to_string());
        rerolled |= v["pending"]["rerolls"]
            .as_array()
            .is_some_and(|r| !r.is_empty());
        for o in v["offers"].as_array().expect("offers") {
            disengage |= o["check"]["rolls"].is_array();
            for t in o["targets"].as_array().expect("targets") {
                p_down |= t["p_down"]["exact"].is_string();
            }
        }
    }
    for want in [
        "start_turn",
        "change_round",
        "roll_off",
        "pick",
        "acting",
        "rolled",
        "resolve_hits",
        "ended",
    ] {
        assert!(phases.contains(want), "no saved position at {want}: {phases:?}");
    }
    assert!(p_down && rerolled && disengage, "{p_down} {rerolled} {disengage}");
}
