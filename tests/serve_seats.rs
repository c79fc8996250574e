//! Issue 26: who may act and when, through the server on 127.0.0.1: the
//! defender's hit (R27), the roll-off's winner (R08), the laptop's
//! approval (a request waits, allow answers it, refuse kills the token),
//! the seat JSON's new keys, and the end both players confirm before it
//! enters the records.

use impia::core::game::act;
use std::sync::Arc;

use crate::game_support::{rules, setup, turn};
use crate::serve_act::{acting_a0, assault_a0_b0, host, typed_dice};
use crate::serve_support::table::{Table, ok};
use crate::serve_support::{Events, get};
use impia::core::game::{Action, Game, Host, Now, Side, Taker};
use impia::server::{May, Seat, Seats};
use serde_json::{Value, json};

#[test]
fn r27_the_hit_model_chooses_its_hit_and_the_offers_say_so() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    // Issue 33: each seat types its own d10 (the other's set waits).
    let p = ok(&t.post(Seat::A, "price", &json!({"action": assault_a0_b0()})))["price"].clone();
    let sets = typed_dice(&p, &[10, 1]);
    ok(&t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": assault_a0_b0(), "dice": [sets[0]]}),
    ));
    ok(&t.post(
        Seat::B,
        "act",
        &json!({"index": t.index(), "action": assault_a0_b0(), "dice": [sets[1]]}),
    ));
    let s = t.state(Seat::B);
    let offers = s["offers"]["offers"].as_array().expect("offers");
    let accept = offers.iter().find(|o| o["id"] == "accept").expect("accept");
    assert_eq!(
        accept["by"], "b",
        "the loser, who may still re-roll, closes it"
    );
    let rerolls: Vec<&Value> = offers
        .iter()
        .filter(|o| o["id"] == "totem_reroll")
        .collect();
    assert!(
        rerolls.iter().any(|o| o["model"] == "a0" && o["by"] == "a"),
        "{rerolls:?}"
    );
    assert!(
        rerolls.iter().any(|o| o["model"] == "b0" && o["by"] == "b"),
        "{rerolls:?}"
    );
    ok(&t.act(Seat::B, json!({"action": "accept"})));
    let s = t.state(Seat::A);
    let offers = s["offers"]["offers"].as_array().expect("offers");
    let hit = offers
        .iter()
        .find(|o| o["id"] == "resolve_hit")
        .unwrap_or_else(|| panic!("a hit to roll: {}", s["offers"]));
    assert_eq!(hit["by"], "b", "the defender's choices");
    let action = hit["action"].clone();
    let r = t.act(Seat::A, action.clone());
    assert_eq!(r.status, 403, "{}", r.text());
    ok(&t.act(Seat::B, action));
    let h = t.finish();
    assert!(matches!(
        h.pending().map(|p| &p.action),
        Some(Action::ResolveHit(_))
    ));
    assert_eq!(h.taker(&Action::EndTurn(act::EndTurn {})), Taker::Either);
}

#[test]
fn a_request_before_allow_waits_and_allow_answers_it() {
    let t = Arc::new(Table::new(host(), |_| {}));
    let s = t.state(Seat::A);
    assert_eq!(s["may"], "ask");
    assert_eq!(t.state(Seat::Table)["may"], "watch");
    let t2 = t.clone();
    let poster = std::thread::spawn(move || {
        t2.post(
            Seat::A,
            "act",
            &json!({"index": 1, "action": {"action": "start_turn"}}),
        )
    });
    t.wait_asking(Seat::A);
    assert!(!poster.is_finished(), "it waits for the laptop");
    assert_eq!(t.state(Seat::A)["may"], "asking");
    assert_eq!(t.index(), 1, "the game did not move");
    let done = t.on_owner(|h, s, sh| s.allow(Seat::A, h, sh));
    assert_eq!(done.len(), 1);
    let r = poster.join().expect("the poster");
    assert_eq!(ok(&r)["state"]["may"], "play");
    assert_eq!(t.index(), 2);
    assert_eq!(t.on_owner(|_, s, _| s.may(Seat::A)), May::Play);
    // Allowed once, it acts at once.
    ok(&t.act(Seat::A, json!({"action": "end_change_round", "side": "a"})));
}

#[test]
fn a_refused_seat_gets_403_then_its_token_dies() {
    let t = Arc::new(Table::new(host(), |_| {}));
    let mut ev = Events::open(t.addr, &format!("{}events", t.path(Seat::B)));
    assert!(ev.next_json().is_some(), "the stream opens");
    let t2 = t.clone();
    let poster = std::thread::spawn(move || {
        t2.post(
            Seat::B,
            "act",
            &json!({"index": 1, "action": {"action": "start_turn"}}),
        )
    });
    t.wait_asking(Seat::B);
    t.on_owner(|_, s, sh| s.refuse(Seat::B, sh));
    let r = poster.join().expect("the poster");
    assert_eq!(r.status, 403, "{}", r.text());
    assert!(r.json()["error"].is_string());
    // States published before the refusal may come first; then it ends.
    assert!(
        (0..20).any(|_| ev.next().is_none()),
        "its event stream ends"
    );
    // Issue 35: the dead link's page says why in words.
    let page = get(t.addr, t.path(Seat::B));
    assert_eq!(page.status, 404);
    assert!(page.text().contains("This link no longer works"));
    for r in [
        get(t.addr, &format!("{}state", t.path(Seat::B))),
        t.post(
            Seat::B,
            "act",
            &json!({"index": 1, "action": {"action": "start_turn"}}),
        ),
    ] {
        assert_eq!(r.status, 404);
        assert!(r.body.is_empty());
    }
    assert_eq!(
        t.state(Seat::A)["may"],
        "ask",
        "the other seat is untouched"
    );
    assert_eq!(t.index(), 1);
}

