//! Issue 21: records that cannot lose a result. Every change of a record
//! holds the records folder's lock; entries are keyed by the game's id, not
//! its file's name; two warbands of one slug get two files; sums do not
//! wrap; an unknown version is refused; an error quotes a line, never a
//! whole file; a link planted in the folder is never written through.

use impia::core::game::act;
use std::path::Path;

use crate::game_support::*;
use impia::core::game::{Action, Game, GameSetup};
use impia::core::records::{self, GameRecord, Record, league, read, sync};

/// A game between the two test warbands (renamed), ended.
fn ended(a: &str, b: &str) -> Game {
    let mut ra = roster_a();
    ra.name = a.into();
    let mut rb = roster_b();
    rb.name = b.into();
    let mut g = Game::new(GameSetup::new(ra, rb).with_seed(7), &rules());
    ok(&mut g, Action::EndGame(act::EndGame {}));
    g
}

fn games_of(path: &Path) -> Vec<GameRecord> {
    read(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .games
}

#[test]
fn forty_games_ended_four_at_a_time_keep_all_forty_entries() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games folder");
    std::thread::scope(|s| {
        for t in 0..4 {
            let games = &games;
            s.spawn(move || {
                for i in 0..10 {
                    let g = ended("Hijos del Lobo", "Culto del Cuervo");
                    let path = games.join(format!("g{t}-{i}.yaml"));
                    sync(&g, &path, false).expect("the record is written");
                }
            });
        }
    });
    let recs = dir.path().join("records");
    for file in ["hijos-del-lobo.yaml", "culto-del-cuervo.yaml"] {
        let entries = games_of(&recs.join(file));
        assert_eq!(entries.len(), 40, "{file}");
        let mut ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 40, "{file}: every game its own id");
    }
}

#[test]
fn a_new_game_saved_over_an_old_ones_file_gets_its_own_entry() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games").join("partida.yaml");
    let first = ended("Hijos del Lobo", "Culto del Cuervo");
    sync(&first, &path, false).expect("first game");
    let second = ended("Hijos del Lobo", "Culto del Cuervo");
    assert_ne!(first.setup().game_id(), second.setup().game_id());
    sync(&second, &path, false).expect("second game");
    let rec = dir.path().join("records").join("hijos-del-lobo.yaml");
    assert_eq!(games_of(&rec).len(), 2);
    // Undoing the second game's end withdraws its entry (kept, marked:
    // issue 33), not the first's.
    let reopened = Game::new(second.setup().clone(), &rules());
    sync(&reopened, &path, true).expect("undo the end");
    let left: Vec<_> = games_of(&rec)
        .into_iter()
        .filter(|g| !g.withdrawn)
        .collect();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].id, first.setup().game_id());
    let withdrawn: Vec<_> = games_of(&rec).into_iter().filter(|g| g.withdrawn).collect();
    assert_eq!(withdrawn.len(), 1);
    assert_eq!(withdrawn[0].id, second.setup().game_id());
}

#[test]
fn an_old_game_without_an_id_gets_a_stable_one_and_its_old_entry_is_found() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games").join("partida.yaml");
    let mut old = ended("Hijos del Lobo", "Culto del Cuervo");
    let mut setup = old.setup().clone();
    setup.id.clear();
    assert_eq!(setup.game_id(), setup.clone().game_id());
    assert!(setup.game_id().starts_with("setup-"));
    old = Game::new(setup, &rules());
    ok(&mut old, Action::EndGame(act::EndGame {}));
    // The entry an older impia wrote, keyed by the file's name.
    let recs = dir.path().join("records");
    std::fs::create_dir_all(&recs).expect("records folder");
    let rec = recs.join("hijos-del-lobo.yaml");
    std::fs::write(
        &rec,
        "version: 1\nwarband: Hijos del Lobo\ngames:\n- game: partida.yaml\n  date: 2025-01-01\n  opponent: Culto del Cuervo\n  result: draw\n  vp_for: 0\n  vp_against: 0\n  models_lost: 0\n",
    )
    .expect("old record");
    // A newer game in that file is another game: the old entry stays.
    sync(&ended("Hijos del Lobo", "Culto del Cuervo"), &path, false).expect("new game");
    assert_eq!(games_of(&rec).len(), 2);
    // The old game itself replaces its old entry, twice over.
    sync(&old, &path, false).expect("old game");
    sync(&old, &path, false).expect("old game again");
    let entries = games_of(&rec);
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert!(entries.iter().all(|e| !e.id.is_empty()));
    // It keeps its place and the day it was first recorded.
    assert_eq!(entries[0].id, old.setup().game_id());
    assert_eq!(entries[0].date, "2025-01-01");
}

