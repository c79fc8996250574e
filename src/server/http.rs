//! The server's connections and routes: bounded and closed by design.
//!
//! Limits: one request per connection; who may hold a connection and for
//! how long in `conns` (head-less connections per client and in all, the
//! oldest closed for a new one, [`HEAD_TIMEOUT`], [`BODY_TIMEOUT`], event
//! streams per seat); an 8 KB request head, a few dozen headers, request
//! bodies refused over [`MAX_BODY`], at most [`MAX_WAITING`] requests of a
//! seat waiting for the owner. Nothing is read from disk: the one page is
//! compiled in. No CORS headers: a page from elsewhere cannot read the
//! answers.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};

use super::asks::{PostKind, ask_of};
use super::conns::{BODY_TIMEOUT, Doors, HEAD_TIMEOUT, Streams};
use super::{Seat, State};
use crate::core::text::Lang;

/// Requests of one seat sent to the owner and not yet answered (issue 32):
/// more get 429 at once, so nothing piles up however slow the owner is.
pub const MAX_WAITING: usize = 4;
/// The largest request body accepted (issue 26's actions are far smaller).
pub const MAX_BODY: u64 = 64 * 1024;
/// The longest request target accepted.
const MAX_URI: usize = 256;
/// Comments on an event stream so that proxies and phones keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Issue 35: a `beat` event on every stream this often, so a page knows
/// within seconds that the laptop stopped answering (a closed lid leaves
/// the connection open and silent; comments never reach the page's code).
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// How long a phone's request waits for the owner's answer: generous, it
/// only catches an owner gone (503); a seat waiting for the laptop's
/// "allow" waits within it.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(120);

const PAGE: &str = include_str!("page.html");
/// Issue 35: what a browser shows for a link that no longer works (an old
/// token, a stopped or renewed share), in both languages. The same bytes
/// for every unknown token: nothing tells one apart from another.
const GONE: &str = include_str!("gone.html");

type Waker = Arc<dyn Fn() + Send + Sync>;

pub(super) struct Hub {
    pub seats: HashMap<String, Seat>,
    pub latest: watch::Receiver<Arc<State>>,
    pub lang: Lang,
    /// To the owner: each phone's request.
    pub requests: mpsc::Sender<super::Request>,
    pub waker: Mutex<Option<Waker>>,
    /// Open event streams per seat.
    pub connected: [AtomicUsize; 3],
    /// Tokens killed (a refused seat, a seat stopped).
    pub revoked: watch::Sender<[bool; 3]>,
    /// Requests per seat sent to the owner and not yet answered.
    waiting: [Arc<AtomicUsize>; 3],
    /// Open event streams per seat, each with its end signal.
    streams: Mutex<Streams>,
    pub doors: Arc<Doors>,
}

/// A seat's place among its waiting requests, held by the [`super::Request`]
/// until it is answered or dropped.
#[derive(Debug)]
pub(super) struct Held(Arc<AtomicUsize>);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Hub {
    pub fn new(
        seats: HashMap<String, Seat>,
        latest: watch::Receiver<Arc<State>>,
        lang: Lang,
        requests: mpsc::Sender<super::Request>,
    ) -> Hub {
        Hub {
            seats,
            latest,
            lang,
            requests,
            waker: Mutex::new(None),
            connected: Default::default(),
            revoked: watch::Sender::new([false; 3]),
            waiting: Default::default(),
            streams: Mutex::new(Streams::default()),
            doors: Arc::new(Doors::default()),
        }
    }

    /// A place for one more of `seat`'s requests, if it has fewer than
    /// [`MAX_WAITING`] waiting.
    fn hold(&self, seat: Seat) -> Option<Held> {
        let c = &self.waiting[seat.slot()];
        if c.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            c.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Held(c.clone()))
    }

    /// Tell the owner something happened (a request, a page came or went).
    pub fn wake(&self) {
        let w = self.waker.lock().ok().and_then(|w| w.clone());
        if let Some(w) = w {
            w();
        }
    }

    fn is_revoked(&self, seat: Seat) -> bool {
        self.revoked.borrow()[seat.slot()]
    }
}

pub(super) async fn serve(listener: TcpListener, hub: Arc<Hub>, mut stop: oneshot::Receiver<()>) {
    let doors = hub.doors.clone();
    let app = Router::new().fallback(handle).with_state(hub);
    loop {
        tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => {
                let (sock, peer) = match accepted {
                    Ok(a) => a,
                    // Out of file descriptors and the like: wait, do not spin.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Some(ticket) = doors.admit(peer.ip()) else {
                    drop(sock);
                    continue;
                };
                let ticket = Arc::new(ticket);
                let inner = hyper_util::service::TowerToHyperService::new(app.clone());
                let t = ticket.clone();
                let svc = hyper::service::service_fn(move |req| {
                    t.started();
                    hyper::service::Service::call(&inner, req)
                });
                tokio::spawn(async move {
                    let _ = sock.set_nodelay(true);
                    let conn = hyper::server::conn::http1::Builder::new()
                        .timer(TokioTimer::new())
                        .header_read_timeout(HEAD_TIMEOUT)
                        .keep_alive(false)
                        .max_buf_size(8192)
                        .max_headers(32)
                        .serve_connection(TokioIo::new(sock), svc);
                    // Head-less past HEAD_TIMEOUT, or closed to make room:
                    // dropped, which closes the socket.
                    let late = async {
                        tokio::time::sleep(HEAD_TIMEOUT).await;
                        if ticket.is_started() {
                            std::future::pending::<()>().await;
                        }
                    };
                    tokio::select! {
                        _ = conn => {}
                        _ = ticket.kicked.notified() => {}
                        _ = late => {}
                    }
                });
                // Let the new connection read its head before the next
                // accept: a phone's head, sent at once, is read before a
                // flood's newer connections could make it the oldest.
                tokio::task::yield_now().await;
            }
        }
    }
}

