//! Issue 26: the phones act, the answers of the contract. The server on
//! 127.0.0.1 only, the game's owner on a thread of its own
//! (`serve_support::table`): 200, 409 (a stale index, two phones at once),
//! 403 (the table's link, the other side's action or undo), 422 with the
//! rule, 400, 413, 404, 503; the price and typed dice.

use impia::core::game::act;
use std::net::SocketAddr;
use std::sync::Arc;

use crate::game_support::{a, b, rules, setup, skip_to, turn};
use crate::serve_support::table::{Table, ok};
use crate::serve_support::{TIMEOUT, get, post, split_link};
use impia::core::game::draft::{DeclKind, Declared};
use impia::core::game::{Action, Game, Host, Now, PriceView};
use impia::core::odds::Odds;
use impia::core::text::Lang;
use impia::server::{Seat, Seats, Share};
use serde_json::{Value, json};

pub(crate) fn host() -> Host {
    Host::new(setup(7), &rules())
}

#[test]
fn an_allowed_seat_acts_and_the_state_moves_one_index_on() {
    let t = Table::new(host(), Seats::allow_all);
    assert_eq!(t.index(), 1);
    let r = ok(&t.act(Seat::A, json!({"action": "start_turn", "dark_forces": [5]})));
    assert_eq!(r["state"]["index"], 2);
    assert_eq!(r["state"]["side"], "a");
    assert_eq!(r["state"]["may"], "play");
    assert_eq!(t.index(), 2);
    let h = t.finish();
    assert_eq!(h.actions().len(), 1);
    assert!(matches!(h.now(), Now::ChangeRound { .. }), "{:?}", h.now());
}

#[test]
fn a_stale_index_gets_409_with_the_current_index_and_changes_nothing() {
    let t = Table::new(host(), Seats::allow_all);
    let body = json!({"index": 1, "action": {"action": "start_turn"}});
    ok(&t.post(Seat::A, "act", &body));
    let r = t.post(Seat::B, "act", &body);
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["index"], 2);
    assert!(r.json()["error"].is_string());
    assert_eq!(t.finish().actions().len(), 1);
}

#[test]
fn the_table_link_may_not_act() {
    let t = Table::new(host(), Seats::allow_all);
    let r = t.act(Seat::Table, json!({"action": "start_turn"}));
    assert_eq!(r.status, 403, "{}", r.text());
    assert!(r.json()["error"].is_string());
    assert_eq!(t.finish().actions().len(), 0);
}

#[test]
fn r09_a_seat_may_not_change_the_other_warbands_rounds() {
    let t = Table::new(host(), Seats::allow_all);
    ok(&t.act(Seat::A, json!({"action": "start_turn", "dark_forces": [5]})));
    let theirs = json!({"action": "change_round", "model": b(0), "steps": 1});
    let r = t.act(Seat::A, theirs.clone());
    assert_eq!(r.status, 403, "{}", r.text());
    let r = t.act(Seat::A, json!({"action": "end_change_round", "side": "b"}));
    assert_eq!(r.status, 403, "{}", r.text());
    ok(&t.act(Seat::B, theirs));
    let h = t.finish();
    assert_eq!(h.actions().len(), 2);
    assert!(
        matches!(h.actions().last(), Some(Action::ChangeRound(act::ChangeRound { model, .. })) if *model == b(0)),
        "{:?}",
        h.actions().last()
    );
}

/// A game where a0 (Ulrak) is in its activation, turn 1.
pub(crate) fn acting_a0() -> Game {
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g
}

pub(crate) fn assault_a0_b0() -> Value {
    json!({"action": "assault", "attacker": "a0", "defender": "b0"})
}

