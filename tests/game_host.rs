//! Issue 21, the game file: one regression test per defect. A writer locks
//! the file, then reads it; the lock belongs to the file, not the name;
//! readers need no write access; nothing written is unreadable; a stdin
//! batch is all or nothing; `game recover`; the small contracts of
//! `game act`.

use crate::cli_support::impia;
use impia::core::game::act;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::game_support::*;
use impia::core::game::{Action, Game, Host, HostError, MAX_NOTE_BYTES, ReadOnly, file};

const EXIT_BUSY: i32 = 75;

/// `impia ARGS` with `input` on stdin.
fn impia_in(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the impia binary");
    let mut stdin = child.stdin.take().expect("stdin");
    // The child may stop reading early (a refused line): that is no error.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("wait")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A saved game, nothing played, in a fresh folder.
fn saved_game(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    Host::create(&path, setup(11), &rules(), false).expect("create");
    path
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

fn note(t: &str) -> String {
    serde_json::json!({"action": "note", "text": t}).to_string()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_second_writer_is_refused_before_it_reads_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    // The first writer holds the lock (and has not read yet): the file
    // may be anything meanwhile, a second writer never gets to read it.
    let lock = file::lock(&path).unwrap().expect("the lock is free");
    std::fs::write(&path, "not a game file at all: [").unwrap();
    let e = Host::open(&path, &rules()).expect_err("busy");
    assert!(e.is_busy(), "{e}");
    let o = impia(&["game", "act", s(&path), "--action", &note("x")]);
    assert_eq!(o.status.code(), Some(EXIT_BUSY), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("try again"), "{}", text(&o.stderr));
    for cmd in ["undo", "redo", "recover"] {
        let o = impia(&["game", cmd, s(&path)]);
        assert_eq!(o.status.code(), Some(EXIT_BUSY), "{cmd}");
    }
    drop(lock);
    // Free again, the writer reads and refuses the broken file.
    let e = Host::open(&path, &rules()).expect_err("unreadable");
    assert!(!e.is_busy());
}

#[test]
fn a_writer_holds_the_lock_from_open_through_every_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let mut h = Host::open(&path, &rules()).unwrap();
    h.apply(Action::Note(act::Note { text: "1".into() }))
        .unwrap();
    // While it is open, no other writer, not even in this process.
    assert!(Host::open(&path, &rules()).unwrap_err().is_busy());
    let o = impia(&["game", "act", s(&path), "--action", &note("2")]);
    assert_eq!(o.status.code(), Some(EXIT_BUSY));
    h.apply(Action::Note(act::Note { text: "3".into() }))
        .unwrap();
    drop(h);
    let g = Game::open_read(&path, &rules()).unwrap();
    assert_eq!(g.actions().len(), 2);
}

#[test]
fn the_lock_belongs_to_the_file_so_a_symlink_shares_it() {
    let dir = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "real.yaml");
    let link = other.path().join("link.yaml");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    let mut h = Host::open(&link, &rules()).unwrap();
    assert!(Host::open(&path, &rules()).unwrap_err().is_busy());
    let o = impia(&["game", "act", s(&path), "--action", &note("x")]);
    assert_eq!(o.status.code(), Some(EXIT_BUSY));
    // Saves go to the real file; the link stays a link.
    h.apply(Action::Note(act::Note {
        text: "via link".into(),
    }))
    .unwrap();
    h.undo().unwrap();
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    drop(h);
    let g = Game::open_read(&path, &rules()).unwrap();
    assert_eq!(g.redo_list().len(), 1);
}

