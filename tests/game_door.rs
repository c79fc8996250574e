//! Issue 23, the door: the host owns the games folder and its naming
//! policy, and no client syncs the records or makes a game file itself.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::game_support::*;
use impia::core::game::Host;
use impia::core::game::host::{GAMES_DIR, game_file_name};

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read the folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn create_in_names_a_game_by_its_warbands_and_the_day() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = dir.path().join("games");
    let h = Host::create_in(&games, setup(1), &rules()).expect("a game");
    let path = h.path().expect("saved").to_path_buf();
    let name = path
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    let day = name
        .strip_prefix(&format!("{}-vs-{}-", slug_a(), slug_b()))
        .and_then(|r| r.strip_suffix(".yaml"))
        .unwrap_or_else(|| panic!("{name}: the warbands, then the day"));
    let shape: String = day
        .chars()
        .map(|c| if c.is_ascii_digit() { '9' } else { c })
        .collect();
    assert_eq!(shape, "9999-99-99", "{name}");
    drop(h);
    assert_eq!(Host::view(&path, &rules()).expect("opens").setup().seed, 1);
}

#[test]
fn save_in_never_overwrites_and_takes_the_next_free_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let day = "2026-11-24";
    let name = |n| dir.path().join(game_file_name(&setup(1), day, n));
    let mut first = Host::new(setup(1), &rules());
    assert_eq!(
        first.save_in_dated(dir.path(), day).expect("saved"),
        name(1)
    );
    drop(first);
    let game_one = std::fs::read(name(1)).expect("read game 1");
    // A user's own file holds the second name.
    std::fs::write(name(2), "mine").expect("a user's file");
    let mut next = Host::new(setup(3), &rules());
    let saved = next.save_in_dated(dir.path(), day).expect("saved");
    assert_eq!(saved, name(3));
    drop(next);
    assert_eq!(std::fs::read(name(1)).expect("game 1 kept"), game_one);
    assert_eq!(std::fs::read_to_string(name(2)).expect("kept"), "mine");
    assert_eq!(
        Host::view(&name(3), &rules()).expect("game 3").setup().seed,
        3
    );
}

#[test]
fn game_new_without_output_writes_a_new_file_in_the_librarys_games_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = dir.path().join("a.yaml");
    let b = dir.path().join("b.yaml");
    impia::core::roster::save_roster(&a, &roster_a()).expect("roster a");
    impia::core::roster::save_roster(&b, &roster_b()).expect("roster b");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_impia"))
            .args(["game", "new", "--a", "a.yaml", "--b", "b.yaml"])
            .current_dir(dir.path())
            // The library is the temp folder (never the real home).
            .env("IMPIA_HOME", dir.path())
            .output()
            .expect("run the impia binary")
    };
    for n in 1..=2 {
        let o = run();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let games = files_in(&dir.path().join(GAMES_DIR));
        assert_eq!(games.len(), n, "{games:?}");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(games.iter().any(|g| out.contains(g.as_str())), "{out}");
    }
}

fn slug_a() -> String {
    impia::core::roster::slug(&roster_a().name)
}

fn slug_b() -> String {
    impia::core::roster::slug(&roster_b().name)
}

/// Lines of `src/` outside the allowed files that contain `needle`.
fn uses(needle: &str, allowed: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/crates/impia-core/src"
        )),
    ];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            for e in std::fs::read_dir(&p).expect("read src") {
                stack.push(e.expect("entry").path());
            }
            continue;
        }
        let rel = p.to_string_lossy().replace('\\', "/");
        // The core crate counts as `src/core/`, where `src/lib.rs` mounts it.
        let rel = match rel.split_once("/crates/impia-core/src/") {
            Some((_, r)) => format!("core/{r}"),
            None => rel.split("/src/").last().unwrap_or_default().to_string(),
        };
        if !rel.ends_with(".rs") || allowed.iter().any(|a| rel.starts_with(a)) {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("read a source file");
        for (i, line) in text.lines().enumerate() {
            if line.contains(needle) {
                found.push(format!("src/{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

/// The door (issue 23): only the host keeps the records in line with a
/// game, and only the core's game module makes, names or saves game files.
#[test]
fn no_client_syncs_records_or_makes_game_files() {
    // layout.rs names the folders (the games folder once).
    let host = ["core/game/host", "core/records.rs", "core/layout.rs"];
    let mut bad = uses("records::sync", &host);
    // The games folder is named once, beside the host.
    bad.extend(
        uses("\"games\"", &host)
            .into_iter()
            .filter(|l| !l.contains(".pick(")),
    );
    // Writing a game file: the host's machinery in core/game only.
    for needle in [
        "Game::new(",
        "Game::load(",
        "Game::recover(",
        "Game::save",
        "file::to_text(",
        "Autosave",
        ".save(&path",
    ] {
        // Issue 38: a campaign file is written on the game file's layer
        // (its own `file::to_text`, the host's `Autosave`), never a game.
        bad.extend(uses(needle, &["core/game/", "core/campaign/"]));
    }
    assert!(bad.is_empty(), "outside the host:\n{}", bad.join("\n"));
}
