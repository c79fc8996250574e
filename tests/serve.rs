//! Issue 25: the table on every phone. The server on 127.0.0.1 only: each
//! link's state is the game's `status --json` and `offers --json`; unknown
//! and stopped tokens get a 404 (a small page of words for a person opening one); a published change reaches an open
//! stream with the next index; a dropped stream reconnects to the current
//! state; oversized requests are refused; the server stops cleanly.

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::process::{Command, Stdio};

use crate::serve_support::{Events, get, raw, split_link};
use impia::core::text::Lang;
use impia::server::{Seat, Share, State};
use serde_json::{Value, json};

const LOOPBACK: &str = "127.0.0.1:0";

fn state(index: u64) -> State {
    State::new(
        index,
        |seat, l| json!({"status": {"n": index, "who": seat.id()}, "offers": {"lang": l.code()}}),
    )
}

fn start() -> Share {
    let bind: SocketAddr = LOOPBACK.parse().expect("addr");
    Share::start(bind, state(1), Lang::Es).expect("the server starts on loopback")
}

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_impia")
}

fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(exe()).args(args).output().expect("run impia");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON out")
}

#[test]
fn serve_links_show_what_status_and_offers_json_print_and_follow_stdin_actions() {
    let dir = tempfile::tempdir().expect("tmp");
    let game = dir.path().join("g.json");
    let g = game.to_str().expect("utf-8 path");
    let st = Command::new(exe())
        .args([
            "game",
            "new",
            "--a",
            "rosters/circulo-de-la-ceniza.yaml",
            "--b",
        ])
        .args([
            "rosters/guardia-del-paso.yaml",
            "--player-a",
            "Ana",
            "--player-b",
            "Bruno",
        ])
        .args(["--seed", "7", "-o", g])
        .output()
        .expect("game new");
    assert!(st.status.success());
    let mut child = Command::new(exe())
        .args(["game", "serve", g, "--bind", "127.0.0.1", "--port", "0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("game serve");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut links = Vec::new();
    for want in ["A ", "B ", "table "] {
        let mut line = String::new();
        out.read_line(&mut line).expect("a link line");
        let link = line
            .trim()
            .strip_prefix(want)
            .unwrap_or_else(|| panic!("{want}… first: {line}"));
        assert!(
            link.starts_with("http://127.0.0.1:") && link.ends_with('/'),
            "{link}"
        );
        links.push(link.to_string());
    }
    let check = |index: u64| {
        let status = cli_json(&["game", "status", "--json", g]);
        let offers = cli_json(&["game", "offers", "--json", g]);
        for (link, seat) in links.iter().zip(["a", "b", "table"]) {
            let (addr, path) = split_link(link);
            let s = get(addr, &format!("{path}state")).json();
            assert_eq!(s["seat"], seat);
            assert_eq!(s["index"], index);
            assert_eq!(
                s["status"], status,
                "{seat}: status as `game status --json`"
            );
            assert_eq!(
                s["offers"], offers,
                "{seat}: offers as `game offers --json`"
            );
        }
    };
    check(1);
    let (addr, path) = split_link(&links[0]);
    let mut ev = Events::open(addr, &format!("{path}events"));
    assert_eq!(ev.next_json().expect("the current state first")["index"], 1);
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, r#"{{"action": "start_turn"}}"#).expect("an action line");
    stdin.flush().expect("flush");
    // The same state may come again first (issue 26: a page connected is
    // published at the same index); then the change.
    let next = (0..10)
        .map(|_| ev.next_json().expect("the change arrives"))
        .find(|v| v["index"] != 1)
        .expect("the change arrives");
    assert_eq!(next["index"], 2);
    assert_eq!(next["status"]["turn"], 1, "the turn started");
    // The CLI prints the index once it has published; then status agrees.
    let mut line = String::new();
    while !line.starts_with("2:") {
        line.clear();
        assert!(
            out.read_line(&mut line).expect("stdout") > 0,
            "serve ended early"
        );
    }
    check(2);
    drop(stdin);
    let code = child.wait().expect("serve ends at the end of stdin");
    assert!(code.success());
    assert_eq!(ev.next(), None, "the stream ends when the server stops");
}

#[test]
fn unknown_tokens_get_a_404_and_the_links_work() {
    let share = start();
    let addr = share.addr();
    // Issue 35: a person opening a dead link reads why, in the page's
    // own words; the same bytes for every unknown token.
    for path in ["/t/nope/", "/t/AAAAAAAAAAAAAAAAAAAAAA/"] {
        let r = get(addr, path);
        assert_eq!(r.status, 404, "{path}");
        assert!(r.text().contains("This link no longer works"), "{path}");
        assert!(r.text().contains("Este enlace ya no funciona"), "{path}");
        assert_eq!(r.body, get(addr, "/t/nope/").body);
    }
    for path in [
        "/",
        "/t/",
        "/t/nope/state",
        "/state",
        "/t/../etc/passwd",
        "/favicon.ico",
    ] {
        let r = get(addr, path);
        assert_eq!(r.status, 404, "{path}");
        assert!(r.body.is_empty(), "{path}: a bare 404");
    }
    for seat in Seat::ALL {
        let (a, path) = split_link(share.links().get(seat));
        assert_eq!(a, addr);
        let token = path.trim_start_matches("/t/").trim_end_matches('/');
        assert_eq!(token.len(), 22, "128 bits in base64url");
        let page = get(addr, &path);
        assert_eq!(page.status, 200);
        assert!(
            page.header("content-type")
                .is_some_and(|v| v.starts_with("text/html"))
        );
        assert!(page.text().contains("EventSource"));
        assert!(
            page.header("access-control-allow-origin").is_none(),
            "no CORS"
        );
        assert!(page.header("content-security-policy").is_some());
        let s = get(addr, &format!("{path}state")).json();
        assert_eq!(s["seat"], seat.id());
        assert_eq!(s["status"]["who"], seat.id());
        assert_eq!(s["lang"], "es");
        assert_eq!(
            get(addr, &format!("{path}state?lang=en")).json()["offers"]["lang"],
            "en"
        );
        // Without the slash, the page's relative links would miss: redirected.
        let r = get(addr, path.trim_end_matches('/'));
        assert_eq!(r.status, 308);
        assert_eq!(r.header("location").as_deref(), Some(path.as_str()));
        assert_eq!(get(addr, &format!("{path}nothing")).status, 404);
    }
    let tokens: std::collections::HashSet<&str> =
        Seat::ALL.iter().map(|s| share.links().get(*s)).collect();
    assert_eq!(tokens.len(), 3, "three different links");
    share.stop();
}

#[test]
fn stopped_tokens_die_and_a_new_share_has_new_ones() {
    let share = start();
    let addr = share.addr();
    let old = split_link(&share.links().a).1;
    assert_eq!(get(addr, &format!("{old}state")).status, 200);
    share.stop();
    // Nothing listens any more.
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "stopped means closed"
    );
    // Sharing again on the same port: the old link is a stranger.
    let again = Share::start(addr, state(1), Lang::Es).expect("the port is free again");
    assert_eq!(get(addr, &format!("{old}state")).status, 404);
    let new = split_link(&again.links().a).1;
    assert_ne!(new, old);
    assert_eq!(get(addr, &format!("{new}state")).status, 200);
    again.stop();
}

#[test]
fn a_published_change_reaches_an_open_stream_with_the_next_index() {
    let share = start();
    let (addr, path) = split_link(&share.links().b);
    let mut ev = Events::open(addr, &format!("{path}events?lang=en"));
    assert!(
        ev.head
            .to_ascii_lowercase()
            .contains("content-type: text/event-stream"),
        "{}",
        ev.head
    );
    let first = ev.next_json().expect("the current state on connect");
    assert_eq!(first["index"], 1);
    assert_eq!(first["seat"], "b");
    assert_eq!(first["lang"], "en");
    share.publish(state(2));
    let second = ev.next_json().expect("the change");
    assert_eq!(second["index"], 2);
    assert_eq!(second["status"]["n"], 2);
    share.publish(state(3));
    assert_eq!(ev.next_json().expect("and the next")["index"], 3);
    assert_eq!(share.index(), 3);
    share.stop();
}

#[test]
fn a_dropped_stream_reconnects_to_the_current_state() {
    let share = start();
    let (addr, path) = split_link(&share.links().table);
    let events = format!("{path}events");
    let mut ev = Events::open(addr, &events);
    assert_eq!(ev.next_json().expect("first")["index"], 1);
    drop(ev);
    // Changes while the phone slept.
    share.publish(state(2));
    share.publish(state(3));
    let mut ev = Events::open(addr, &events);
    let now = ev.next_json().expect("the current state at once");
    assert_eq!(now["index"], 3, "never a stale state after a reconnect");
    assert_eq!(get(addr, &format!("{path}state")).json()["index"], 3);
    share.stop();
}

#[test]
fn oversized_and_other_requests_are_refused() {
    let share = start();
    let (addr, path) = split_link(&share.links().a);
    // A head larger than the server keeps: refused (431) or cut off.
    let big = format!(
        "GET {path}state HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(20_000)
    );
    let r = raw(addr, big.as_bytes());
    assert_ne!(r.status, 200, "an oversized head gets no state");
    assert!(
        r.status == 0 || r.status == 431 || r.status == 400,
        "{}",
        r.status
    );
    // Too many headers.
    let many: String = (0..100).map(|i| format!("X-H{i}: 1\r\n")).collect();
    let r = raw(
        addr,
        format!("GET {path}state HTTP/1.1\r\nHost: x\r\n{many}Connection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_ne!(r.status, 200);
    // A body over 64 KB announced: refused before reading it.
    let r = raw(
        addr,
        format!("GET {path}state HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n").as_bytes(),
    );
    assert_eq!(r.status, 413);
    // A long request target.
    let r = get(addr, &format!("{path}state?{}", "x".repeat(2000)));
    assert_eq!(r.status, 414);
    // The read-only routes take no other method (issue 26 acts on its own routes).
    let r = raw(addr, format!("POST {path}state HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}").as_bytes());
    assert_eq!(r.status, 405);
    // And the server still answers.
    assert_eq!(get(addr, &format!("{path}state")).status, 200);
    share.stop();
}

#[test]
fn idle_connections_past_the_per_client_cap_close_oldest_first_and_a_request_gets_in() {
    use std::io::Read;
    let share = start();
    let (addr, path) = split_link(&share.links().a);
    let cap = impia::server::MAX_PER_CLIENT;
    // More idle connections from one client than it may hold (issue 32:
    // before, 32 of them kept everyone out).
    let mut held: Vec<std::net::TcpStream> = (0..cap + 8)
        .map(|_| std::net::TcpStream::connect(addr).expect("connect"))
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(200));
    // A request still gets in: the oldest idle connection makes room.
    assert_eq!(get(addr, &format!("{path}state")).status, 200);
    let closed = |s: &mut std::net::TcpStream, wait: u64| {
        s.set_read_timeout(Some(std::time::Duration::from_millis(wait)))
            .expect("timeout");
        matches!(s.read(&mut [0u8; 8]), Ok(0))
    };
    for (i, s) in held.iter_mut().enumerate() {
        if i <= 8 {
            assert!(closed(s, 2000), "connection {i}, among the oldest, closed");
        } else {
            assert!(!closed(s, 100), "connection {i}, among the newest, open");
        }
    }
    share.stop();
}

#[test]
fn the_server_stops_cleanly_with_streams_open() {
    let share = start();
    let (addr, path) = split_link(&share.links().a);
    let mut streams: Vec<Events> = (0..5)
        .map(|_| Events::open(addr, &format!("{path}events")))
        .collect();
    for s in &mut streams {
        assert_eq!(s.next_json().expect("first")["index"], 1);
    }
    share.stop();
    for s in &mut streams {
        assert_eq!(s.next(), None, "each open stream ends");
    }
    assert!(std::net::TcpStream::connect(addr).is_err());
}

#[test]
fn qr_codes_carry_the_link_in_blocks_two_rows_a_line() {
    let link = "http://127.0.0.1:40000/t/AAAAAAAAAAAAAAAAAAAAAA/";
    let m = impia::server::qr::Modules::of(link).expect("a link fits a QR code");
    assert!(
        m.width >= 21 && (m.width - 21).is_multiple_of(4),
        "a QR version's width: {}",
        m.width
    );
    assert_eq!(m.dark.len(), m.width * m.width);
    // The finder pattern's corner is dark; outside the code is light.
    assert!(m.is_dark(0, 0) && !m.is_dark(m.width, 0));
    let blocks = m.to_blocks();
    let lines: Vec<&str> = blocks.lines().collect();
    assert_eq!(
        lines.len(),
        (m.width + 4).div_ceil(2),
        "two module rows per line, quiet zone of 2"
    );
    assert!(lines.iter().all(|l| l.chars().count() == m.width + 4));
}

#[test]
fn addresses_are_listed_local_network_first_and_loopback_last() {
    let all = impia::server::net::ipv4_addresses();
    let mut seen = std::collections::HashSet::new();
    assert!(all.iter().all(|a| seen.insert(a.ip)), "each address once");
    if let Some(i) = all.iter().position(|a| a.ip.is_loopback()) {
        assert!(
            all[i..].iter().all(|a| a.ip.is_loopback()),
            "loopback last: {all:?}"
        );
    }
    if let Some(ip) = impia::server::net::default_ipv4() {
        assert!(!ip.is_loopback() && !ip.is_unspecified(), "{ip}");
    }
}

#[test]
fn serve_refuses_a_game_another_writer_holds() {
    let dir = tempfile::tempdir().expect("tmp");
    let game = dir.path().join("g.json");
    let g = game.to_str().expect("utf-8 path");
    let new = Command::new(exe())
        .args([
            "game",
            "new",
            "--a",
            "rosters/circulo-de-la-ceniza.yaml",
            "--b",
        ])
        .args(["rosters/guardia-del-paso.yaml", "-o", g])
        .output()
        .expect("game new");
    assert!(new.status.success());
    let mut first = Command::new(exe())
        .args(["game", "serve", g, "--bind", "127.0.0.1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve");
    let mut line = String::new();
    // Kept open: a closed pipe would end the first server at its next line.
    let mut first_out = BufReader::new(first.stdout.take().expect("stdout"));
    first_out.read_line(&mut line).expect("the first link");
    assert!(line.starts_with("A http://127.0.0.1:"), "{line}");
    let second = Command::new(exe())
        .args(["game", "serve", g, "--bind", "127.0.0.1"])
        .stdin(Stdio::null())
        .output()
        .expect("a second serve");
    assert_eq!(second.status.code(), Some(75), "one writer at a time: busy");
    assert!(String::from_utf8_lossy(&second.stderr).contains("open for writing"));
    drop(first.stdin.take());
    assert!(first.wait().expect("ends").success());
    drop(first_out);
}
