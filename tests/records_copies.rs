//! A copied game file (`cp g.yaml g2.yaml`) shares its game's id, by which
//! the warbands' records key their entries: the second copy ended replaced
//! the first's entry, silently. The host now finds the copy (an entry of its
//! id under another file's name, that file still there with that id) and
//! gives it an id of its own before its records are touched, and says so.

use impia::core::game::act;
use std::path::{Path, PathBuf};

use crate::game_support::*;
use impia::core::game::{Action, GameSetup, Happened, Host, Records, file};
use impia::core::records::{self, GameRecord};

fn setup() -> GameSetup {
    GameSetup::new(roster_a(), roster_b()).with_seed(5)
}

/// Both warbands' entries that count, in the records beside `games/`
/// (issue 33: an undone end is kept, marked withdrawn; it is left out).
fn entries(root: &Path) -> Vec<Vec<GameRecord>> {
    let recs = root.join("records");
    [roster_a().name, roster_b().name]
        .iter()
        .map(|w| match records::record_of(&recs, w) {
            Ok(Some(r)) => r.games.into_iter().filter(|g| !g.withdrawn).collect(),
            _ => Vec::new(),
        })
        .collect()
}

fn names(e: &[GameRecord]) -> Vec<&str> {
    e.iter().map(|g| g.game.as_str()).collect()
}

/// A folder with `games/g.yaml`, a new game, and its copy `games/g2.yaml`.
fn game_and_copy() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games folder");
    let g = games.join("g.yaml");
    drop(Host::create(&g, setup(), &rules(), false).expect("create"));
    let g2 = games.join("g2.yaml");
    std::fs::copy(&g, &g2).expect("cp g.yaml g2.yaml");
    (dir, g, g2)
}

/// The game ended through its host, and what the end did (issue 34).
fn end_told(path: &Path) -> (Host, Happened) {
    let mut h = Host::open(path, &rules()).expect("open");
    let happened = h.apply(Action::EndGame(act::EndGame {})).expect("end");
    assert_eq!(happened.records, Records::Written, "the result is written");
    (h, happened)
}

fn end(path: &Path) -> Host {
    end_told(path).0
}

#[test]
fn two_copies_ended_both_stay_in_the_records() {
    let (dir, g, g2) = game_and_copy();
    let (one, told) = end_told(&g);
    assert!(told.copy.is_none(), "the first ended is no copy");
    let (two, told) = end_told(&g2);
    let notice = told.copy.expect("the copy is told");
    assert!(notice.en.contains("g.yaml") && notice.es.contains("g.yaml"));
    assert_ne!(one.setup().game_id(), two.setup().game_id());
    for e in entries(dir.path()) {
        assert_eq!(names(&e), ["g.yaml", "g2.yaml"], "{e:?}");
        assert_eq!(e[0].id, one.setup().game_id());
        assert_eq!(e[1].id, two.setup().game_id());
    }
    // The new id is in the copy's file: it opens with it, and ending or
    // touching it again is no copy any more.
    let copy_id = two.setup().id.clone();
    drop(two);
    let read = file::read(&g2).expect("the copy opens");
    assert_eq!(read.setup.id, copy_id);
    assert_ne!(read.setup.id, one.setup().id);
    let mut again = Host::open(&g2, &rules()).expect("reopen");
    let told = again
        .apply(Action::Note(act::Note {
            text: "otra vez".into(),
        }))
        .expect("note");
    assert!(told.copy.is_none());
    assert_eq!(entries(dir.path())[0].len(), 2);
}

#[test]
fn undoing_the_end_of_one_copy_removes_only_its_own_entry() {
    let (dir, g, g2) = game_and_copy();
    let one = end(&g);
    let mut two = end(&g2);
    assert!(two.undo().expect("undo the end").is_some());
    for e in entries(dir.path()) {
        assert_eq!(names(&e), ["g.yaml"]);
        assert_eq!(e[0].id, one.setup().game_id());
    }
    drop(one);
    let mut one = Host::open(&g, &rules()).expect("reopen");
    assert!(one.undo().expect("undo the first end").is_some());
    assert!(entries(dir.path()).iter().all(Vec::is_empty));
}

