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

use crate::game_support::{a, b, rules, setup};
use crate::serve_support::{Reply, get, post, split_link};
use impia::core::game::{Action, Game, Host, Now, Side};
use impia::core::text::Lang;
use impia::server::{Seat, Seats, Share};
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
        let host = self
            .owner
            .take()
            .expect("once")
            .join()
            .expect("the owner ends");
        host
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
