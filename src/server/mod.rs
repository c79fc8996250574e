//! The table on every phone (issue 25): a small read-only HTTP server that
//! shows the open game to each player's phone.
//!
//! It lives in the process that holds the game (the app or `impia game
//! serve`) and never opens the game or its file: the game's owner builds
//! each seat's JSON after every change and [`Share::publish`]es it; the
//! server keeps only the latest [`State`] (a `watch` channel), so nothing is
//! built or read from disk per request. The server runs a current-thread
//! tokio runtime on its own thread; the caller stays synchronous.
//!
//! HTTP contract, for the page, the tests and anyone's script:
//! `GET /t/TOKEN/` the page; `GET /t/TOKEN/state` the seat's JSON
//! `{index, seat, lang, status, offers, log, profiles}`; `GET
//! /t/TOKEN/report` an ended game's report as text (404 before the end); `GET
//! /t/TOKEN/events` Server-Sent Events, the current state first, then each
//! new one. `?lang=es|en` picks the language. An unknown or revoked token
//! gets a bare 404.
//!
//! Acting from the phones (issue 26): `POST /t/TOKEN/act`, `undo`, `price`,
//! `confirm` and `answer` (issue 33: `{index, allow}`, the other seat's
//! request to take back) take a small JSON body; `undo` answers 202
//! `{asked: true}` when it became a request; the server never holds the game,
//! so each becomes a [`Request`] for the owner ([`Share::take_requests`],
//! [`Share::next_request`]), who answers it with [`Seats::handle`] (one at
//! a time, so two phones sending the same index apply once). The HTTP task
//! waits for that answer; an owner gone answers 503.

// The phones' requests as the HTTP server reads them (native only).
#[cfg(not(target_arch = "wasm32"))]
mod asks;
#[cfg(not(target_arch = "wasm32"))]
mod conns;
#[cfg(not(target_arch = "wasm32"))]
pub use conns::{
    BODY_TIMEOUT, HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEADLESS, MAX_PER_CLIENT, MAX_STREAMS_PER_SEAT,
};
mod fair;
#[cfg(not(target_arch = "wasm32"))]
mod http;
#[cfg(not(target_arch = "wasm32"))]
pub use http::{HEARTBEAT, MAX_BODY, MAX_WAITING, REPLY_TIMEOUT};
pub mod net;
pub mod qr;
pub mod resume;
mod seats;
#[cfg(not(target_arch = "wasm32"))]
mod strict;
pub use seats::{Done, Handled, Seats, TakeBackView};
pub mod view;
pub use view::May;
// The web build (issue 37): a page cannot listen for phones; `Share`
// there is a type with no value whose start says so.
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::Share;

use std::net::SocketAddr;
use std::sync::Arc;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Mutex;
use std::sync::OnceLock;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::Ordering;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc;
#[cfg(not(target_arch = "wasm32"))]
use std::thread::JoinHandle;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;

use serde_json::Value;

use crate::core::game::draft::{DeclKey, Declared};
use crate::core::game::{Action, SideDice};
use crate::core::text::Lang;

/// Who a link is for: a player's seat, or the table (an onlooker, a second
/// screen), which sees both warbands alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    A,
    B,
    Table,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::A, Seat::B, Seat::Table];

    pub fn id(self) -> &'static str {
        match self {
            Seat::A => "a",
            Seat::B => "b",
            Seat::Table => "table",
        }
    }

    pub(crate) fn slot(self) -> usize {
        match self {
            Seat::A => 0,
            Seat::B => 1,
            Seat::Table => 2,
        }
    }

    /// The warband this seat plays; `None` for the table.
    pub fn side(self) -> Option<crate::core::game::Side> {
        match self {
            Seat::A => Some(crate::core::game::Side::A),
            Seat::B => Some(crate::core::game::Side::B),
            Seat::Table => None,
        }
    }
}

/// What a phone asks of the game's owner (issue 26). `index` is the state's
/// index the page drew its buttons from.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    /// Take an action; `dice` typed from real dice, in the order of the
    /// price's `dice` list (empty: the game rolls).
    Act {
        index: u64,
        action: Action,
        dice: Vec<SideDice>,
    },
    /// Undo the last action: at once when the seat may alone (issue 33,
    /// [`Game::may_take_back_alone`](crate::core::game::Game)), else a
    /// request the other phone answers (202).
    Undo { index: u64 },
    /// Answer the other seat's request to take back: allow or refuse.
    Answer { index: u64, allow: bool },
    /// The price of a draft: read-only, no index. `declare`: one more
    /// answer to declare on it first (the core sets the draft's field).
    Price {
        action: Action,
        declare: Option<(DeclKey, Declared)>,
    },
    /// Issue 32: the targets of the offer at place `offer` of the state
    /// `index` (a phone's state lists them), each priced, with its
    /// declarations and words: read-only, asked when a page opens it.
    Targets { index: u64, offer: usize },
    /// The seat confirms the ended game's report.
    Confirm { index: u64 },
    /// Issue 38: the seat confirms its warband's after-game step on its
    /// campaign, up to the mark "after game N".
    After { index: u64 },
}