#[test]
fn the_old_game_files_have_ids_that_do_not_change_between_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games-v1");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    assert!(!files.is_empty());
    for f in files {
        let one = impia::core::game::file::read(&f).expect("an old game opens");
        let two = impia::core::game::file::read(&f).expect("again");
        assert!(
            one.setup.id.is_empty(),
            "{}: no id in an old file",
            f.display()
        );
        assert_eq!(one.setup.game_id(), two.setup.game_id());
    }
}

#[test]
fn two_warbands_of_one_slug_get_a_file_each() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games").join("g.yaml");
    sync(&ended("Ñandú", "Nandu"), &path, false).expect("record");
    let recs = dir.path().join("records");
    let one: Record = read(&recs.join("nandu.yaml")).expect("first file");
    let two: Record = read(&recs.join("nandu-2.yaml")).expect("second file");
    assert_eq!(one.warband, "Ñandú");
    assert_eq!(one.games[0].opponent, "Nandu");
    assert_eq!(two.warband, "Nandu");
    assert_eq!(two.games[0].opponent, "Ñandú");
    // Each warband finds its own file again.
    assert_eq!(
        records::record_path(&recs, "Nandu"),
        recs.join("nandu-2.yaml")
    );
    sync(
        &ended("Nandu", "Ñandú"),
        &dir.path().join("games").join("h.yaml"),
        false,
    )
    .expect("second game");
    assert_eq!(games_of(&recs.join("nandu.yaml")).len(), 2);
    assert_eq!(games_of(&recs.join("nandu-2.yaml")).len(), 2);
    let (rows, bad) = league(&recs).expect("league");
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(rows.len(), 2);
}

fn entry(vp: i32) -> String {
    format!(
        "- game: g{vp}.yaml\n  date: 2025-01-01\n  opponent: X\n  result: win\n  vp_for: {vp}\n  vp_against: 0\n  models_lost: 0\n"
    )
}

#[test]
fn league_sums_of_hand_edited_records_do_not_wrap() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = format!(
        "version: 1\nwarband: Hinchada\ngames:\n{}{}",
        entry(i32::MAX),
        entry(i32::MAX).replace("g2147483647", "h")
    );
    std::fs::write(dir.path().join("hinchada.yaml"), text).expect("write");
    let (rows, bad) = league(dir.path()).expect("league");
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(rows[0].vp_for, 2 * i64::from(i32::MAX));
}

#[test]
fn an_unknown_record_version_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recs = dir.path().join("records");
    std::fs::create_dir_all(&recs).expect("records folder");
    let p = recs.join("hijos-del-lobo.yaml");
    let text = format!("version: 7\nwarband: Hijos del Lobo\ngames:\n{}", entry(3));
    std::fs::write(&p, &text).expect("write");
    let e = read(&p).expect_err("version 7 is unknown");
    let msg = e.to_string();
    assert!(msg.contains("version 7") && msg.contains(":1:"), "{msg}");
    let path = dir.path().join("games").join("g.yaml");
    assert!(sync(&ended("Hijos del Lobo", "Culto del Cuervo"), &path, false).is_err());
    assert_eq!(std::fs::read_to_string(&p).expect("read"), text);
}

#[test]
fn a_record_error_quotes_a_line_not_the_whole_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secret = dir.path().join("passwd");
    let lines: String = (0..200)
        .map(|i| format!("user{i}:x:{i}:{i}:secret-line-{i}:/home/u{i}:/bin/sh\n"))
        .collect();
    std::fs::write(&secret, lines).expect("write");
    let recs = dir.path().join("records");
    std::fs::create_dir_all(&recs).expect("records folder");
    std::os::unix::fs::symlink(&secret, recs.join("enlace.yaml")).expect("symlink");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["record", &recs.display().to_string()])
        .output()
        .expect("run impia");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("enlace.yaml") && err.contains("user0"),
        "{err}"
    );
    assert!(!err.contains("secret-line-2"), "{err}");
    assert!(err.len() < 600, "{} bytes: {err}", err.len());
}

