//! The server's connections and routes: bounded and closed by design.
//!
//! Limits: at most [`MAX_CONNECTIONS`] open connections (more are closed at
//! once), an 8 KB request head, a few dozen headers, an idle connection
//! closed after [`IDLE`], request bodies refused over [`MAX_BODY`]. Nothing
//! is read from disk: the one page is compiled in. No CORS headers: a page
//! from elsewhere cannot read the answers.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, oneshot, watch};

use super::{Seat, State};
use crate::core::text::Lang;

/// Open connections at most: two phones, an onlooker's and a few reloads.
pub const MAX_CONNECTIONS: usize = 32;
/// A connection that sends no request head for this long is closed.
pub const IDLE: Duration = Duration::from_secs(20);
/// The largest request body accepted (issue 26's actions are far smaller).
pub const MAX_BODY: u64 = 64 * 1024;
/// The longest request target accepted.
const MAX_URI: usize = 256;
/// Comments on an event stream so that proxies and phones keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

const PAGE: &str = include_str!("page.html");

pub(super) struct Hub {
    pub seats: HashMap<String, Seat>,
    pub latest: watch::Receiver<Arc<State>>,
    pub lang: Lang,
}

pub(super) async fn serve(listener: TcpListener, hub: Arc<Hub>, mut stop: oneshot::Receiver<()>) {
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let app = Router::new().fallback(handle).with_state(hub);
    loop {
        tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => {
                let sock = match accepted {
                    Ok((sock, _)) => sock,
                    // Out of file descriptors and the like: wait, do not spin.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Ok(permit) = permits.clone().try_acquire_owned() else {
                    drop(sock);
                    continue;
                };
                let svc = hyper_util::service::TowerToHyperService::new(app.clone());
                tokio::spawn(async move {
                    let _permit = permit;
                    let _ = sock.set_nodelay(true);
                    let _ = hyper::server::conn::http1::Builder::new()
                        .timer(TokioTimer::new())
                        .header_read_timeout(IDLE)
                        .max_buf_size(8192)
                        .max_headers(32)
                        .serve_connection(TokioIo::new(sock), svc)
                        .await;
                });
            }
        }
    }
}

fn bare(status: StatusCode) -> Response {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = status;
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
             script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; \
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
    let Some(&seat) = hub.seats.get(token) else {
        return bare(StatusCode::NOT_FOUND);
    };
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return bare(StatusCode::METHOD_NOT_ALLOWED);
    }
    let lang = lang_of(uri.query(), hub.lang);
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
        _ => bare(StatusCode::NOT_FOUND),
    }
}

/// The event stream: the current state at once, then each new one (a slow
/// reader skips to the newest); it ends when the share stops.
fn events(
    hub: &Hub,
    seat: Seat,
    lang: Lang,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>> + use<>> {
    let mut rx = hub.latest.clone();
    rx.mark_changed();
    let stream = futures_util::stream::unfold(rx, move |mut rx| async move {
        rx.changed().await.ok()?;
        let s = rx.borrow_and_update().clone();
        let ev = Event::default()
            .id(s.index.to_string())
            .data(s.json(seat, lang));
        Some((Ok(ev), rx))
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}