#[test]
fn a_rule_refusal_is_422_with_the_rule_id() {
    let t = Table::new(host(), Seats::allow_all);
    // R07: no model is in its activation before the turn starts.
    let r = t.act(Seat::A, json!({"action": "move", "model": "a0"}));
    assert_eq!(r.status, 422, "{}", r.text());
    let v = r.json();
    let rule = v["rule"].as_str().expect("the rule id");
    assert!(
        rule.starts_with('R') && v["error"].as_str().is_some_and(|e| e.starts_with(rule)),
        "{v}"
    );
    assert_eq!(t.index(), 1, "nothing changed");
}

#[test]
fn malformed_bodies_get_400_and_change_nothing() {
    let t = Table::new(host(), Seats::allow_all);
    let path = format!("{}act", t.path(Seat::A));
    for body in [
        "not json",
        "[1, 2]",
        r#"{"action": {"action": "start_turn"}}"#,
        r#"{"index": "one", "action": {"action": "start_turn"}}"#,
        r#"{"index": 1, "action": {"action": "fly"}}"#,
        r#"{"index": 1, "action": {"action": "end_turn", "x": 1}}"#,
        r#"{"index": 1, "action": {"action": "start_turn"}, "extra": true}"#,
        r#"{"index": 1, "action": {"action": "start_turn"}, "dice": [{"d10": "seven"}]}"#,
    ] {
        let r = post(t.addr, &path, body);
        assert_eq!(r.status, 400, "{body}: {}", r.text());
        assert!(r.json()["error"].is_string(), "{body}");
    }
    // In the request's language.
    let r = post(t.addr, &format!("{path}?lang=es"), "no");
    assert!(
        r.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("JSON"))
    );
    let r = post(t.addr, &format!("{}undo", t.path(Seat::A)), "{}");
    assert_eq!(r.status, 400, "{}", r.text());
    let r = post(
        t.addr,
        &format!("{}price", t.path(Seat::A)),
        r#"{"index": 1}"#,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    // Oversized bodies are refused before they are read.
    let big = format!(
        r#"{{"index": 1, "action": {{"action": "note", "text": "{}"}}}}"#,
        "x".repeat(70_000)
    );
    assert_eq!(post(t.addr, &path, &big).status, 413);
    // GET on a route that only takes POST.
    assert_eq!(get(t.addr, &path).status, 405);
    assert_eq!(t.finish().actions().len(), 0);
}

#[test]
fn an_unknown_token_gets_a_bare_404_on_post() {
    let t = Table::new(host(), Seats::allow_all);
    let r = post(t.addr, "/t/AAAAAAAAAAAAAAAAAAAAAA/act", r#"{"index":1}"#);
    assert_eq!(r.status, 404);
    assert!(r.body.is_empty());
}

#[test]
fn an_owner_that_drops_the_request_gives_503() {
    let bind: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let mut h = host();
    let seats = Seats::new(&mut h);
    let share = Share::start(bind, seats.state(&h, None, 1), Lang::En).expect("starts");
    let (addr, path) = split_link(&share.links().a);
    let poster = std::thread::spawn(move || {
        post(
            addr,
            &format!("{path}act"),
            r#"{"index": 1, "action": {"action": "start_turn"}}"#,
        )
    });
    let req = share
        .next_request(TIMEOUT)
        .expect("the request reaches the owner");
    assert_eq!(req.seat, Seat::A);
    drop(req);
    let r = poster.join().expect("the poster");
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(r.json()["error"].is_string());
}

#[test]
fn two_phones_sending_the_same_index_at_once_apply_it_once() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    let t = Arc::new(Table::new(h, Seats::allow_all));
    let before = Host::view(&file, &rules()).expect("reads").actions().len();
    let go = Arc::new(std::sync::Barrier::new(2));
    let posts: Vec<_> = [Seat::A, Seat::B]
        .into_iter()
        .map(|seat| {
            let (t, go) = (t.clone(), go.clone());
            std::thread::spawn(move || {
                go.wait();
                t.post(
                    seat,
                    "act",
                    &json!({"index": 1, "action": {"action": "start_turn"}}),
                )
                .status
            })
        })
        .collect();
    let mut codes: Vec<u16> = posts
        .into_iter()
        .map(|p| p.join().expect("a poster"))
        .collect();
    codes.sort_unstable();
    assert_eq!(codes, [200, 409], "exactly one applies");
    let after = Host::view(&file, &rules()).expect("reads").actions().len();
    assert_eq!(after, before + 1, "the file has one action more");
}