fn bare(status: StatusCode) -> Response {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = status;
    r
}

/// Issue 35: the small page of a link that no longer works (404).
fn gone_page() -> Response {
    let mut r =
        closed(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], GONE).into_response());
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

/// 405 with the methods the route takes (RFC 9110 asks for `Allow`).
fn not_allowed(allow: &'static str) -> Response {
    let mut r = bare(StatusCode::METHOD_NOT_ALLOWED);
    r.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    r
}

/// Headers every answer with content carries: never cached (the links are
/// keys), never sniffed, no referrer, nothing loaded from elsewhere.
fn closed(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; connect-src 'self'; style-src 'unsafe-inline'; \
             script-src 'unsafe-inline'; img-src data:; media-src data:; base-uri 'none'; form-action 'none'; \
             frame-ancestors 'none'",
        ),
    );
    r
}

fn lang_of(query: Option<&str>, default: Lang) -> Lang {
    query
        .unwrap_or("")
        .split('&')
        .find_map(|kv| match kv {
            "lang=es" => Some(Lang::Es),
            "lang=en" => Some(Lang::En),
            _ => None,
        })
        .unwrap_or(default)
}

async fn handle(
    axum::extract::State(hub): axum::extract::State<Arc<Hub>>,
    req: Request,
) -> Response {
    let uri = req.uri();
    if uri.to_string().len() > MAX_URI {
        return bare(StatusCode::URI_TOO_LONG);
    }
    let too_big = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > MAX_BODY);
    if too_big || req.headers().contains_key(header::TRANSFER_ENCODING) {
        // Chunked bodies have no length to check up front: refused alike.
        return bare(StatusCode::PAYLOAD_TOO_LARGE);
    }
    let Some(rest) = uri.path().strip_prefix("/t/") else {
        return bare(StatusCode::NOT_FOUND);
    };
    let (token, tail) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let seat = match hub.seats.get(token) {
        Some(&seat) if !hub.is_revoked(seat) => seat,
        // A person who opens a dead link reads why; scripts, the page's
        // own requests and POSTs get the bare 404 as before.
        _ if !token.is_empty()
            && (tail.is_empty() || tail == "/")
            && req.method() == Method::GET =>
        {
            return gone_page();
        }
        _ => return bare(StatusCode::NOT_FOUND),
    };
    let lang = lang_of(uri.query(), hub.lang);
    if req.method() == Method::POST {
        let Some(kind) = PostKind::of(tail) else {
            // The read-only routes take GET only.
            return match tail {
                "" | "/" | "/state" | "/events" | "/report" => not_allowed("GET, HEAD"),
                _ => bare(StatusCode::NOT_FOUND),
            };
        };
        return closed(post(&hub, seat, lang, kind, req).await);
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return match PostKind::of(tail) {
            Some(_) => not_allowed("POST"),
            None => not_allowed("GET, HEAD"),
        };
    }
    match tail {
        // The page's links are relative: it must be served from the folder.
        "" => {
            let mut r = bare(StatusCode::PERMANENT_REDIRECT);
            if let Ok(v) = HeaderValue::from_str(&format!("/t/{token}/")) {
                r.headers_mut().insert(header::LOCATION, v);
            }
            r
        }
        "/" => closed(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE).into_response()),
        "/state" => {
            let s = hub.latest.borrow().clone();
            closed(
                (
                    [(header::CONTENT_TYPE, "application/json")],
                    s.json(seat, lang).to_string(),
                )
                    .into_response(),
            )
        }
        "/events" => closed(events(&hub, seat, lang).into_response()),
        // Issue 32: an ended game's report, built once by the owner, sent
        // to the page that shows it (never inside each state).
        "/report" => {
            let s = hub.latest.borrow().clone();
            match s.report(lang) {
                Some(text) => closed(
                    (
                        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                        text.to_string(),
                    )
                        .into_response(),
                ),
                None => closed(bare(StatusCode::NOT_FOUND)),
            }
        }
        "/act" | "/undo" | "/price" | "/targets" | "/confirm" | "/answer" | "/after" => {
            not_allowed("POST")
        }
        _ => bare(StatusCode::NOT_FOUND),
    }
}

