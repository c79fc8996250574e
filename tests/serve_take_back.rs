//! Issue 33 through the server on 127.0.0.1: Undo from a phone is a
//! request unless the action was the seat's own and rolled and revealed
//! nothing; the other phone allows or refuses it; a request is dropped when
//! the game moves on; a confirmed end is never undone from a phone (the
//! records byte-identical); the laptop may undo, and both phones are told.

use crate::game_support::{rules, setup, turn};
use crate::serve_act::{acting_a0, assault_a0_b0};
use crate::serve_support::Reply;
use crate::serve_support::table::{Table, ok};
use impia::core::game::{Action, By, Game, Host, Leave};
use impia::server::{Seat, Seats};
use serde_json::json;

fn undo(t: &Table, seat: Seat) -> Reply {
    t.post(seat, "undo", &json!({"index": t.index()}))
}

fn answer(t: &Table, seat: Seat, allow: bool) -> Reply {
    t.post(seat, "answer", &json!({"index": t.index(), "allow": allow}))
}

fn actions(t: &Table) -> usize {
    t.on_owner(|h, _, _| h.actions().len())
}

#[test]
fn a_rolled_assault_undone_by_its_own_seat_asks_and_a_refusal_leaves_the_roll() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    ok(&t.act(Seat::A, assault_a0_b0()));
    let n = actions(&t);
    let s = t.state(Seat::A);
    assert_eq!(s["undo"], true);
    assert_eq!(s["undo_asks"], true, "it rolled: Undo asks");
    let r = undo(&t, Seat::A);
    assert_eq!(r.status, 202, "{}", r.text());
    assert_eq!(r.json()["asked"], true);
    assert_eq!(actions(&t), n, "nothing undone yet");
    let line = t.on_owner(|h, _, _| h.last_line(impia::core::text::Lang::En));
    let b = t.state(Seat::B);
    assert_eq!(
        b["take_back"]["question"],
        format!("Ana wants to take back: {}", line.expect("a line"))
    );
    assert_eq!(b["take_back"]["answer"], true);
    let a = t.state(Seat::A);
    assert_eq!(a["take_back"]["mine"], true);
    assert_eq!(a["take_back"]["answer"], false);
    // The asker may not answer its own request.
    assert_eq!(answer(&t, Seat::A, true).status, 403);
    // Refused: nothing changes, and the asker is told.
    ok(&answer(&t, Seat::B, false));
    assert_eq!(actions(&t), n, "the roll stands");
    let a = t.state(Seat::A);
    assert_eq!(a["take_back"], serde_json::Value::Null);
    assert!(
        a["notice"]
            .as_str()
            .is_some_and(|x| x.starts_with("Beto refuses; it stands: ")),
        "{a}"
    );
    // Asked again and allowed: taken back with B's leave.
    assert_eq!(undo(&t, Seat::A).status, 202);
    ok(&answer(&t, Seat::B, true));
    let h = t.finish();
    assert_eq!(h.actions().len(), n - 1);
    assert!(h.pending().is_none());
    assert_eq!(
        h.undone().last().and_then(|u| u.leave),
        Some(Leave {
            asked: By::A,
            allowed: By::B
        })
    );
}

#[test]
fn the_other_players_action_and_one_either_may_take_are_requests() {
    // R08: the roll-off, which either player may take.
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    let t = Table::new(Host::detached(g), Seats::allow_all);
    ok(&t.act(Seat::B, json!({"action": "roll_off"})));
    let n = actions(&t);
    assert_eq!(undo(&t, Seat::B).status, 202, "B lost? it asks");
    assert_eq!(actions(&t), n, "no re-roll by undo");
    drop(t);
    // R13: A's own move, undone by B: a request for A to answer.
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    ok(&t.act(Seat::A, json!({"action": "move", "model": "a0"})));
    let n = actions(&t);
    assert_eq!(t.state(Seat::B)["undo_asks"], true);
    assert_eq!(t.state(Seat::A)["undo_asks"], false, "A's own, no dice");
    assert_eq!(undo(&t, Seat::B).status, 202);
    assert_eq!(actions(&t), n);
    assert_eq!(t.state(Seat::A)["take_back"]["answer"], true);
    // A's own undo of its own move is direct, and drops B's request with it.
    ok(&undo(&t, Seat::A));
    assert_eq!(actions(&t), n - 1);
    assert_eq!(t.state(Seat::A)["take_back"], serde_json::Value::Null);
    let r = answer(&t, Seat::A, true);
    assert_eq!(r.status, 422, "no request waits: {}", r.text());
    assert_eq!(actions(&t), n - 1, "nothing more undone");
}