#[test]
fn r33_a_seat_undoes_only_its_own_sides_last_action() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    ok(&t.act(Seat::A, json!({"action": "move", "model": "a0"})));
    let sa = t.state(Seat::A);
    let sb = t.state(Seat::B);
    assert_eq!(sa["undo"], true, "A moved: A may undo");
    assert_eq!(sa["undo_asks"], false, "A's own move, no dice: alone");
    // Issue 33: B's undo of A's move is a request A answers, not a 403.
    assert_eq!(
        sb["undo_asks"], true,
        "B may only ask to take A's move back"
    );
    let r = t.post(Seat::B, "undo", &json!({"index": t.index()}));
    assert_eq!(r.status, 202, "{}", r.text());
    let r = t.post(Seat::A, "undo", &json!({"index": t.index() - 1}));
    assert_eq!(r.status, 409, "{}", r.text());
    let r = ok(&t.post(Seat::A, "undo", &json!({"index": t.index()})));
    assert!(r["state"]["index"].is_u64());
    let h = t.finish();
    assert!(matches!(h.actions().last(), Some(Action::Activate(_))));
}

#[test]
fn the_price_is_game_price_with_the_dice_to_type() {
    let g = acting_a0();
    let action = Action::from_json(&assault_a0_b0().to_string()).expect("an action");
    let want = PriceView::of(&g, &action, Lang::En).expect("a price");
    let core = g.price(&action).expect("a price");
    let t = Table::new(Host::detached(g), |_| {});
    // Read-only: no approval needed, the index stays.
    let r = ok(&t.post(Seat::B, "price", &json!({"action": assault_a0_b0()})));
    let p = &r["price"];
    assert_eq!(*p, serde_json::to_value(&want).expect("JSON"));
    assert_eq!(
        p["win"],
        serde_json::to_value(Odds(core.win.expect("a roll"))).expect("JSON")
    );
    assert_eq!(p["dp"], core.dp);
    let dice = p["dice"].as_array().expect("the dice list");
    assert_eq!(dice.len(), 2, "{p}");
    assert_eq!(dice[0]["model"], "a0");
    assert_eq!(dice[0]["role"], "active");
    assert_eq!(dice[1]["model"], "b0");
    assert_eq!(dice[1]["role"], "passive");
    assert!(
        dice.iter()
            .all(|d| d["d10"] == 1 && d["d3"].is_u64() && d["label"].is_string())
    );
    assert_eq!(t.index(), 1);
    assert_eq!(t.on_owner(|_, s, _| s.asking()), Vec::<Seat>::new());
    // A draft the rules refuse: 422.
    let r = t.post(
        Seat::A,
        "price",
        &json!({"action": {"action": "move", "model": "b0"}}),
    );
    assert_eq!(r.status, 422, "{}", r.text());
}

