//! A shared game and its owner on a thread of its own, as the app or
//! `game serve` runs it (`Share::next_request` → `Seats::handle`), for the
//! tests of issue 26. Only ever on 127.0.0.1.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Reply, get, post, split_link};
use impia::core::game::Host;
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
        rx.recv_timeout(super::TIMEOUT).expect("the owner answers")
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

/// The answer's JSON, which must be a 200.
pub fn ok(r: &Reply) -> Value {
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
}