/// The owner's answer to a request: an HTTP status and its JSON body.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    /// The seat's state as published, written into `body` as its `state`
    /// member when the answer is sent (issue 32: a 4,000-model state was
    /// parsed back and written again for every phone action's answer).
    pub state: Option<Arc<String>>,
}

impl Answer {
    /// Its body as sent: `body`, with the state's JSON as its first member.
    pub fn text(&self) -> String {
        let body = self.body.to_string();
        let Some(state) = &self.state else {
            return body;
        };
        let rest = body.strip_prefix('{').unwrap_or("}");
        let sep = if rest == "}" { "" } else { "," };
        format!("{{\"state\":{state}{sep}{rest}")
    }
}

/// A phone's request waiting for the game's owner; answered once (dropped
/// unanswered, the phone gets 503).
#[derive(Debug)]
pub struct Request {
    pub seat: Seat,
    pub ask: Ask,
    pub lang: Lang,
    reply: tokio::sync::oneshot::Sender<Answer>,
    /// Its seat's place among its waiting requests, freed with it.
    #[cfg(not(target_arch = "wasm32"))]
    _held: http::Held,
}

impl Request {
    /// A request and the receiver of its answer (the server's side).
    #[cfg(not(target_arch = "wasm32"))]
    fn new(
        seat: Seat,
        ask: Ask,
        lang: Lang,
        held: http::Held,
    ) -> (Request, tokio::sync::oneshot::Receiver<Answer>) {
        let (reply, rx) = tokio::sync::oneshot::channel();
        (
            Request {
                seat,
                ask,
                lang,
                reply,
                _held: held,
            },
            rx,
        )
    }

    /// The phone stopped waiting (closed the page, or waited past
    /// [`REPLY_TIMEOUT`]): no one would see the answer.
    pub fn is_abandoned(&self) -> bool {
        self.reply.is_closed()
    }

    /// Answer it: the phone receives `status` and `body`.
    pub fn answer(self, status: u16, body: Value) {
        // A phone that gave up (closed the page) no longer listens.
        let _ = self.reply.send(Answer {
            status,
            body,
            state: None,
        });
    }

    /// Answer it with the seat's `state` (its JSON as published) and the
    /// other members of `body` (an object).
    pub fn answer_state(self, status: u16, state: Arc<String>, body: Value) {
        let _ = self.reply.send(Answer {
            status,
            body,
            state: Some(state),
        });
    }
}

fn lang_slot(l: Lang) -> usize {
    match l {
        Lang::Es => 0,
        Lang::En => 1,
    }
}

/// One published state of the game: for each seat and language the JSON the
/// page receives, serialized once when published.
#[derive(Clone, Debug)]
pub struct State {
    pub index: u64,
    json: Arc<Joined>,
    /// An ended game's report in words (Spanish, English), built once by
    /// the owner and sent only to a page that asks (`GET report`).
    report: Option<Arc<[Arc<str>; 2]>>,
}

/// Every seat's JSON in both languages: each seat's own members and the
/// members all seats share, joined the first time a page asks for it
/// (issue 32: at 4,000 models each state copied 6.4 MB six times, for
/// seats and languages no page had open).
#[derive(Debug)]
struct Joined {
    /// Each seat's own object (by seat, then language), whole.
    own: [[String; 2]; 3],
    /// The object whose members every seat shares, in each language
    /// (empty for none).
    shared: [Arc<String>; 2],
    whole: [[OnceLock<Arc<String>>; 2]; 3],
}

impl State {
    /// Build every seat's JSON in both languages with `view` (the owner's
    /// closure: `status` and `offers` as `game status/offers --json` print
    /// them); `index`, `seat` and `lang` are set here so no owner gets them
    /// wrong.
    pub fn new(index: u64, view: impl FnMut(Seat, Lang) -> Value) -> State {
        State::spliced(index, &[Arc::default(), Arc::default()], view)
    }