#[test]
fn links_planted_in_the_records_folder_are_not_written_through() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recs = dir.path().join("records");
    std::fs::create_dir_all(&recs).expect("records folder");
    let victim = dir.path().join("victim.yaml");
    std::os::unix::fs::symlink(&victim, recs.join("hijos-del-lobo.yaml")).expect("symlink");
    let path = dir.path().join("games").join("g.yaml");
    let g = ended("Hijos del Lobo", "Culto del Cuervo");
    assert!(sync(&g, &path, false).is_err());
    assert!(!victim.exists(), "a file was created through the link");

    // The folder's lock file as a link: refused, nothing created.
    let other = tempfile::tempdir().expect("temp dir");
    let recs = other.path().join("records");
    std::fs::create_dir_all(&recs).expect("records folder");
    let victim = other.path().join("victim.lock");
    std::os::unix::fs::symlink(&victim, recs.join(records::LOCK_NAME)).expect("symlink");
    let e = sync(&g, &other.path().join("games/g.yaml"), false).expect_err("refused");
    assert!(e.to_string().contains("not a plain file"), "{e}");
    assert!(!victim.exists());
}

#[test]
fn a_sync_that_changes_nothing_writes_nothing_and_an_entry_keeps_its_place() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let games = dir.path().join("games");
    let first = ended("Hijos del Lobo", "Culto del Cuervo");
    sync(&first, &games.join("a.yaml"), false).expect("first");
    sync(
        &ended("Hijos del Lobo", "Culto del Cuervo"),
        &games.join("b.yaml"),
        false,
    )
    .expect("second");
    let rec = dir.path().join("records").join("hijos-del-lobo.yaml");
    let inode = std::fs::metadata(&rec).expect("meta").ino();
    // The first game again (an act after its end): the same entry, in place.
    sync(&first, &games.join("a.yaml"), true).expect("again");
    assert_eq!(std::fs::metadata(&rec).expect("meta").ino(), inode);
    // Saved under another name, it is still one game, first in the list.
    sync(&first, &games.join("renamed.yaml"), true).expect("renamed");
    let entries = games_of(&rec);
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].game, "renamed.yaml");
    assert_eq!(entries[0].id, first.setup().game_id());
}

/// Issue 33 added `withdrawn` to the entries: records are format 2. A
/// version 1 record keeps opening and is written as 2 when next changed;
/// a record of a newer impia, even with a field this one does not know,
/// is refused for its version, in words that say so.
#[test]
fn records_are_format_2_and_a_version_1_record_keeps_opening() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recs = dir.path().join("records");
    std::fs::create_dir_all(&recs).expect("records folder");
    let p = recs.join("hijos-del-lobo.yaml");
    std::fs::write(
        &p,
        format!("version: 1\nwarband: Hijos del Lobo\ngames:\n{}", entry(3)),
    )
    .expect("write");
    assert_eq!(read(&p).expect("a version 1 record opens").games.len(), 1);
    let path = dir.path().join("games").join("g.yaml");
    sync(&ended("Hijos del Lobo", "Culto del Cuervo"), &path, false).expect("sync");
    let rec = read(&p).expect("read again");
    assert_eq!((rec.version, rec.games.len()), (2, 2), "{rec:?}");
    assert!(
        std::fs::read_to_string(&p)
            .expect("read")
            .contains("version: 2\n")
    );

    let newer = recs.join("culto.yaml");
    let text = format!(
        "version: 3\nwarband: Culto\ngames:\n{}  mood: grim\n",
        entry(1)
    );
    std::fs::write(&newer, &text).expect("write");
    let msg = read(&newer).expect_err("a newer record").to_string();
    assert!(
        msg.contains("version 3") && msg.contains("newer impia") && msg.contains(":1:"),
        "{msg}"
    );
}