#[test]
fn a_request_is_dropped_when_the_game_moves_on() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    ok(&t.act(Seat::A, json!({"action": "move", "model": "a0"})));
    assert_eq!(undo(&t, Seat::B).status, 202);
    ok(&t.act(Seat::A, assault_a0_b0()));
    let n = actions(&t);
    assert_eq!(t.state(Seat::A)["take_back"], serde_json::Value::Null);
    assert_eq!(answer(&t, Seat::A, true).status, 422);
    assert_eq!(actions(&t), n, "the new roll stands");
}

fn record_bytes(dir: &std::path::Path) -> Vec<Vec<u8>> {
    let recs = dir.join("records").join("results");
    let mut names: Vec<_> = std::fs::read_dir(&recs)
        .expect("records")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| std::fs::read(p).expect("a record"))
        .collect()
}

#[test]
fn a_confirmed_end_is_never_undone_from_a_phone_and_the_records_stay_byte_identical() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    let t = Table::new(h, Seats::allow_all);
    ok(&t.act(Seat::B, json!({"action": "end_game"})));
    ok(&t.post(Seat::A, "confirm", &json!({"index": t.index()})));
    ok(&t.post(Seat::B, "confirm", &json!({"index": t.index()})));
    let before = record_bytes(dir.path());
    assert_eq!(before.len(), 1, "the result file (issue 38)");
    let game_before = std::fs::read(&file).expect("the game");
    for seat in [Seat::A, Seat::B] {
        assert_eq!(t.state(seat)["undo"], false, "no Undo offered");
        let r = undo(&t, seat);
        assert_eq!(r.status, 403, "{}", r.text());
        assert!(
            r.json()["error"]
                .as_str()
                .is_some_and(|e| e.contains("only the game's computer can withdraw it")),
            "{}",
            r.text()
        );
    }
    assert_eq!(record_bytes(dir.path()), before, "records byte-identical");
    assert_eq!(std::fs::read(&file).expect("the game"), game_before);
    // The laptop without the warning answered: nothing; with it: withdrawn,
    // and both phones told.
    let undone = t.on_owner(|h, s, sh| s.laptop_undo(h, sh, false));
    assert_eq!(undone.map(|h| h.is_some()).ok(), Some(false));
    assert_eq!(record_bytes(dir.path()), before);
    let undone = t.on_owner(|h, s, sh| s.laptop_undo(h, sh, true));
    assert_eq!(undone.map(|h| h.is_some()).ok(), Some(true));
    for seat in [Seat::A, Seat::B] {
        let s = t.state(seat);
        assert!(
            s["notice"]
                .as_str()
                .is_some_and(|n| n.starts_with("The laptop undid: ")),
            "{s}"
        );
    }
    // Issue 38: the result file stays as it was; the withdrawal is the
    // game's next file.
    let after = record_bytes(dir.path());
    assert_eq!(after.len(), 2);
    assert_eq!(after[0], before[0], "the result never rewritten");
    let r = String::from_utf8_lossy(&after[1]).into_owned();
    assert!(r.contains("withdrawn: true"), "kept, marked: {r}");
    let h = t.finish();
    assert!(h.state().ended.is_none());
    assert!(!matches!(h.actions().last(), Some(Action::EndGame(_))));
}

#[test]
fn a_request_to_take_back_the_end_lapses_once_both_confirm_it() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    let t = Table::new(h, Seats::allow_all);
    ok(&t.act(Seat::B, json!({"action": "end_game"})));
    // The end is either player's: A's undo is a request, not yet answered.
    assert_eq!(undo(&t, Seat::A).status, 202);
    ok(&t.post(Seat::A, "confirm", &json!({"index": t.index()})));
    ok(&t.post(Seat::B, "confirm", &json!({"index": t.index()})));
    let before = record_bytes(dir.path());
    assert_eq!(t.state(Seat::B)["take_back"], serde_json::Value::Null);
    let r = answer(&t, Seat::B, true);
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(record_bytes(dir.path()), before, "records byte-identical");
    assert!(t.finish().state().ended.is_some(), "the result stands");
}

#[test]
fn the_laptop_answers_a_request_like_the_phones() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    ok(&t.act(Seat::A, assault_a0_b0()));
    let n = actions(&t);
    assert_eq!(undo(&t, Seat::B).status, 202);
    let q = t.on_owner(|h, s, _| s.take_back_request(h, impia::core::text::Lang::En));
    assert!(
        q.as_deref()
            .is_some_and(|q| q.starts_with("Beto wants to take back: ")),
        "{q:?}"
    );
    t.on_owner(|h, s, sh| s.answer_as_laptop(h, sh, true))
        .expect("allowed");
    let h = t.finish();
    assert_eq!(h.actions().len(), n - 1);
    assert_eq!(
        h.undone().last().and_then(|u| u.leave),
        Some(Leave {
            asked: By::B,
            allowed: By::Laptop
        })
    );
}
