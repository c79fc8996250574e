//! Issue 26: the phones act. The server on 127.0.0.1 only, the game's owner
//! on a thread of its own as the app or `game serve` would run it
//! (`Share::next_request` → `Seats::handle`): each answer of the contract
//! (200, 409, 403, 422, 400, 404, 503), a seat acting for the other side,
//! the table's link acting, two phones sending the same index at once,
//! undo of the other side's action, the price, typed dice, the laptop's
//! approval and the end both players confirm.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::game_support::{a, b, rules, setup, skip_to, turn};
use crate::serve_support::{Reply, TIMEOUT, get, post, split_link};
use impia::core::game::{Action, Game, Host, Now, PriceView, Side, Taker};
use impia::core::odds::Odds;
use impia::core::text::Lang;
use impia::server::{May, Seat, Seats, Share};
use serde_json::{Value, json};

type Job = Box<dyn FnOnce(&mut Host, &mut Seats, &Share) + Send>;

/// A shared game and its owner's thread.
pub struct Table {
    pub share: Arc<Share>,
    pub addr: SocketAddr,
    paths: [String; 3],
    jobs: mpsc::Sender<Job>,
    stop: Arc<AtomicBool>,
    owner: Option<JoinHandle<Host>>,
}

impl Table {
    /// Share `host` on loopback; `prepare` sets the seats up first (e.g.
    /// `Seats::allow_all`).
    pub fn new(mut host: Host, prepare: impl FnOnce(&mut Seats)) -> Table {
        let mut seats = Seats::new(&mut host);
        prepare(&mut seats);
        let bind: SocketAddr = "127.0.0.1:0".parse().expect("addr");
        let first = seats.state(&host, None, 1);
        let share = Arc::new(Share::start(bind, first, Lang::En).expect("starts on loopback"));
        let links = share.links().clone();
        let (addr, pa) = split_link(&links.a);
        let paths = [pa, split_link(&links.b).1, split_link(&links.table).1];
        let (jobs, rx) = mpsc::channel::<Job>();
        let stop = Arc::new(AtomicBool::new(false));
        let (sh, st) = (share.clone(), stop.clone());
        let owner = std::thread::spawn(move || {
            while !st.load(Ordering::SeqCst) {
                while let Ok(job) = rx.try_recv() {
                    job(&mut host, &mut seats, &sh);
                }
                if let Some(req) = sh.next_request(Duration::from_millis(10)) {
                    seats.handle(&mut host, &sh, req);
                }
            }
            seats.close(&mut host);
            host
        });
        Table {
            share,
            addr,
            paths,
            jobs,
            stop,
            owner: Some(owner),
        }
    }

    pub fn path(&self, seat: Seat) -> &str {
        match seat {
            Seat::A => &self.paths[0],
            Seat::B => &self.paths[1],
            Seat::Table => &self.paths[2],
        }
    }

    /// Run `f` on the owner's thread and wait for its result.
    pub fn on_owner<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Host, &mut Seats, &Share) -> T + Send + 'static,
    ) -> T {
        let (tx, rx) = mpsc::channel();
        self.jobs
            .send(Box::new(move |h, s, sh| {
                let _ = tx.send(f(h, s, sh));
            }))
            .expect("the owner runs");
        rx.recv_timeout(crate::serve_support::TIMEOUT)
            .expect("the owner answers")
    }

    pub fn post(&self, seat: Seat, route: &str, body: &Value) -> Reply {
        post(
            self.addr,
            &format!("{}{route}", self.path(seat)),
            &body.to_string(),
        )
    }

    pub fn state(&self, seat: Seat) -> Value {
        let r = get(self.addr, &format!("{}state", self.path(seat)));
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()
    }

    pub fn index(&self) -> u64 {
        self.share.index()
    }

    /// Act from a seat at the current index.
    pub fn act(&self, seat: Seat, action: Value) -> Reply {
        self.post(
            seat,
            "act",
            &json!({"index": self.index(), "action": action}),
        )
    }

    /// Stop the owner and the server; the host back.
    pub fn finish(mut self) -> Host {
        self.stop.store(true, Ordering::SeqCst);
        self.owner
            .take()
            .expect("once")
            .join()
            .expect("the owner ends")
    }

    /// Wait (bounded by steps, not time) until the owner sees `seat` asking.
    pub fn wait_asking(&self, seat: Seat) {
        for _ in 0..3000 {
            if self.on_owner(move |_, s, _| s.asking().contains(&seat)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("{seat:?} never asked");
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(o) = self.owner.take() {
            let _ = o.join();
        }
    }
}

fn host() -> Host {
    Host::new(setup(7), &rules())
}

fn ok(r: &Reply) -> Value {
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
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
        matches!(h.actions().last(), Some(Action::ChangeRound { model, .. }) if *model == b(0)),
        "{:?}",
        h.actions().last()
    );
}

/// A game where a0 (Ulrak) is in its activation, turn 1.
fn acting_a0() -> Game {
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g
}

fn assault_a0_b0() -> Value {
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
    assert_eq!(sb["undo"], false, "B may not undo A's move");
    let r = t.post(Seat::B, "undo", &json!({"index": t.index()}));
    assert_eq!(r.status, 403, "{}", r.text());
    let r = t.post(Seat::A, "undo", &json!({"index": t.index() - 1}));
    assert_eq!(r.status, 409, "{}", r.text());
    let r = ok(&t.post(Seat::A, "undo", &json!({"index": t.index()})));
    assert!(r["state"]["index"].is_u64());
    let h = t.finish();
    assert!(matches!(h.actions().last(), Some(Action::Activate { .. })));
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

/// The dice of a price's list, each d10 `d10s[i]` and its d3 all 2.
fn typed_dice(price: &Value, d10s: &[u32]) -> Value {
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
    let r = t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": assault_a0_b0(), "dice": typed_dice(&p, &[2, 9])}),
    );
    ok(&r);
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
    let Some(Action::Assault {
        roll: Some(roll), ..
    }) = h.pending().map(|p| &p.action)
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

#[test]
fn r27_the_hit_model_chooses_its_hit_and_the_offers_say_so() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    let p = ok(&t.post(Seat::A, "price", &json!({"action": assault_a0_b0()})))["price"].clone();
    ok(&t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": assault_a0_b0(), "dice": typed_dice(&p, &[10, 1])}),
    ));
    let s = t.state(Seat::B);
    let offers = s["offers"]["offers"].as_array().expect("offers");
    let accept = offers.iter().find(|o| o["id"] == "accept").expect("accept");
    assert_eq!(accept["by"], "either");
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
        Some(Action::ResolveHit { .. })
    ));
    assert_eq!(h.taker(&Action::EndTurn), Taker::Either);
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
    let mut ev = crate::serve_support::Events::open(t.addr, &format!("{}events", t.path(Seat::B)));
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
    for r in [
        get(t.addr, &format!("{}state", t.path(Seat::B))),
        get(t.addr, t.path(Seat::B)),
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
    let mut ev = crate::serve_support::Events::open(t.addr, &format!("{}events", t.path(Seat::A)));
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

fn record_of(dir: &std::path::Path) -> Option<String> {
    std::fs::read_to_string(dir.join("records").join("hijos-del-lobo.yaml")).ok()
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
    assert!(record_of(dir.path()).is_some());
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
    g.apply(Action::RollOff {
        rolls: vec![[3, 8]],
        starts: None,
    })
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
    assert_eq!(t.state(Seat::A)["undo"], false);
}
