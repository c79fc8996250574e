//! The file layer's promises on every platform (issue 36): these run on
//! Linux and, cross-built, under Wine (`scripts/check-windows`), where the
//! locks are `LockFileEx`, identities are volume serial and file index,
//! and a live writer's temp file is told by its open handle.

use std::path::Path;
use std::sync::Arc;

use super::autosave::Autosave;
use super::lock::{Locked, take};
use super::watch::{FileChange, SaveError};

fn game(dir: &Path, text: &str) -> std::path::PathBuf {
    let p = dir.join("g.yaml");
    std::fs::write(&p, text).expect("write the game");
    p
}

fn held(path: &Path) -> super::lock::GameLock {
    match take(path).expect("take the lock") {
        Locked::Held(l) => l,
        other => panic!("expected the lock, got {other:?}"),
    }
}

#[test]
fn a_game_has_one_writer_until_its_lock_is_dropped() {
    let dir = tempfile::tempdir().expect("temp");
    let g = game(dir.path(), "log:\n");
    let first = held(&g);
    assert!(matches!(take(&g).expect("second"), Locked::Busy));
    drop(first);
    let again = held(&g);
    assert!(again.lock_path().exists());
}

#[test]
fn a_game_file_with_a_second_name_is_only_read() {
    let dir = tempfile::tempdir().expect("temp");
    let g = game(dir.path(), "log:\n");
    std::fs::hard_link(&g, dir.path().join("other.yaml")).expect("link");
    assert!(matches!(take(&g).expect("take"), Locked::HardLinks(2)));
    // Refused, it holds nothing: once the second name is gone it is written.
    std::fs::remove_file(dir.path().join("other.yaml")).expect("unlink");
    drop(held(&g));
}

#[test]
fn a_writer_sees_its_game_replaced_by_a_file_of_the_same_size() {
    let dir = tempfile::tempdir().expect("temp");
    let g = game(dir.path(), "log:\n");
    let mut save = Autosave::new(&g, Arc::new(held(&g)), 5);
    save.seen_now();
    save.append_text("{a: 1}\n".into()).expect("append");
    // Another program saves its own copy the atomic way: same length, so
    // only the file's identity tells.
    let other = dir.path().join("copy.yaml");
    std::fs::write(&other, "log:\n{b: 2}\n").expect("copy");
    std::fs::rename(&other, &g).expect("rename over the game");
    let r = save.append_text("{c: 3}\n".into());
    assert!(
        matches!(r, Err(SaveError::Changed(FileChange::Replaced))),
        "{r:?}"
    );
    assert_eq!(
        std::fs::read_to_string(&g).expect("read"),
        "log:\n{b: 2}\n",
        "the other program's file is left as it wrote it"
    );
}

#[test]
fn a_rewrite_replaces_the_game_under_its_lock_and_the_next_append_follows_it() {
    let dir = tempfile::tempdir().expect("temp");
    let g = game(dir.path(), "log:\n{a: 1}\n");
    let mut save = Autosave::new(&g, Arc::new(held(&g)), 12);
    save.seen_now();
    save.rewrite_text("log:\n".into()).expect("rewrite");
    // The renamed temp file is the game now: its identity was taken
    // before the rename and still matches.
    save.append_text("{b: 2}\n".into())
        .expect("append after the rewrite");
    assert_eq!(std::fs::read_to_string(&g).expect("read"), "log:\n{b: 2}\n");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "the game and its lock, no temp: {names:?}");
}

#[test]
fn a_dead_saves_temp_file_is_removed_and_a_running_ones_kept() {
    let dir = tempfile::tempdir().expect("temp");
    let g = game(dir.path(), "log:\n");
    // Process 4000000000 never runs (Linux's ids stop at 2^22); on Windows
    // this file is not held open by anyone.
    let dead = dir.path().join(".impia-4000000000-abcdef.tmp");
    std::fs::write(&dead, "half a save").expect("dead temp");
    let older = dir.path().join(".g.yaml.tmp-4000000000");
    std::fs::write(&older, "an older version's").expect("older temp");
    // A save in flight in this very process: its temp file is open.
    let live = dir
        .path()
        .join(format!(".impia-{}-inflight.tmp", crate::platform::pid()));
    let open = std::fs::File::create(&live).expect("live temp");
    crate::fsutil::write_atomic(&g, b"log:\n").expect("save");
    assert!(!dead.exists(), "a dead save's temp file stays");
    assert!(!older.exists(), "an older version's temp file stays");
    assert!(live.exists(), "a running save's temp file was removed");
    drop(open);
}