#[test]
fn r20_a_declaration_is_answered_through_price_and_the_core_sets_the_draft() {
    let g = acting_a0();
    let action = Action::from_json(&assault_a0_b0().to_string()).expect("an action");
    // The first flag or count the assault asks for (R20/R22 table options).
    let decl = g
        .declarations(&action)
        .into_iter()
        .find(|d| matches!(d.kind, DeclKind::Flag { .. } | DeclKind::Count { .. }))
        .expect("an assault asks for a table option");
    let declared = g
        .declare(&action, &decl.key, Declared::Count(1))
        .expect("the core takes a 1");
    let want = PriceView::of(&g, &declared, Lang::En).expect("a price");
    let t = Table::new(Host::detached(g), |_| {});
    let key = serde_json::to_value(&decl.key).expect("JSON");
    let r = ok(&t.post(
        Seat::A,
        "price",
        &json!({"action": assault_a0_b0(), "declare": {"key": key, "value": 1}}),
    ));
    assert_eq!(r["draft"], serde_json::to_value(&declared).expect("JSON"));
    assert_eq!(r["price"], serde_json::to_value(&want).expect("JSON"));
    let shown = r["declarations"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["key"] == key))
        .expect("the declaration is listed again");
    assert_eq!(shown["value"], 1, "{shown}");
    // An answer the declaration cannot take, or a key the draft does not
    // ask for: 422, and nothing was set.
    for bad in [
        json!({"key": key, "value": 99}),
        json!({"key": {"on": "witnesses"}, "value": ["b0"]}),
    ] {
        let r = t.post(
            Seat::A,
            "price",
            &json!({"action": assault_a0_b0(), "declare": bad}),
        );
        assert_eq!(r.status, 422, "{bad}: {}", r.text());
    }
    let r = t.post(
        Seat::A,
        "price",
        &json!({"action": assault_a0_b0(), "declare": {"key": "nope"}}),
    );
    assert_eq!(r.status, 400, "{}", r.text());
}

/// The dice of a price's list, each d10 `d10s[i]` and its d3 all 2.
pub(crate) fn typed_dice(price: &Value, d10s: &[u32]) -> Value {
    let list = price["dice"].as_array().expect("dice");
    assert_eq!(list.len(), d10s.len(), "{price}");
    Value::Array(
        list.iter()
            .zip(d10s)
            .map(|(d, v)| json!({"d10": v, "d3": vec![2; d["d3"].as_u64().unwrap_or(0) as usize]}))
            .collect(),
    )
}

#[test]
fn r02_r33_typed_dice_are_applied_exactly_and_the_rerolls_are_the_rollers() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    let p = ok(&t.post(Seat::A, "price", &json!({"action": assault_a0_b0()})))["price"].clone();
    // Issue 33: each seat types its own set; the roll waits for B's.
    let sets = typed_dice(&p, &[2, 9]);
    let r = t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": assault_a0_b0(), "dice": [sets[0]]}),
    );
    assert_eq!(ok(&r)["waiting"], true);
    ok(&t.post(
        Seat::B,
        "act",
        &json!({"index": t.index(), "action": assault_a0_b0(), "dice": [sets[1]]}),
    ));
    // Dice that do not fit: 422 naming R04, nothing changed.
    let i = t.index();
    let reroll = json!({"action": "totem_reroll", "by": "b0"});
    let rp = ok(&t.post(Seat::B, "price", &json!({"action": reroll})))["price"].clone();
    let wrong = json!({"index": i, "action": reroll, "dice": [{"d10": 11, "d3": []}, {"d10": 1}]});
    let r = t.post(Seat::B, "act", &wrong);
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(r.json()["rule"], "R04");
    // R33: A may not take B's re-roll; B takes it with its own dice.
    let mine = json!({"index": i, "action": reroll, "dice": typed_dice(&rp, &[10])});
    assert_eq!(t.post(Seat::A, "act", &mine).status, 403);
    ok(&t.post(Seat::B, "act", &mine));
    let h = t.finish();
    let Some(Action::Assault(act::Assault {
        roll: Some(roll), ..
    })) = h.pending().map(|p| &p.action)
    else {
        panic!("the assault waits: {:?}", h.pending());
    };
    assert_eq!(roll.active.d10, 2, "a0's die as typed");
    assert_eq!(roll.passive.d10, 10, "b0's die as re-rolled");
    assert!(roll.active.d3.iter().all(|d| *d == 2));
    let rr = &h.pending().expect("pending").rerolls;
    assert_eq!(rr.len(), 1);
    assert_eq!(rr[0].before.d10, 9);
}
