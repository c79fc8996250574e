//! Issue 32, floods against the phone server on 127.0.0.1 (slow: each
//! runs for seconds): a seat not yet allowed posting 64 KB bodies leaves
//! `game serve`'s memory flat; a phone gets through 40 slow clients and 40
//! open event streams; a head or a body that never comes is closed within
//! seconds. Bounded in count and time; loopback only.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game_support::{rules, setup};
use crate::serve_support::cli::{Serve, new_game};
use crate::serve_support::table::Table;
use crate::serve_support::{get, split_link};
use impia::core::game::Host;
use impia::server::{BODY_TIMEOUT, HEAD_TIMEOUT, Seats};

fn connect(addr: SocketAddr) -> Option<TcpStream> {
    assert!(addr.ip().is_loopback(), "tests only talk to loopback");
    let s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    s.set_write_timeout(Some(Duration::from_secs(5))).ok()?;
    Some(s)
}

#[test]
fn memory_stays_flat_under_a_flood_from_a_seat_not_yet_allowed() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    // Nobody answers the laptop's question: seat A stays "asking".
    let s = Serve::start(&g, &[]);
    let (addr, path) = split_link(&s.links[0]);
    let note = "n".repeat(60 * 1024);
    let body = format!(r#"{{"index": 1, "action": {{"action": "note", "text": "{note}"}}}}"#);
    let request = format!(
        "POST {path}act HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    // Each post is sent whole and its connection closed without waiting
    // for the answer, as a flood does.
    let flood = |n: usize| {
        for _ in 0..n {
            if let Some(mut c) = connect(addr) {
                let _ = c.write_all(request.as_bytes());
                let _ = c.shutdown(std::net::Shutdown::Write);
                // A few bytes of the answer when it comes at once (429).
                let mut b = [0u8; 16];
                c.set_read_timeout(Some(Duration::from_millis(20))).ok();
                let _ = c.read(&mut b);
            }
        }
    };
    flood(200);
    std::thread::sleep(Duration::from_millis(300));
    let before = s.rss_kib();
    // 2,000 × 60 KB: 120 MB kept if the requests pile up.
    flood(2000);
    std::thread::sleep(Duration::from_millis(300));
    let after = s.rss_kib();
    let grew = after.saturating_sub(before);
    eprintln!("game serve RSS under 2,000 posts of 60 KB: {before} KiB → {after} KiB");
    assert!(grew < 24 * 1024, "grew {grew} KiB: {before} → {after}");
    // Still answering.
    assert_eq!(get(addr, &format!("{path}state")).status, 200);
}

/// A client that never finishes its request head: a few bytes, then one
/// more now and then; reconnects when closed. Stops on `stop` or after
/// `max` connections.
fn slow_client(addr: SocketAddr, stop: Arc<AtomicBool>, max: usize) {
    for _ in 0..max {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let Some(mut c) = connect(addr) else {
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        let _ = c.write_all(b"GET /t/");
        c.set_read_timeout(Some(Duration::from_millis(200))).ok();
        while !stop.load(Ordering::SeqCst) {
            if c.write_all(b"a").is_err() {
                break;
            }
            let mut b = [0u8; 64];
            match c.read(&mut b) {
                // Closed by the server: connect again.
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => break,
            }
        }
        // A little while before the next, as a real flood paces itself.
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A page of the table's (leaked) link holding its event stream open;
/// opens another, a little later, when its stream is ended.
fn open_stream(addr: SocketAddr, path: String, stop: Arc<AtomicBool>, max: usize) {
    for _ in 0..max {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        if let Some(mut c) = connect(addr) {
            let head =
                format!("GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n");
            let _ = c.write_all(head.as_bytes());
            c.set_read_timeout(Some(Duration::from_millis(200))).ok();
            let mut b = [0u8; 4096];
            while !stop.load(Ordering::SeqCst) {
                match c.read(&mut b) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                    Err(_) => break,
                }
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The phone's page opens its event stream: whether its first event, the
/// seat's state, comes (a closed or reset connection: no).
fn phone_stream(addr: SocketAddr, path: &str) -> bool {
    let Some(mut c) = connect(addr) else {
        return false;
    };
    let head = format!("GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n");
    if c.write_all(head.as_bytes()).is_err() {
        return false;
    }
    let mut got = Vec::new();
    let mut b = [0u8; 4096];
    // The first event is the whole state: read until its seat is seen.
    while got.len() < 1 << 20 {
        match c.read(&mut b) {
            Ok(0) | Err(_) => return false,
            Ok(n) => got.extend_from_slice(&b[..n]),
        }
        if String::from_utf8_lossy(&got).contains(r#""seat":"a""#) {
            return true;
        }
    }
    false
}

#[test]
fn a_phone_gets_through_40_slow_clients_and_40_open_streams() {
    let t = Table::new(Host::new(setup(7), &rules()), Seats::allow_all);
    let (addr, table) = split_link(&t.share.links().table);
    let (_, phone) = split_link(&t.share.links().a);
    let stop = Arc::new(AtomicBool::new(false));
    let mut crowd = Vec::new();
    for _ in 0..40 {
        let st = stop.clone();
        crowd.push(std::thread::spawn(move || slow_client(addr, st, 500)));
        let (st, p) = (stop.clone(), format!("{table}events"));
        crowd.push(std::thread::spawn(move || open_stream(addr, p, st, 200)));
    }
    // Let the crowd take its places.
    std::thread::sleep(Duration::from_millis(1500));
    let tries = 200;
    let mut ok = 0;
    let start = Instant::now();
    for i in 0..tries {
        let good = if i % 4 == 3 {
            // The phone's page opening its stream.
            phone_stream(addr, &format!("{phone}events"))
        } else {
            let r = get(addr, &format!("{phone}state"));
            r.status == 200 && r.json()["seat"] == "a"
        };
        ok += usize::from(good);
        std::thread::sleep(Duration::from_millis(10));
    }
    let took = start.elapsed();
    stop.store(true, Ordering::SeqCst);
    for c in crowd {
        let _ = c.join();
    }
    eprintln!(
        "a phone among 40 slow clients and 40 streams: {ok} of {tries} requests answered ({took:?})"
    );
    assert!(ok * 100 >= tries * 99, "{ok} of {tries}");
}

#[test]
fn a_head_or_a_body_that_never_comes_is_closed_within_seconds() {
    let t = Table::new(Host::new(setup(7), &rules()), Seats::allow_all);
    let (addr, path) = split_link(&t.share.links().a);
    let closed_after = |first: String| {
        move || {
            let mut c = connect(addr).expect("connect");
            c.set_read_timeout(Some(Duration::from_secs(30))).ok();
            let start = Instant::now();
            c.write_all(first.as_bytes()).expect("send");
            let mut answer = Vec::new();
            let _ = c.read_to_end(&mut answer);
            (
                start.elapsed(),
                String::from_utf8_lossy(&answer).into_owned(),
            )
        }
    };
    // Nothing at all; half a head; a head whose body never comes.
    let cases = [
        String::new(),
        format!("GET {path}state HTTP/1.1\r\nHost: x\r\n"),
        format!(
            "POST {path}act HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n{{\"index\": 1"
        ),
    ];
    let waits: Vec<_> = cases
        .into_iter()
        .map(|c| std::thread::spawn(closed_after(c)))
        .collect();
    let limit = HEAD_TIMEOUT.max(BODY_TIMEOUT) + Duration::from_secs(3);
    for (i, w) in waits.into_iter().enumerate() {
        let (took, answer) = w.join().expect("the client");
        assert!(took < limit, "case {i}: held {took:?}");
        if i == 2 {
            assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        }
    }
    assert_eq!(get(addr, &format!("{path}state")).status, 200);
}