#[test]
fn the_seat_json_says_side_may_undo_connected_and_end() {
    let t = Table::new(host(), Seats::allow_all);
    let s = t.state(Seat::Table);
    assert_eq!(s["side"], Value::Null);
    assert_eq!(s["may"], "watch");
    assert_eq!(s["undo"], false);
    assert_eq!(s["end"], Value::Null);
    assert_eq!(s["connected"], json!({"a": false, "b": false}));
    let mut ev = Events::open(t.addr, &format!("{}events", t.path(Seat::A)));
    assert!(ev.next_json().is_some());
    assert_eq!(t.share.connected(Seat::A), 1);
    // The owner's next look publishes it, at the same index.
    let s = t.on_owner(|h, s, sh| {
        s.refresh(h, sh);
        sh.index()
    });
    assert_eq!(s, 1);
    assert_eq!(
        t.state(Seat::B)["connected"],
        json!({"a": true, "b": false})
    );
    assert_eq!(t.state(Seat::B)["side"], "b");
    assert_eq!(t.state(Seat::B)["may"], "play");
}

/// The game's one result file (issue 38), if written.
fn record_of(dir: &std::path::Path) -> Option<String> {
    let d = std::fs::read_dir(dir.join("records").join("results")).ok()?;
    let files: Vec<_> = d.flatten().map(|e| e.path()).collect();
    assert!(files.len() <= 1, "{files:?}");
    std::fs::read_to_string(files.first()?).ok()
}

#[test]
fn a_shared_games_end_enters_the_records_when_both_seats_confirm() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    let t = Table::new(h, Seats::allow_all);
    let r = t.post(Seat::A, "confirm", &json!({"index": 1}));
    assert_eq!(r.status, 422, "not ended: {}", r.text());
    ok(&t.act(Seat::B, json!({"action": "end_game"})));
    let s = t.state(Seat::A);
    assert_eq!(s["end"]["confirmed"], json!({"a": false, "b": false}));
    assert_eq!(s["end"]["recorded"], false);
    assert!(s["end"]["report"].as_str().is_some_and(|r| !r.is_empty()));
    assert_eq!(record_of(dir.path()), None, "held for the players");
    let r = t.post(Seat::Table, "confirm", &json!({"index": t.index()}));
    assert_eq!(r.status, 403);
    let r = t.post(Seat::A, "confirm", &json!({"index": t.index() - 1}));
    assert_eq!(r.status, 409);
    let s = ok(&t.post(Seat::A, "confirm", &json!({"index": t.index()})));
    assert_eq!(
        s["state"]["end"]["confirmed"],
        json!({"a": true, "b": false})
    );
    assert_eq!(record_of(dir.path()), None, "one seat is not both");
    let s = ok(&t.post(Seat::B, "confirm", &json!({"index": t.index()})));
    assert_eq!(s["state"]["end"]["recorded"], true);
    let rec = record_of(dir.path()).expect("recorded once both confirmed");
    assert!(rec.contains("Culto del Cuervo"), "{rec}");
    // Issue 38: the result file says who confirmed: both phones.
    assert_eq!(rec.matches("confirmed: phone").count(), 2, "{rec}");
}

#[test]
fn the_laptop_confirms_the_end_for_both() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    let t = Table::new(h, Seats::allow_all);
    ok(&t.act(Seat::A, json!({"action": "end_game"})));
    assert_eq!(record_of(dir.path()), None);
    t.on_owner(|h, s, sh| s.confirm_for_both(h, sh));
    let rec = record_of(dir.path()).expect("recorded");
    assert_eq!(rec.matches("confirmed: laptop").count(), 2, "{rec}");
    assert_eq!(
        t.state(Seat::B)["end"]["confirmed"],
        json!({"a": true, "b": true})
    );
    assert_eq!(t.state(Seat::B)["end"]["recorded"], true);
}

#[test]
fn r08_only_the_roll_off_winner_chooses_who_starts() {
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    g.apply(Action::RollOff(act::RollOff {
        rolls: vec![[3, 8]],
        starts: None,
    }))
    .expect("the roll-off");
    assert!(
        matches!(
            g.now(),
            Now::ChooseStart {
                winner: Side::B,
                ..
            }
        ),
        "{:?}",
        g.now()
    );
    let t = Table::new(Host::detached(g), Seats::allow_all);
    let choose = json!({"action": "choose_start", "side": "a"});
    assert_eq!(t.act(Seat::A, choose.clone()).status, 403);
    ok(&t.act(Seat::B, choose));
    let s = t.state(Seat::B);
    assert_eq!(s["undo"], true, "the winner's choice is B's to undo");
    assert_eq!(s["undo_asks"], false);
    assert_eq!(
        t.state(Seat::A)["undo_asks"],
        true,
        "A only asks (issue 33)"
    );
}
