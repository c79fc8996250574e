//! Issue 32, the game file under its writer, through the CLI and through
//! HTTP on 127.0.0.1 (`game serve --allow-all`): a file replaced,
//! truncated or deleted under the server, a deleted lock file, an action
//! that could not be saved, and an undo run as root over another user's
//! file. Every acknowledged action stays in the game file or in the
//! recovery file the message names; the phones and the terminal are told.

use crate::cli_support::impia;
use crate::serve_support::served::{Served, new_game, note, notes_of, recovery_named};
use serde_json::json;

/// What happens to the file under the server in [`under_serve`].
#[derive(Clone, Copy, Debug)]
enum Under {
    /// An older copy renamed over it (a backup restored).
    Replaced,
    Truncated,
    Deleted,
}

fn under_serve(how: Under) {
    let dir = tempfile::tempdir().expect("tmp");
    let tmp = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path());
    let backup = std::fs::read(&g).expect("read");
    let s = Served::start(&g, tmp.path());
    for n in 1..=3 {
        let r = s.act(note(&format!("n{n}")));
        assert_eq!(r.status, 200, "{how:?}: {}", r.text());
    }
    match how {
        Under::Replaced => {
            let b = dir.path().join("backup.yaml");
            std::fs::write(&b, &backup).expect("write");
            std::fs::rename(&b, &g).expect("rename");
        }
        Under::Truncated => {
            let f = std::fs::OpenOptions::new()
                .write(true)
                .open(&g)
                .expect("open");
            let len = f.metadata().expect("meta").len();
            f.set_len(len - 40).expect("truncate");
        }
        Under::Deleted => std::fs::remove_file(&g).expect("rm"),
    }
    let on_disk = std::fs::read(&g).ok();
    // The next action is applied here, but never acknowledged as saved.
    let r = s.act(note("n4"));
    assert_eq!(r.status, 507, "{how:?}: {}", r.text());
    let told = r.json()["error"].as_str().unwrap_or_default().to_string();
    let word = match how {
        Under::Replaced => "was replaced",
        Under::Truncated => "was truncated",
        Under::Deleted => "was deleted",
    };
    assert!(
        told.contains(word) && told.contains("Your 4 actions are kept in"),
        "{how:?}: {told}"
    );
    let kept = recovery_named(&told).expect("a recovery file named");
    assert_eq!(kept.parent(), Some(dir.path()), "beside the game: {told}");
    // Every phone sees it, in words, until the player decides.
    let seen = s.state(1)["unsaved"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(seen.contains(word), "{how:?}: {seen}");
    // Further actions are refused, and nothing more is written.
    let r = s.act(note("n5"));
    assert_eq!(r.status, 507, "{how:?}: {}", r.text());
    assert!(
        r.text().contains("nothing is written until"),
        "{}",
        r.text()
    );
    let (code, err) = s.end();
    assert_eq!(code, Some(73), "{how:?}: {err}");
    assert!(
        err.contains(word) && err.contains("kept in"),
        "{how:?}: {err}"
    );
    assert_eq!(
        std::fs::read(&g).ok(),
        on_disk,
        "{how:?}: the file is left as it was"
    );
    assert_eq!(notes_of(&kept), ["n1", "n2", "n3", "n4"], "{how:?}");
}

#[test]
fn a_game_file_replaced_under_game_serve_keeps_every_acknowledged_action_and_says_so() {
    under_serve(Under::Replaced);
}

#[test]
fn a_game_file_truncated_under_game_serve_keeps_every_acknowledged_action_and_says_so() {
    under_serve(Under::Truncated);
}

#[test]
fn a_game_file_deleted_under_game_serve_keeps_every_acknowledged_action_and_says_so() {
    under_serve(Under::Deleted);
}