    /// [`State::new`] with the members every seat shares in each language
    /// (Spanish, English) written once (an object, `{"key":value,…}`),
    /// each seat's own members written before them (issue 32: a
    /// 4,000-model game's offers were copied and written again per seat).
    pub fn spliced(
        index: u64,
        shared: &[Arc<String>; 2],
        mut view: impl FnMut(Seat, Lang) -> Value,
    ) -> State {
        let mut one = |seat: Seat, l: Lang| -> String {
            let mut v = view(seat, l);
            if let Value::Object(m) = &mut v {
                m.insert("index".into(), index.into());
                m.insert("seat".into(), seat.id().into());
                m.insert("lang".into(), l.code().into());
            }
            v.to_string()
        };
        let own = Seat::ALL.map(|s| [one(s, Lang::Es), one(s, Lang::En)]);
        State {
            index,
            json: Arc::new(Joined {
                own,
                shared: shared.clone(),
                whole: Default::default(),
            }),
            report: None,
        }
    }

    /// The same state with an ended game's report (Spanish, English).
    pub fn with_report(mut self, report: Option<Arc<[Arc<str>; 2]>>) -> State {
        self.report = report;
        self
    }

    /// The ended game's report in a language; `None` while it goes on.
    pub fn report(&self, l: Lang) -> Option<&str> {
        self.report.as_ref().map(|r| &*r[lang_slot(l)])
    }

    /// The JSON a seat receives in a language.
    pub fn json(&self, seat: Seat, l: Lang) -> &str {
        self.json_shared(seat, l)
    }

    /// The same, to keep beyond this state (an action's answer).
    pub fn json_arc(&self, seat: Seat, l: Lang) -> Arc<String> {
        self.json_shared(seat, l).clone()
    }

    fn json_shared(&self, seat: Seat, l: Lang) -> &Arc<String> {
        let (i, j) = (seat.slot(), lang_slot(l));
        let j_ = &*self.json;
        j_.whole[i][j].get_or_init(|| join(&j_.own[i][j], &j_.shared[j]))
    }
}

/// A seat's own object with the members of `common` (an object) after
/// its own.
fn join(own: &str, common: &str) -> Arc<String> {
    let members = common
        .strip_prefix('{')
        .and_then(|c| c.strip_suffix('}'))
        .filter(|c| !c.is_empty());
    let (Some(open), Some(common)) = (own.strip_suffix('}'), members) else {
        return Arc::new(own.to_string());
    };
    let mut out = String::with_capacity(own.len() + common.len() + 1);
    out.push_str(open);
    if open.len() > 1 {
        out.push(',');
    }
    out.push_str(common);
    out.push('}');
    Arc::new(out)
}

/// The three capability links of a sharing session: whoever holds one sees
/// that seat's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Links {
    pub a: String,
    pub b: String,
    pub table: String,
}

impl Links {
    pub fn get(&self, seat: Seat) -> &str {
        match seat {
            Seat::A => &self.a,
            Seat::B => &self.b,
            Seat::Table => &self.table,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the server: {0}")]
    Start(std::io::Error),
    #[error("the system's random source failed: {0}")]
    Random(String),
    /// Issue 37: a page cannot listen for phones.
    #[error(
        "a web page cannot share the table: phones are shared from the desktop app or `impia game serve`, which can listen on the local network"
    )]
    NotInBrowser,
}

