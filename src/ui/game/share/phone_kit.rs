//! What the share's tests use: a phone posting to the shared game on
//! 127.0.0.1 on its own thread, and frames drawn until the view shows it.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use egui_kittest::Harness;

use crate::ui::ImpiaApp;

/// Only catches a hang; never times a loaded machine.
pub const HANG: Duration = Duration::from_secs(60);

/// A phone: POST `body` to `route` of the seat's `link`, on its own
/// thread (only ever to 127.0.0.1); the HTTP status and the reply.
pub fn phone_posts(link: &str, route: &str, body: String) -> JoinHandle<(u16, String)> {
    let rest = link.strip_prefix("http://").expect("an http link");
    let i = rest.find('/').expect("a path");
    let addr: SocketAddr = rest[..i].parse().expect("IP:PORT");
    assert!(addr.ip().is_loopback(), "tests only talk to loopback");
    let path = format!("{}{route}", &rest[i..]);
    std::thread::spawn(move || {
        let mut s = TcpStream::connect_timeout(&addr, HANG).expect("connect");
        s.set_read_timeout(Some(HANG)).expect("timeout");
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        s.write_all(head.as_bytes()).expect("send");
        s.write_all(body.as_bytes()).expect("send");
        let mut out = String::new();
        let _ = s.read_to_string(&mut out);
        let status = out
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        (status, out)
    })
}

/// Draw frames, never clicking, until `done`: the phone's request
/// arrives on the server's thread whenever it does.
pub fn frames_until(
    h: &mut Harness<'static, ImpiaApp>,
    done: impl Fn(&Harness<'static, ImpiaApp>) -> bool,
) {
    let t0 = Instant::now();
    while !done(h) {
        assert!(t0.elapsed() < HANG, "the view never showed it");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run();
}