#[test]
fn a_copy_made_after_the_end_does_not_take_out_the_originals_entry() {
    let (dir, g, g2) = game_and_copy();
    drop(end(&g));
    std::fs::copy(&g, &g2).expect("cp of the ended game");
    let mut two = Host::open(&g2, &rules()).expect("open the copy");
    let told = two.undo().expect("undo the copy's end").expect("undone");
    assert!(told.copy.is_some());
    assert_eq!(told.records, Records::Left, "its own entry leaves");
    for e in entries(dir.path()) {
        assert_eq!(names(&e), ["g.yaml"], "the original's entry stays");
    }
    two.apply(Action::EndGame(act::EndGame {}))
        .expect("end the copy");
    for e in entries(dir.path()) {
        assert_eq!(names(&e), ["g.yaml", "g2.yaml"]);
    }
}

#[test]
fn a_renamed_game_file_is_the_same_game_and_finds_its_entry() {
    let (dir, g, g2) = game_and_copy();
    std::fs::remove_file(&g2).expect("no copy");
    drop(end(&g));
    let h = g.with_file_name("h.yaml");
    std::fs::rename(&g, &h).expect("mv g.yaml h.yaml");
    let mut moved = Host::open(&h, &rules()).expect("open");
    let told = moved.undo().expect("undo the end").expect("undone");
    assert!(told.copy.is_none());
    assert!(entries(dir.path()).iter().all(Vec::is_empty));
}

#[test]
fn copies_of_an_old_game_file_without_an_id_keep_an_entry_each() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games-v1");
    let mut old: Vec<PathBuf> = std::fs::read_dir(&fixtures)
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    old.sort();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut ended = 0;
    for (k, f) in old.iter().enumerate() {
        let a = dir.path().join(format!("old{k}.yaml"));
        let b = dir.path().join(format!("old{k}-copia.yaml"));
        std::fs::copy(f, &a).expect("copy");
        std::fs::copy(f, &b).expect("copy");
        let (mut ha, _) = Host::recover(&a, &rules()).expect("an old game opens");
        if ha.state().ended.is_some() {
            continue;
        }
        if ha.apply(Action::EndGame(act::EndGame {})).is_err() {
            continue;
        }
        let (mut hb, _) = Host::recover(&b, &rules()).expect("its copy opens");
        let told = hb
            .apply(Action::EndGame(act::EndGame {}))
            .expect("end the copy");
        assert!(told.copy.is_some());
        let warband = ha
            .state()
            .side(impia::core::game::Side::A)
            .expect("side A")
            .warband
            .to_string();
        let rec = records::record_of(&dir.path().join("records"), &warband)
            .expect("readable")
            .expect("its record");
        let mine: Vec<&GameRecord> = rec
            .games
            .iter()
            .filter(|e| e.game.starts_with(&format!("old{k}")))
            .collect();
        assert_eq!(mine.len(), 2, "{}: {mine:?}", f.display());
        ended += 1;
    }
    assert!(ended > 0, "some old fixture could be ended");
}

#[cfg(unix)]
#[test]
fn a_symlink_to_the_game_file_is_the_same_game_not_a_copy() {
    let (dir, g, g2) = game_and_copy();
    std::fs::remove_file(&g2).expect("no copy");
    drop(end(&g));
    std::os::unix::fs::symlink(&g, &g2).expect("ln -s g.yaml g2.yaml");
    let mut linked = Host::open(&g2, &rules()).expect("open through the link");
    let told = linked.undo().expect("undo the end").expect("undone");
    assert!(told.copy.is_none());
    assert!(entries(dir.path()).iter().all(Vec::is_empty));
}

#[test]
fn the_cli_says_when_a_copy_gets_an_id_of_its_own() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games/");
    let g = games.join("g.yaml");
    drop(Host::create(&g, setup(), &rules(), false).expect("a new game"));
    std::fs::copy(&g, games.join("g2.yaml")).expect("a copy");
    let end = |f: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_impia"))
            .args([
                "game",
                "act",
                "--lang",
                "en",
                "--action",
                r#"{"action":"end_game"}"#,
            ])
            .arg(games.join(f))
            .output()
            .expect("impia runs")
    };
    let first = end("g.yaml");
    assert_eq!(first.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&first.stderr).contains("copy"));
    let second = end("g2.yaml");
    assert_eq!(second.status.code(), Some(0));
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(
        said.contains("This game is a copy of") && said.contains("g.yaml"),
        "{said}"
    );
    // Both ended copies keep an entry each.
    assert!(entries(dir.path()).iter().all(|e| e.len() == 2));
}