/// A running share: the server thread, its links, and the channel the
/// owner publishes on. Dropping it (or [`Share::stop`]) stops the server;
/// its links die with it.
#[cfg(not(target_arch = "wasm32"))]
pub struct Share {
    addr: SocketAddr,
    links: Links,
    /// Seat A's, seat B's and the table's tokens (issue 35: kept to resume).
    tokens: [String; 3],
    hub: Arc<http::Hub>,
    requests: Mutex<mpsc::Receiver<Request>>,
    tx: tokio::sync::watch::Sender<Arc<State>>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Share {
    /// Listen on `bind` (port 0: any free port) with fresh tokens and
    /// `first` as the current state; `lang` is the page's language when a
    /// request does not ask for one.
    pub fn start(bind: SocketAddr, first: State, lang: Lang) -> Result<Share, ServeError> {
        let tokens = [new_token()?, new_token()?, new_token()?];
        Share::start_with(bind, tokens, first, lang)
    }

    /// Issue 35: come back as `saved` was, on its address and port with its
    /// tokens: the phones' links work again. (Its approvals are the
    /// owner's to restore: [`Seats::restore`].) A taken port is an error;
    /// the caller offers a fresh share.
    pub fn resume(saved: &resume::Saved, first: State, lang: Lang) -> Result<Share, ServeError> {
        Share::start_with(saved.addr, saved.tokens.clone(), first, lang)
    }

    /// What to keep to resume this share later, with the seats allowed now.
    pub fn saved(&self, allowed: [bool; 2]) -> resume::Saved {
        resume::Saved {
            addr: self.addr,
            tokens: self.tokens.clone(),
            allowed,
        }
    }

    fn start_with(
        bind: SocketAddr,
        tokens: [String; 3],
        first: State,
        lang: Lang,
    ) -> Result<Share, ServeError> {
        // Bind here, on the caller's thread, so a taken port is the caller's error.
        let std_listener = std::net::TcpListener::bind(bind)
            .map_err(|source| ServeError::Bind { addr: bind, source })?;
        std_listener
            .set_nonblocking(true)
            .map_err(ServeError::Start)?;
        let addr = std_listener.local_addr().map_err(ServeError::Start)?;
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(ServeError::Start)?;
        let (tx, rx) = tokio::sync::watch::channel(Arc::new(first));
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel();
        let seats = Seat::ALL
            .iter()
            .zip(tokens.iter())
            .map(|(s, t)| (t.clone(), *s))
            .collect();
        let (req_tx, req_rx) = mpsc::channel();
        let hub = Arc::new(http::Hub::new(seats, rx, lang, req_tx));
        let server_hub = hub.clone();
        let thread = std::thread::Builder::new()
            .name("impia-share".into())
            .spawn(move || {
                rt.block_on(async move {
                    match tokio::net::TcpListener::from_std(std_listener) {
                        Ok(l) => http::serve(l, server_hub, stop_rx).await,
                        Err(e) => eprintln!("impia: share: {e}"),
                    }
                });
                // Open connections (event streams) end with the runtime.
                rt.shutdown_timeout(std::time::Duration::from_millis(200));
            })
            .map_err(ServeError::Start)?;
        // Bound to every interface (only when asked for): the links carry
        // the local network's address, never 0.0.0.0.
        let host = if addr.ip().is_unspecified() {
            std::net::SocketAddr::new(
                net::default_ipv4()
                    .map(std::net::IpAddr::V4)
                    .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)),
                addr.port(),
            )
        } else {
            addr
        };
        let link = |t: &str| format!("http://{host}/t/{t}/");
        Ok(Share {
            addr,
            links: Links {
                a: link(&tokens[0]),
                b: link(&tokens[1]),
                table: link(&tokens[2]),
            },
            tokens,
            hub,
            requests: Mutex::new(req_rx),
            tx,
            shutdown: Some(stop_tx),
            thread: Some(thread),
        })
    }

    /// The address it listens on (the real port when started with port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn links(&self) -> &Links {
        &self.links
    }

    /// Make `state` the current one: every open event stream sends it, and
    /// `state` requests answer it. A stream that is behind skips to the
    /// newest (each state is whole; a page never needs the ones between).
    pub fn publish(&self, state: State) {
        self.tx.send_replace(Arc::new(state));
    }

    /// The index of the current state.
    pub fn index(&self) -> u64 {
        self.tx.borrow().index
    }

    /// Requests waiting for the owner, without blocking (the app, once a
    /// frame).
    pub fn take_requests(&self) -> Vec<Request> {
        let Ok(rx) = self.requests.lock() else {
            return Vec::new();
        };
        rx.try_iter().collect()
    }

    /// Wait up to `timeout` for the next request (the CLI's loop).
    pub fn next_request(&self, timeout: Duration) -> Option<Request> {
        let rx = self.requests.lock().ok()?;
        rx.recv_timeout(timeout).ok()
    }

    /// `f` is called on the server's thread whenever a request arrives or a
    /// page connects or disconnects (the app passes its repaint).
    pub fn set_waker(&self, f: impl Fn() + Send + Sync + 'static) {
        if let Ok(mut w) = self.hub.waker.lock() {
            *w = Some(Arc::new(f));
        }
    }

    /// How many event streams of `seat` are open now: its page is
    /// connected when this is above 0.
    pub fn connected(&self, seat: Seat) -> usize {
        self.hub.connected[seat.slot()].load(Ordering::SeqCst)
    }

    /// Kill a seat's token: its pages and requests get 404 from now on, its
    /// open event streams end.
    pub fn revoke(&self, seat: Seat) {
        self.hub.revoked.send_modify(|r| r[seat.slot()] = true);
    }

    /// Whether `seat`'s token was revoked.
    pub fn is_revoked(&self, seat: Seat) -> bool {
        self.hub.revoked.borrow()[seat.slot()]
    }

    /// Stop listening, close every connection and wait for the thread.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Share {
    fn drop(&mut self) {
        self.halt();
    }
}

/// 128 random bits from the OS, base64url without padding (22 characters).
#[cfg(not(target_arch = "wasm32"))]
fn new_token() -> Result<String, ServeError> {
    use base64::Engine;
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| ServeError::Random(e.to_string()))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b))
}
