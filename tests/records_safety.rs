//! Issue 21: records that cannot lose a result; issue 38: written as
//! result files created once, so no lock is needed. Entries are keyed by
//! the game's id, not its file's name; two warbands of one slug keep their
//! own records; sums do not wrap; an unknown version is refused; an error
//! quotes a line, never a whole file; a link planted in the folder is never
//! written through; old records are read, never rewritten.

use impia::core::game::act;
use std::path::Path;

use crate::game_support::*;
use impia::core::game::{Action, Game, GameSetup};
use impia::core::records::{GameRecord, RESULTS_DIR, league, read, record_of, sync};

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

/// The computed record of `warband` in the records folder `recs`.
fn games_of(recs: &Path, warband: &str) -> Vec<GameRecord> {
    record_of(recs, warband)
        .unwrap_or_else(|e| panic!("{}: {e}", recs.display()))
        .map(|r| r.games)
        .unwrap_or_default()
}

fn result_files(recs: &Path) -> usize {
    std::fs::read_dir(recs.join(RESULTS_DIR)).map_or(0, |d| d.count())
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
                    sync(&g, &path, false).expect("the result is written");
                }
            });
        }
    });
    let recs = dir.path().join("records");
    assert_eq!(result_files(&recs), 40);
    for warband in ["Hijos del Lobo", "Culto del Cuervo"] {
        let entries = games_of(&recs, warband);
        assert_eq!(entries.len(), 40, "{warband}");
        let mut ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 40, "{warband}: every game its own id");
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
    let recs = dir.path().join("records");
    assert_eq!(games_of(&recs, "Hijos del Lobo").len(), 2);
    // Undoing the second game's end withdraws its entry (kept, marked:
    // issue 33), not the first's.
    let reopened = Game::new(second.setup().clone(), &rules());
    sync(&reopened, &path, true).expect("undo the end");
    let all = games_of(&recs, "Hijos del Lobo");
    let left: Vec<_> = all.iter().filter(|g| !g.withdrawn).collect();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].id, first.setup().game_id());
    let withdrawn: Vec<_> = all.iter().filter(|g| g.withdrawn).collect();
    assert_eq!(withdrawn.len(), 1);
    assert_eq!(withdrawn[0].id, second.setup().game_id());
    assert_eq!(result_files(&recs), 3, "two results and a withdrawal");
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
    let text = "version: 1\nwarband: Hijos del Lobo\ngames:\n- game: partida.yaml\n  date: 2025-01-01\n  opponent: Culto del Cuervo\n  result: draw\n  vp_for: 0\n  vp_against: 0\n  models_lost: 0\n";
    std::fs::write(&rec, text).expect("old record");
    // A newer game in that file is another game: the old entry stays.
    sync(&ended("Hijos del Lobo", "Culto del Cuervo"), &path, false).expect("new game");
    assert_eq!(games_of(&recs, "Hijos del Lobo").len(), 2);
    // The old game itself is the old entry's: counted once, twice over,
    // with the day it was first recorded; the old file is never rewritten.
    sync(&old, &path, false).expect("old game");
    sync(&old, &path, false).expect("old game again");
    let entries = games_of(&recs, "Hijos del Lobo");
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(entries[0].game, "partida.yaml");
    assert_eq!(entries[0].date, "2025-01-01");
    assert_eq!(result_files(&recs), 1, "only the new game's result");
    assert_eq!(std::fs::read_to_string(&rec).expect("kept"), text);
    // Its end undone now: a withdrawal, and the old entry no longer counts.
    sync(&Game::new(old.setup().clone(), &rules()), &path, true).expect("undo");
    let entries = games_of(&recs, "Hijos del Lobo");
    assert_eq!(
        entries.iter().filter(|e| !e.withdrawn).count(),
        1,
        "{entries:?}"
    );
    assert_eq!(std::fs::read_to_string(&rec).expect("kept"), text);
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
fn two_warbands_of_one_slug_keep_their_own_records() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games").join("g.yaml");
    sync(&ended("Ñandú", "Nandu"), &path, false).expect("record");
    sync(
        &ended("Nandu", "Ñandú"),
        &dir.path().join("games").join("h.yaml"),
        false,
    )
    .expect("second game");
    let recs = dir.path().join("records");
    let one = games_of(&recs, "Ñandú");
    let two = games_of(&recs, "Nandu");
    assert_eq!((one.len(), two.len()), (2, 2));
    assert!(one.iter().all(|g| g.opponent == "Nandu"));
    assert!(two.iter().all(|g| g.opponent == "Ñandú"));
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
fn an_unknown_record_version_is_refused_reported_and_left_alone() {
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
    sync(&ended("Hijos del Lobo", "Culto del Cuervo"), &path, false).expect("a result");
    assert_eq!(std::fs::read_to_string(&p).expect("read"), text);
    let (rows, bad) = league(&recs).expect("league");
    assert_eq!(rows.len(), 2, "the result counts: {rows:?}");
    assert!(
        bad.len() == 1 && bad[0].to_string().contains("version 7"),
        "{bad:?}"
    );
}