#[test]
fn a_deleted_lock_under_game_serve_lets_no_phone_undo_erase_an_acknowledged_action() {
    let dir = tempfile::tempdir().expect("tmp");
    let tmp = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path());
    let s = Served::start(&g, tmp.path());
    assert_eq!(s.act(note("phone")).status, 200);
    std::fs::remove_file(dir.path().join(".g.yaml.lock")).expect("rm the lock");
    // Another writer gets in (the server cannot stop that) and is saved.
    let out = impia(&[
        "game",
        "act",
        &g.display().to_string(),
        "--action",
        &note("shell").to_string(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let index = s.state(0)["index"].clone();
    // A note is either player's to take: the undo is asked of the other
    // phone (issue 33), which allows it; the undo itself is refused.
    let asked = s.post(0, "undo", json!({ "index": index }));
    assert_eq!(asked.status, 202, "{}", asked.text());
    let r = s.post(1, "answer", json!({ "index": index, "allow": true }));
    assert_eq!(r.status, 507, "{}", r.text());
    assert!(r.text().contains("lost its lock file"), "{}", r.text());
    let (code, err) = s.end();
    assert_eq!(code, Some(73), "{err}");
    // The shell's acknowledged action is still in the file.
    assert_eq!(notes_of(&g), ["phone", "shell"]);
}

#[test]
fn an_action_the_server_cannot_save_is_not_acknowledged_and_the_end_says_so() {
    let root = tempfile::tempdir().expect("tmp");
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = root.path().join("games");
    std::fs::create_dir(&dir).expect("mkdir");
    let g = new_game(&dir);
    let s = Served::start(&g, tmp.path());
    assert_eq!(s.act(note("saved")).status, 200);
    // The folder goes (a USB stick pulled): nothing can be written there,
    // root or not.
    let away = root.path().join("away");
    std::fs::rename(&dir, &away).expect("move away");
    std::fs::write(&dir, "not a folder").expect("write");
    let r = s.act(note("unsaved"));
    assert_eq!(r.status, 507, "{}", r.text());
    let told = r.json()["error"].as_str().unwrap_or_default().to_string();
    assert!(told.contains("could not be saved"), "{told}");
    let seen = s.state(1)["unsaved"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(seen.contains("could not be saved"), "{seen}");
    let (code, err) = s.end();
    assert_eq!(code, Some(73), "{err}");
    assert!(
        err.contains("1 changes of this command are not in the game file"),
        "{err}"
    );
    // The folder could not take the recovery file: the temporary folder did.
    let kept = recovery_named(&err).expect("a recovery file named");
    assert_eq!(kept.parent(), Some(tmp.path()), "{err}");
    assert_eq!(notes_of(&kept), ["saved", "unsaved"]);
    assert_eq!(notes_of(&away.join("g.yaml")), ["saved"]);
}

#[cfg(unix)]
#[test]
fn an_undo_run_as_root_keeps_the_owner_of_another_users_game_file() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path());
    if std::fs::metadata("/proc/self").map(|m| m.uid()).ok() != Some(0) {
        return; // Only root can give a file away (CI and this machine run as root).
    }
    std::os::unix::fs::chown(&g, Some(1000), Some(1000)).expect("chown");
    let gs = g.display().to_string();
    let out = impia(&["game", "act", &gs, "--action", &note("x").to_string()]);
    assert!(out.status.success(), "{out:?}");
    let out = impia(&["game", "undo", &gs]);
    assert!(out.status.success(), "{out:?}");
    let m = std::fs::metadata(&g).expect("meta");
    assert_eq!((m.uid(), m.gid()), (1000, 1000));
}

fn note_action(text: &str) -> impia::core::game::Action {
    impia::core::game::Action::Note(impia::core::game::act::Note { text: text.into() })
}

#[test]
fn once_the_file_changed_under_a_host_the_player_saves_as_new_or_reloads() {
    use impia::core::game::{FileChange, Host, HostError};
    let dir = tempfile::tempdir().expect("tmp");
    let rules = crate::game_support::rules();
    let g = new_game(dir.path());
    let mut h = Host::open(&g, &rules).expect("opens");
    h.act(note_action("1")).expect("saved");
    // The same bytes under the name, but another file.
    let copy = dir.path().join("copy.yaml");
    std::fs::copy(&g, &copy).expect("copy");
    std::fs::rename(&copy, &g).expect("rename");
    let e = h.act(note_action("2")).expect_err("not its file");
    assert!(e.is_applied(), "{e}");
    let e = h.act(note_action("3")).expect_err("writing stopped");
    assert!(!e.is_applied(), "{e}");
    assert_eq!(h.writing_stopped(), Some(FileChange::Replaced));
    assert_eq!(h.actions().len(), 2);
    // Never over its own name, nor over another file.
    assert!(matches!(h.save_as_new(&g), Err(HostError::Exists { .. })));
    let new = dir.path().join("new.yaml");
    h.save_as_new(&new).expect("a new file");
    h.act(note_action("3")).expect("saved there");
    assert_eq!(notes_of(&new), ["1", "2", "3"]);
    assert_eq!(notes_of(&g), ["1"], "the other file is left alone");
    // Changed under it again: reloading reads the file as it is on disk.
    std::fs::copy(&g, &copy).expect("copy");
    std::fs::rename(&copy, &new).expect("rename");
    assert!(h.act(note_action("4")).is_err());
    h.reload().expect("reloads");
    assert_eq!(h.writing_stopped(), None);
    h.act(note_action("5")).expect("saved");
    assert_eq!(notes_of(&new), ["1", "5"]);
}

#[test]
fn the_game_view_keeps_a_changed_file_in_words_and_saves_the_game_as_a_new_one() {
    use egui_kittest::kittest::Queryable as _;
    use impia::core::game::Host;
    let dir = tempfile::tempdir().expect("tmp");
    let rules = crate::game_support::rules();
    let g = new_game(dir.path());
    let host = Host::open(&g, &rules).expect("opens");
    let mut app = crate::game_support::game_app(host.into_game(), impia::core::text::Lang::En);
    assert!(
        app.game
            .apply(note_action("saved"), impia::core::text::Lang::En)
    );
    std::fs::remove_file(&g).expect("rm");
    // Applied here, not saved: the view keeps the game and says so.
    app.game
        .apply(note_action("kept"), impia::core::text::Lang::En);
    let mut h = crate::game_support::app_harness(app, [1280.0, 800.0]);
    h.run();
    assert!(
        h.query_by_label_contains("was deleted under impia")
            .is_some(),
        "the header says what happened"
    );
    h.get_by_label("Save as a new game").click();
    h.run();
    let host = h.state().game.game.as_ref().expect("the game stays");
    assert_eq!(host.writing_stopped(), None);
    let new = host.path().expect("a new file").to_path_buf();
    assert_ne!(new, g);
    assert_eq!(notes_of(&new), ["saved", "kept"]);
}