#[test]
fn a_game_file_with_a_hard_link_opens_read_only_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let hard = dir.path().join("hard.yaml");
    std::fs::hard_link(&path, &hard).unwrap();
    let before = std::fs::read(&path).unwrap();
    for name in [&path, &hard] {
        match Host::open(name, &rules()) {
            Err(HostError::HardLinks { links, .. }) => assert_eq!(links, 2),
            other => panic!("{other:?}"),
        }
        let mut g = Game::load(name, &rules()).unwrap();
        assert_eq!(g.read_only_why(), Some(ReadOnly::HardLinks(2)));
        let e = g.apply(Action::EndTurn(act::EndTurn {})).unwrap_err();
        assert!(
            e.message(impia::core::text::Lang::En)
                .contains("hard links")
        );
        let o = impia(&["game", "act", s(name), "--action", &note("x")]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            text(&o.stderr).contains("hard links"),
            "{}",
            text(&o.stderr)
        );
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // Readers still read it.
    assert_eq!(impia(&["game", "status", s(&hard)]).status.code(), Some(0));
    std::fs::remove_file(&hard).unwrap();
    Host::open(&path, &rules()).expect("one name again: writable");
}

#[test]
fn a_250_character_game_name_is_played_and_viewed() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.yaml", "ñ".repeat(60) + &"x".repeat(125));
    assert!(name.len() >= 250 && name.len() <= 255, "{}", name.len());
    let path = saved_game(dir.path(), &name);
    let lock = file::lock_path(&path);
    assert!(lock.file_name().unwrap().len() <= 255);
    let o = impia(&["game", "act", s(&path), "--action", &note("x")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    for cmd in ["status", "offers", "report", "replay"] {
        let o = impia(&["game", cmd, s(&path)]);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", text(&o.stderr));
    }
    // Two long names alike but for their end get two locks.
    let other = format!("{}y.yaml", &name[..name.len() - 6]);
    assert_ne!(file::lock_path(&dir.path().join(other)), lock);
}

#[test]
fn lock_files_are_removed_when_their_game_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let h = Host::open(&path, &rules()).unwrap();
    assert!(file::lock_path(&path).exists());
    drop(h);
    assert_eq!(names_in(dir.path()), ["p.yaml"]);
    let o = impia(&["game", "act", s(&path), "--action", &note("x")]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(names_in(dir.path()), ["p.yaml"]);
    // A lock file removed under an opener is taken again, not trusted.
    let stale = file::lock(&path).unwrap().expect("free");
    std::fs::remove_file(file::lock_path(&path)).unwrap();
    let fresh = file::lock(&path).unwrap();
    assert!(fresh.is_some(), "a removed lock file guards nothing");
    drop((stale, fresh));
}

#[test]
fn readers_take_no_lock_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    // A reader open beside a writer: both work.
    let view = Host::view(&path, &rules()).unwrap();
    assert!(view.read_only());
    let mut w = Host::open(&path, &rules()).expect("a reader holds no lock");
    w.apply(Action::Note(act::Note { text: "x".into() }))
        .unwrap();
    // The CLI's readers beside a writer: no lock file of theirs, no write.
    let before = std::fs::read(&path).unwrap();
    for cmd in ["status", "offers", "report", "replay"] {
        let o = impia(&["game", cmd, s(&path)]);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", text(&o.stderr));
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    drop(w);
    let listing = names_in(dir.path());
    for cmd in ["status", "offers", "report", "replay"] {
        assert_eq!(impia(&["game", cmd, s(&path)]).status.code(), Some(0));
    }
    assert_eq!(names_in(dir.path()), listing, "readers leave no lock file");
}

#[test]
fn readers_work_in_a_read_only_folder() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root writes anywhere: then the folder cannot be made read-only here,
    // and `readers_take_no_lock_and_write_nothing` covers the rest.
    let root = std::fs::write(dir.path().join("probe"), "x").is_ok();
    let listing = names_in(dir.path());
    for cmd in ["status", "offers", "report", "replay"] {
        let o = impia(&["game", cmd, s(&path)]);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", text(&o.stderr));
    }
    assert_eq!(names_in(dir.path()), listing);
    if !root {
        let o = impia(&["game", "act", s(&path), "--action", &note("x")]);
        assert_eq!(o.status.code(), Some(2), "a writer needs the folder");
    }
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn busy_has_its_own_exit_code_in_the_help() {
    let o = impia(&["game", "act", "--help"]);
    let help = text(&o.stdout);
    assert!(help.contains("75"), "{help}");
    assert!(help.contains("busy"), "{help}");
    assert_eq!(i32::from(impia::cli::EXIT_BUSY), EXIT_BUSY);
}

#[test]
fn a_note_is_capped_like_a_text_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let before = std::fs::read(&path).unwrap();
    let long = "n".repeat(MAX_NOTE_BYTES + 1);
    let o = impia(&["game", "act", s(&path), "--action", &note(&long)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let fits = "n".repeat(MAX_NOTE_BYTES);
    let o = impia(&["game", "act", s(&path), "--action", &note(&fits)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn an_action_that_would_pass_the_read_limit_is_refused_and_the_game_still_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    // Notes up to a few KB short of the limit.
    let mut text_ = std::fs::read_to_string(&path).unwrap();
    let line = format!("- {}\n", note(&"n".repeat(MAX_NOTE_BYTES)));
    let mut n = 0;
    while text_.len() as u64 + line.len() as u64 * 2 < file::MAX_GAME_FILE_BYTES {
        text_.push_str(&line);
        n += 1;
    }
    std::fs::write(&path, &text_).unwrap();
    let big = note(&"n".repeat(MAX_NOTE_BYTES));
    let mut acts = 0;
    loop {
        let o = impia(&["game", "act", s(&path), "--action", &big]);
        match o.status.code() {
            Some(0) => acts += 1,
            Some(1) => {
                assert!(text(&o.stderr).contains("bytes"), "{}", text(&o.stderr));
                break;
            }
            c => panic!("{c:?}: {}", text(&o.stderr)),
        }
        assert!(acts < 4, "the limit never refused");
    }
    // Every command still opens it.
    for cmd in ["status", "replay"] {
        let o = impia(&["game", cmd, s(&path)]);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", text(&o.stderr));
    }
    let g = Game::open_read(&path, &rules()).unwrap();
    assert_eq!(g.actions().len(), n + acts);
    assert!(std::fs::metadata(&path).unwrap().len() <= file::MAX_GAME_FILE_BYTES);
    // Undo still works (a rewrite of the same size).
    assert_eq!(impia(&["game", "undo", s(&path)]).status.code(), Some(0));
}

#[test]
fn a_file_whose_log_line_lacks_its_newline_is_not_broken_by_an_act() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let t = std::fs::read_to_string(&path).unwrap();
    assert!(t.ends_with("log:\n"));
    std::fs::write(&path, t.trim_end_matches('\n')).unwrap();
    let o = impia(&["game", "act", s(&path), "--action", &note("uno")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = impia(&["game", "act", s(&path), "--action", &note("dos")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let g = Game::open_read(&path, &rules()).unwrap();
    assert_eq!(g.actions().len(), 2);
    assert_eq!(impia(&["game", "replay", s(&path)]).status.code(), Some(0));
}

#[test]
fn a_newline_cut_under_the_writer_stops_the_writing_and_keeps_both_actions() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let mut h = Host::open(&path, &rules()).unwrap();
    h.apply(Action::Note(act::Note { text: "uno".into() }))
        .unwrap();
    // Something cut the newline while the writer held the file: issue 32,
    // a file changed under the writer is no longer appended to (before,
    // this appended after a newline of its own).
    let t = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, t.trim_end_matches('\n')).unwrap();
    let e = h
        .apply(Action::Note(act::Note { text: "dos".into() }))
        .unwrap_err();
    assert!(
        e.is_applied() && e.to_string().contains("was truncated"),
        "{e}"
    );
    drop(h);
    let g = Game::open_read(&path, &rules()).unwrap();
    assert_eq!(g.actions().len(), 1, "left as the other program left it");
    let kept = Game::open_read(&dir.path().join("p.recovered.yaml"), &rules()).unwrap();
    assert_eq!(kept.actions().len(), 2);
}

#[test]
fn a_stdin_batch_is_all_or_nothing_and_names_the_refused_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let before = std::fs::read(&path).unwrap();
    let batch = format!(
        "{}\n{}\n{}\n",
        note("uno"),
        r#"{"action":"start_turn"}"#,
        r#"{"action":"start_turn"}"#
    );
    let o = impia_in(&["game", "act", s(&path), "--lang", "en"], batch.as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("line 3"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
    // A malformed line: exit 2, named, nothing written.
    let batch = format!("{}\nnot json\n", note("uno"));
    let o = impia_in(&["game", "act", s(&path)], batch.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("line 2"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // The good batch: all saved.
    let batch = format!("{}\n\n{}\n", note("uno"), r#"{"action":"start_turn"}"#);
    let o = impia_in(&["game", "act", s(&path)], batch.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(Game::open_read(&path, &rules()).unwrap().actions().len(), 2);
}

#[test]
fn a_batch_is_saved_in_one_append() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let mut h = Host::open(&path, &rules()).unwrap();
    let mut b = h.batch().unwrap();
    b.apply(Action::Note(act::Note { text: "1".into() }))
        .unwrap();
    b.act(Action::StartTurn(act::StartTurn {
        dark_forces: vec![],
    }))
    .unwrap();
    // Nothing on disk until the commit.
    assert_eq!(Game::open_read(&path, &rules()).unwrap().actions().len(), 0);
    assert!(b.apply(Action::EndTurn(act::EndTurn {})).is_err());
    assert_eq!(b.len(), 2);
    b.commit().unwrap();
    assert_eq!(Game::open_read(&path, &rules()).unwrap().actions().len(), 2);
    // An uncommitted batch writes nothing.
    let mut b = h.batch().unwrap();
    b.apply(Action::Note(act::Note { text: "3".into() }))
        .unwrap();
    drop(b);
    assert_eq!(h.actions().len(), 2);
    assert_eq!(Game::open_read(&path, &rules()).unwrap().actions().len(), 2);
}

#[test]
fn stdin_is_read_with_bounds_on_a_line_and_on_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let before = std::fs::read(&path).unwrap();
    // /dev/zero: one endless line.
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "act", s(&path)])
        .stdin(zero)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("longer than"),
        "{}",
        text(&o.stderr)
    );
    // Too many lines (blank ones count too).
    let o = impia_in(&["game", "act", s(&path)], &vec![b'\n'; 200_001]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("lines"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn an_output_error_after_the_save_is_no_failure_and_stderr_errors_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "act", s(&path), "--action", &note("x")])
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("saved"), "{}", text(&o.stderr));
    assert_eq!(Game::open_read(&path, &rules()).unwrap().actions().len(), 1);
    // Everything on stderr, and stderr full: exit codes stand, no 101.
    for (args, code) in [
        (vec!["game", "redo", s(&path)], 1),
        (vec!["game", "act", s(&path), "--action", "{"], 2),
        (vec!["game", "status", "/no/such/file.yaml"], 2),
        (vec!["game", "undo", s(&path)], 0),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_impia"))
            .args(&args)
            .stderr(full())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(code), "{args:?}");
    }
    // The undo above was saved, with stdout and stderr both full.
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "redo", s(&path)])
        .stdout(full())
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(Game::open_read(&path, &rules()).unwrap().actions().len(), 1);
}

#[test]
fn game_recover_keeps_the_good_prefix_names_the_bad_line_and_keeps_a_bak() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    for t in ["uno", "dos"] {
        let o = impia(&["game", "act", s(&path), "--action", &note(t)]);
        assert_eq!(o.status.code(), Some(0));
    }
    let mut t = std::fs::read_to_string(&path).unwrap();
    let bad_line = t.lines().count() + 1;
    t.push_str("- {\"action\": \"no_such_action\"}\n");
    t.push_str(&format!("- {}\n", note("tres")));
    std::fs::write(&path, &t).unwrap();
    assert_eq!(impia(&["game", "status", s(&path)]).status.code(), Some(2));
    let o = impia(&["game", "recover", s(&path), "--lang", "en"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains(&format!(":{bad_line}:")), "{out}");
    assert!(out.contains("2 actions"), "{out}");
    let bak = dir.path().join("p.yaml.bak");
    assert_eq!(std::fs::read_to_string(&bak).unwrap(), t);
    assert!(out.contains("p.yaml.bak"), "{out}");
    assert_eq!(impia(&["game", "replay", s(&path)]).status.code(), Some(0));
    assert_eq!(Game::open_read(&path, &rules()).unwrap().actions().len(), 2);
    // Nothing to recover: said, nothing written.
    let before = std::fs::read(&path).unwrap();
    let o = impia(&["game", "recover", s(&path)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn small_contracts_empty_action_end_game_fields_and_a_bom() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let before = std::fs::read(&path).unwrap();
    let o = impia(&["game", "act", s(&path), "--action", ""]);
    assert_eq!(o.status.code(), Some(2), "an empty --action is an error");
    for junk in [
        r#"{"action":"end_game","winner":"a"}"#,
        r#"{"action":"end_turn","x":1}"#,
    ] {
        let o = impia(&["game", "act", s(&path), "--action", junk]);
        assert_eq!(o.status.code(), Some(2), "{junk}");
        assert!(
            text(&o.stderr).contains("unknown field"),
            "{}",
            text(&o.stderr)
        );
    }
    assert!(Action::from_json(r#"{"action":"end_game"}"#).is_ok());
    assert!(Action::from_json(r#"{"action":"start_turn","dark_forces":[]}"#).is_ok());
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let o = impia_in(
        &["game", "act", s(&path)],
        "\u{feff}{\"action\":\"start_turn\"}\n".as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn game_new_force_is_a_writer_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "p.yaml");
    let h = Host::open(&path, &rules()).unwrap();
    match Host::create(&path, setup(3), &rules(), true) {
        Err(e) => assert!(e.is_busy(), "{e}"),
        Ok(_) => panic!("replaced a game another writer holds"),
    }
    drop(h);
    assert!(matches!(
        Host::create(&path, setup(3), &rules(), false),
        Err(HostError::Exists { .. })
    ));
    Host::create(&path, setup(3), &rules(), true).expect("free: replaced");
}

#[test]
fn old_game_files_keep_opening_for_writing() {
    for dir in ["tests/data/games-v1", "tests/data/games-v2"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_none_or(|x| x != "yaml") {
                continue;
            }
            let tmp = tempfile::tempdir().unwrap();
            let copy = tmp.path().join("g.yaml");
            std::fs::copy(&p, &copy).unwrap();
            let n = Game::open_read(&copy, &rules()).unwrap().actions().len();
            let mut h = Host::open(&copy, &rules()).unwrap();
            h.apply(Action::Note(act::Note {
                text: "later".into(),
            }))
            .unwrap();
            drop(h);
            let g = Game::open_read(&copy, &rules()).unwrap();
            assert_eq!(g.actions().len(), n + 1, "{}", p.display());
        }
    }
}

/// R27–R30: a script that read the offers and then sends a hit that
/// another player resolved meanwhile is told the game moved on (exit 1,
/// as any stale move), not that its input is malformed (exit 2).
#[test]
fn r27_a_hit_no_longer_waiting_is_refused_as_not_now() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_game(dir.path(), "h.yaml");
    let hit = r#"{"action":"resolve_hit","attacker":"a0","target":"b0"}"#;
    let o = impia(&["game", "act", s(&path), "--lang", "en", "--action", hit]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("nothing was saved"),
        "{}",
        text(&o.stderr)
    );
}