/// An open event stream of a seat: counted while it lives, so the owner
/// knows which phones are connected, and among the seat's streams (its
/// oldest ends for a new one past `MAX_STREAMS_PER_SEAT`).
struct Open {
    hub: Arc<Hub>,
    slot: usize,
    id: u64,
    ended: Arc<tokio::sync::Notify>,
}

impl Open {
    fn new(hub: &Arc<Hub>, seat: Seat) -> Open {
        let slot = seat.slot();
        let (id, ended) = match hub.streams.lock() {
            Ok(mut s) => s.open(slot),
            // Poisoned (a panic elsewhere): a stream that nothing ends early.
            Err(_) => (u64::MAX, Arc::new(tokio::sync::Notify::new())),
        };
        hub.connected[slot].fetch_add(1, Ordering::SeqCst);
        hub.wake();
        Open {
            hub: hub.clone(),
            slot,
            id,
            ended,
        }
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        if let Ok(mut s) = self.hub.streams.lock() {
            s.close(self.slot, self.id);
        }
        self.hub.connected[self.slot].fetch_sub(1, Ordering::SeqCst);
        self.hub.wake();
    }
}

/// The event stream: the current state at once, then each new one (a slow
/// reader skips to the newest); it ends when the share stops or the seat's
/// token is revoked.
fn events(
    hub: &Arc<Hub>,
    seat: Seat,
    lang: Lang,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>> + use<>> {
    let mut rx = hub.latest.clone();
    rx.mark_changed();
    let revoked = hub.revoked.subscribe();
    let open = Open::new(hub, seat);
    let slot = seat.slot();
    let mut beat = tokio::time::interval(HEARTBEAT);
    // A stream behind (a phone on a slow link) skips beats, never bursts.
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let stream = futures_util::stream::unfold(
        (rx, revoked, open, beat),
        move |(mut rx, mut revoked, open, mut beat)| async move {
            loop {
                if revoked.borrow_and_update()[slot] {
                    return None;
                }
                let ended = open.ended.clone();
                tokio::select! {
                    // The state first when both are ready: a beat never
                    // delays a change.
                    biased;
                    r = rx.changed() => { r.ok()?; break; }
                    r = revoked.changed() => { r.ok()?; }
                    // A newer stream of the seat took its place.
                    _ = ended.notified() => return None,
                    _ = beat.tick() => {
                        let index = rx.borrow().index;
                        let ev = Event::default().event("beat").data(index.to_string());
                        return Some((Ok(ev), (rx, revoked, open, beat)));
                    }
                }
            }
            let s = rx.borrow_and_update().clone();
            // Issue 35: a lost stream is tried again after a second, not
            // the browser's default three.
            let ev = Event::default()
                .id(s.index.to_string())
                .retry(Duration::from_secs(1))
                .data(s.json(seat, lang));
            Some((Ok(ev), (rx, revoked, open, beat)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}

fn json_answer(status: StatusCode, body: &serde_json::Value) -> Response {
    let mut r = (
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response();
    *r.status_mut() = status;
    r
}

fn error(status: StatusCode, text: String) -> Response {
    json_answer(status, &serde_json::json!({ "error": text }))
}

/// A phone's POST: its body read and understood here, then answered by the
/// game's owner (who alone holds the game), waited for within
/// [`REPLY_TIMEOUT`].
async fn post(hub: &Arc<Hub>, seat: Seat, l: Lang, kind: PostKind, req: Request) -> Response {
    // Its place first, before the body is read: a seat's flood is refused
    // without reading or keeping anything (issue 32).
    let Some(held) = hub.hold(seat) else {
        return json_answer(
            StatusCode::TOO_MANY_REQUESTS,
            &super::seats::already_waiting_body(l),
        );
    };
    let read = axum::body::to_bytes(req.into_body(), MAX_BODY as usize);
    let body = match tokio::time::timeout(BODY_TIMEOUT, read).await {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => return bare(StatusCode::PAYLOAD_TOO_LARGE),
        Err(_) => {
            return error(
                StatusCode::REQUEST_TIMEOUT,
                l.pick(
                    "el cuerpo de la petición no llegó a tiempo",
                    "the request's body did not come in time",
                )
                .to_string(),
            );
        }
    };
    let ask = match ask_of(kind, &body, l) {
        Ok(a) => a,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    let gone = || {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            l.pick(
                "el ordenador de la partida no responde",
                "the game's computer does not answer",
            )
            .to_string(),
        )
    };
    let (request, answer) = super::Request::new(seat, ask, l, held);
    if hub.requests.send(request).is_err() {
        return gone();
    }
    hub.wake();
    match tokio::time::timeout(REPLY_TIMEOUT, answer).await {
        Ok(Ok(answer)) => {
            let status =
                StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            if answer.body.is_null() && answer.state.is_none() {
                bare(status)
            } else {
                let mut r =
                    ([(header::CONTENT_TYPE, "application/json")], answer.text()).into_response();
                *r.status_mut() = status;
                r
            }
        }
        Ok(Err(_)) | Err(_) => gone(),
    }
}
