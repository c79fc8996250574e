//! Issue 33 through `Game` and `Host` directly: a roll once made stays made
//! (a seat takes back alone only its own action that rolled nothing and
//! revealed nothing; a roll taken back by leave stays in the history, the
//! file and the report), and a confirmed result stays confirmed (undoing a
//! recorded end withdraws it: the entry is kept, marked, and not counted).

use impia::core::game::act;

use crate::cli_support::impia;
use crate::game_support::*;
use impia::core::game::{Action, By, Game, Host, Leave, Side, report};
use impia::core::records;
use impia::core::text::Lang;

fn acting_a0() -> Game {
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g
}

fn assault_rolled() -> Action {
    Action::Assault(act::Assault {
        attacker: a(0),
        defender: b(0),
        brutal: false,
        options: Default::default(),
        roll: None,
    })
}

#[test]
fn a_seat_takes_back_alone_only_its_own_action_that_rolled_and_revealed_nothing() {
    let mut g = acting_a0();
    // R07: A activated its model: A's alone, no dice.
    assert!(g.may_take_back_alone(Side::A));
    assert!(!g.may_take_back_alone(Side::B), "the other player's action");
    g.apply(Action::Move(act::Move { model: a(0) }))
        .expect("R13");
    assert!(g.may_take_back_alone(Side::A));
    // R20: a rolled Assault is a request, even for its own seat.
    g.act(assault_rolled()).expect("R20");
    assert!(g.pending().is_some());
    assert!(!g.may_take_back_alone(Side::A), "it rolled");
    assert!(!g.may_take_back_alone(Side::B));
    // Accepting reveals the result: no one alone.
    accept(&mut g);
    assert!(!g.may_take_back_alone(Side::A));
    assert!(!g.may_take_back_alone(Side::B));
    // The dark forces (R39) and the end of the game: either may take them,
    // so neither takes them back alone.
    let mut g = Game::new(setup(7), &rules());
    start_turn(&mut g, 4);
    assert!(!g.may_take_back_alone(Side::A));
    assert!(!g.may_take_back_alone(Side::B));
    g.apply(Action::EndGame(act::EndGame {})).expect("the end");
    assert!(!g.may_take_back_alone(Side::A));
    assert!(!g.may_take_back_alone(Side::B));
    assert!(g.last_ends_the_game());
}

#[test]
fn a_roll_taken_back_by_leave_stays_in_the_file_the_history_and_the_report() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let mut h = Host::detached(acting_a0());
    h.save_as(&file, false).expect("a game file");
    drop(h);
    let mut h = Host::open(&file, &rules()).expect("reopen");
    h.act(assault_rolled()).expect("R20");
    let line = h.last_line(Lang::En).expect("a line");
    let question = h.take_back_question(By::A, Lang::En);
    assert_eq!(question, format!("Ana wants to take back: {line}"));
    assert!(
        h.take_back_question(By::A, Lang::Es)
            .starts_with("Ana quiere retirar: ")
    );
    let n = h.actions().len();
    let leave = Leave {
        asked: By::A,
        allowed: By::B,
    };
    assert!(h.take_back(leave).expect("taken back").is_some());
    assert_eq!(h.actions().len(), n - 1);
    assert!(h.pending().is_none(), "the roll is no longer waiting");
    assert!(h.redo_list().is_empty(), "a roll taken back is not redone");
    let u = h.undone().last().expect("kept as undone");
    assert_eq!(u.leave, Some(leave));
    assert_eq!(u.at, n - 1);
    drop(h);
    // The file keeps it, and opens again replaying the same game.
    let text = std::fs::read_to_string(&file).expect("the file");
    assert!(
        text.contains(r#""leave":{"asked":"a","allowed":"b"}"#),
        "{text}"
    );
    let g = Host::view(&file, &rules()).expect("opens");
    assert_eq!(g.actions().len(), n - 1);
    assert_eq!(g.undone().last().and_then(|u| u.leave), Some(leave));
    // The report tells it, in both languages.
    let r = report::report(&g, Lang::En).expect("a report");
    let story: Vec<String> = r.turns.iter().flat_map(|t| t.story(Lang::En)).collect();
    assert!(
        story
            .iter()
            .any(|s| s == &format!("↶ {line} — taken back with Beto's leave")),
        "{story:?}"
    );
    let r = report::report(&g, Lang::Es).expect("a report");
    let story: Vec<String> = r.turns.iter().flat_map(|t| t.story(Lang::Es)).collect();
    assert!(
        story
            .iter()
            .any(|s| s.ends_with("— retirada con permiso de Beto")),
        "{story:?}"
    );
}

/// The result files (issue 38), in name order, byte for byte.
fn record_bytes(dir: &std::path::Path) -> Vec<Vec<u8>> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("records").join("results"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read(f).unwrap_or_default())
        .collect()
}

fn lobo_record(recs: &std::path::Path) -> records::Record {
    records::record_of(recs, "Hijos del Lobo")
        .expect("readable")
        .expect("a record")
}

#[test]
fn undoing_a_recorded_end_withdraws_the_entry_kept_marked_and_not_counted() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let mut h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    assert!(!h.undo_withdraws_result(), "nothing recorded yet");
    h.apply(Action::EndGame(act::EndGame {})).expect("the end");
    assert!(h.undo_withdraws_result());
    assert_eq!(
        h.result_words(Lang::En),
        "Hijos del Lobo 0 – 0 Culto del Cuervo (a draw)"
    );
    assert!(h.undo().expect("the laptop undoes").is_some());
    let recs = dir.path().join("records");
    let rec = lobo_record(&recs);
    assert_eq!(rec.games.len(), 1, "kept, never emptied");
    assert!(rec.games[0].withdrawn);
    let (league, bad) = records::league(&recs).expect("the league");
    assert!(bad.is_empty(), "{bad:?}");
    assert!(league.iter().all(|s| s.games == 0), "{league:?}");
    // Ended again: a new entry beside the withdrawn one; the league counts it.
    h.apply(Action::EndGame(act::EndGame {}))
        .expect("the end again");
    // Issue 38: the game's newest result file is its result; the three
    // files (end, withdrawal, end) stay.
    let rec = lobo_record(&recs);
    assert_eq!(
        rec.games.iter().map(|g| g.withdrawn).collect::<Vec<_>>(),
        [false]
    );
    assert_eq!(record_bytes(dir.path()).len(), 3);
    let (league, _) = records::league(&recs).expect("the league");
    assert!(league.iter().all(|s| s.games == 1), "{league:?}");
}

#[test]
fn game_undo_withdraws_a_recorded_end_only_with_withdraw_and_names_it() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let mut h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    h.apply(Action::EndGame(act::EndGame {})).expect("the end");
    drop(h);
    let before = record_bytes(dir.path());
    let game_before = std::fs::read(&file).expect("the game");
    let path = file.display().to_string();
    let o = impia(&["game", "undo", &path, "--lang", "en"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("Hijos del Lobo 0 – 0 Culto del Cuervo (a draw)")
            && err.contains("--withdraw"),
        "{err}"
    );
    assert_eq!(record_bytes(dir.path()), before, "records byte-identical");
    assert_eq!(std::fs::read(&file).expect("the game"), game_before);
    let o = impia(&["game", "undo", &path, "--withdraw", "--lang", "en"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("Withdrawn"), "{out}");
    let files = record_bytes(dir.path());
    let rec = String::from_utf8_lossy(&files[files.len() - 1]).into_owned();
    assert!(rec.contains("withdrawn: true"), "{rec}");
}