#[test]
fn links_planted_in_the_results_folder_are_not_written_through() {
    let dir = tempfile::tempdir().expect("temp dir");
    let results = dir.path().join("records").join(RESULTS_DIR);
    std::fs::create_dir_all(&results).expect("results folder");
    let g = ended("Hijos del Lobo", "Culto del Cuervo");
    let victim = dir.path().join("victim.yaml");
    let name = impia::core::records::result_file_name(&g.setup().game_id(), 1);
    std::os::unix::fs::symlink(&victim, results.join(&name)).expect("symlink");
    let path = dir.path().join("games").join("g.yaml");
    // The name is taken: the result is the game's next number, the link
    // is left as it is and reported.
    sync(&g, &path, false).expect("written beside the link");
    assert!(!victim.exists(), "a file was created through the link");
    let next = impia::core::records::result_file_name(&g.setup().game_id(), 2);
    assert!(results.join(next).is_file());
    assert!(std::fs::symlink_metadata(results.join(&name)).is_ok_and(|m| m.is_symlink()));
    let (rows, bad) = league(&dir.path().join("records")).expect("league");
    assert_eq!(rows.len(), 2);
    assert_eq!(bad.len(), 1, "{bad:?}");
}

#[test]
fn a_sync_that_changes_nothing_writes_nothing_and_a_renamed_game_is_one_game() {
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
    let recs = dir.path().join("records");
    let listing = || {
        let mut v: Vec<_> = std::fs::read_dir(recs.join(RESULTS_DIR))
            .expect("results")
            .flatten()
            .map(|e| (e.file_name(), std::fs::read(e.path()).expect("bytes")))
            .collect();
        v.sort();
        v
    };
    let before = listing();
    // The first game again (an act after its end): nothing written.
    sync(&first, &games.join("a.yaml"), true).expect("again");
    // Saved under another name, it is still one game.
    sync(&first, &games.join("renamed.yaml"), true).expect("renamed");
    assert_eq!(listing(), before);
    let entries = games_of(&recs, "Hijos del Lobo");
    assert_eq!(entries.len(), 2);
    assert!(entries.iter().any(|e| e.id == first.setup().game_id()));
}

/// Issue 33 added `withdrawn` to the entries: records are format 2. Old
/// records of version 1 and 2 keep opening (never rewritten since issue
/// 38); a record or a result file of a newer impia, even with a field this
/// one does not know, is refused for its version, in words that say so.
#[test]
fn old_records_keep_opening_and_newer_files_are_refused_for_their_version() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recs = dir.path().join("records");
    std::fs::create_dir_all(&recs).expect("records folder");
    let p = recs.join("hijos-del-lobo.yaml");
    let v1 = format!("version: 1\nwarband: Hijos del Lobo\ngames:\n{}", entry(3));
    std::fs::write(&p, &v1).expect("write");
    assert_eq!(read(&p).expect("a version 1 record opens").games.len(), 1);
    let path = dir.path().join("games").join("g.yaml");
    sync(&ended("Hijos del Lobo", "Culto del Cuervo"), &path, false).expect("sync");
    assert_eq!(
        std::fs::read_to_string(&p).expect("read"),
        v1,
        "never rewritten"
    );
    assert_eq!(games_of(&recs, "Hijos del Lobo").len(), 2);

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
    let result = recs.join(RESULTS_DIR).join("abc.1.yaml");
    std::fs::write(&result, "version: 2\ngame_id: abc\nseq: 1\nmood: grim\n").expect("write");
    let msg = impia::core::records::read_result(&result)
        .expect_err("a newer result")
        .to_string();
    assert!(
        msg.contains("version 2") && msg.contains("newer impia") && msg.contains(":1:"),
        "{msg}"
    );
}
