//! Issue 32, the phone server and the CLI's intake bounded, every stop
//! clean (through HTTP on 127.0.0.1 and the binary): one waiting request
//! per seat not yet allowed, duplicate JSON keys refused, `Allow` on 405,
//! event streams capped per seat, a `game act` batch refused at the line
//! that passes the file's limit, `game serve` taking stdin lines as they
//! come, going on after its stdout closes, and stopping cleanly on SIGINT
//! and SIGTERM. The floods and timeouts are in `serve_flood.rs` (slow).

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::serve_act::host;
use crate::serve_support::cli::{Serve, exe, new_game};
use crate::serve_support::table::{Table, ok};
use crate::serve_support::{Events, get, post, raw, split_link};
use impia::core::game::Host;
use impia::server::{MAX_STREAMS_PER_SEAT, Seat, Seats};
use serde_json::json;

#[test]
fn a_seat_not_yet_allowed_keeps_one_waiting_request_and_a_second_gets_429() {
    let t = Arc::new(Table::new(host(), |_| {}));
    let t2 = t.clone();
    let first = std::thread::spawn(move || {
        t2.post(
            Seat::A,
            "act",
            &json!({"index": 1, "action": {"action": "start_turn"}}),
        )
    });
    t.wait_asking(Seat::A);
    // The second and later requests are answered at once, in words.
    for lang in ["en", "es"] {
        let (addr, path) = split_link(&t.share.links().a);
        let r = post(
            addr,
            &format!("{path}act?lang={lang}"),
            &json!({"index": 1, "action": {"action": "note", "text": "again"}}).to_string(),
        );
        assert_eq!(r.status, 429, "{}", r.text());
        let words = r.json()["error"].as_str().unwrap_or_default().to_string();
        let want = if lang == "en" {
            "already waiting"
        } else {
            "ya espera"
        };
        assert!(words.contains(want), "{words}");
    }
    assert!(!first.is_finished(), "the first still waits for the laptop");
    let done = t.on_owner(|h, s, sh| s.allow(Seat::A, h, sh));
    assert_eq!(done.len(), 1, "only the first was kept and is answered");
    ok(&first.join().expect("the first poster"));
    assert_eq!(t.index(), 2);
}

#[test]
fn a_key_given_twice_in_a_body_is_refused_and_named() {
    let t = Table::new(host(), Seats::allow_all);
    let (addr, path) = split_link(&t.share.links().a);
    let bodies = [
        (
            "act",
            r#"{"index": 1, "index": 1, "action": {"action": "end_game"}}"#,
            "\"index\"",
        ),
        (
            "act",
            r#"{"index": 1, "action": {"action": "note", "text": "a", "text": "b"}}"#,
            "\"text\"",
        ),
        ("undo", r#"{"index": 1, "index": 2}"#, "\"index\""),
        ("confirm", r#"{"index": 1, "index": 1}"#, "\"index\""),
        (
            "price",
            r#"{"action": {"action": "end_turn"}, "action": {"action": "end_game"}}"#,
            "\"action\"",
        ),
    ];
    for (route, body, key) in bodies {
        let r = post(addr, &format!("{path}{route}"), body);
        assert_eq!(r.status, 400, "{route} {body}: {}", r.text());
        let e = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(e.contains("duplicate key") && e.contains(key), "{e}");
        let r = post(addr, &format!("{path}{route}?lang=es"), body);
        let e = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(e.contains("clave repetida") && e.contains(key), "{e}");
    }
    assert_eq!(t.index(), 1, "nothing was applied");
}

#[test]
fn answers_405_say_which_methods_the_route_takes() {
    let t = Table::new(host(), Seats::allow_all);
    let (addr, path) = split_link(&t.share.links().a);
    let send = |method: &str, route: &str| {
        raw(
            addr,
            format!(
                "{method} {path}{route} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
            )
            .as_bytes(),
        )
    };
    for (method, route, allow) in [
        ("POST", "state", "GET, HEAD"),
        ("POST", "events", "GET, HEAD"),
        ("POST", "", "GET, HEAD"),
        ("PUT", "state", "GET, HEAD"),
        ("DELETE", "", "GET, HEAD"),
        ("GET", "act", "POST"),
        ("PUT", "undo", "POST"),
        ("DELETE", "confirm", "POST"),
    ] {
        let r = send(method, route);
        assert_eq!(r.status, 405, "{method} {route}");
        assert_eq!(
            r.header("allow").as_deref(),
            Some(allow),
            "{method} {route}"
        );
    }
}

#[test]
fn event_streams_of_one_seat_are_capped_and_a_new_one_ends_the_oldest() {
    let t = Table::new(host(), Seats::allow_all);
    let (addr, table) = split_link(&t.share.links().table);
    let (_, a) = split_link(&t.share.links().a);
    let mut streams: Vec<Events> = (0..MAX_STREAMS_PER_SEAT + 3)
        .map(|_| {
            let mut e = Events::open(addr, &format!("{table}events"));
            assert_eq!(e.next_json().expect("the state at once")["index"], 1);
            e
        })
        .collect();
    // The three oldest ended; the newest are open and follow the game.
    for e in &mut streams[..3] {
        assert_eq!(e.next(), None, "the oldest streams end");
    }
    ok(&t.act(Seat::A, json!({"action": "note", "text": "x"})));
    for e in &mut streams[3..] {
        assert_eq!(e.next_json().expect("the new state")["index"], 2);
    }
    // Another seat's stream is counted apart: it opens and is served.
    let mut mine = Events::open(addr, &format!("{a}events"));
    assert_eq!(mine.next_json().expect("seat A's state")["index"], 2);
    assert_eq!(get(addr, &format!("{a}state")).status, 200);
    assert_eq!(t.share.connected(Seat::Table), MAX_STREAMS_PER_SEAT);
}

/// Lines of `{"action":"note"}` with a 16 KB text, as `yes` would send.
fn notes(n: usize) -> Vec<u8> {
    let line = format!(
        "{}\n",
        json!({"action": "note", "text": "n".repeat(16 * 1024)})
    );
    line.repeat(n).into_bytes()
}

#[test]
fn game_act_refuses_a_batch_at_the_line_that_passes_the_file_limit() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let before = std::fs::read(&g).expect("the game");
    // 32 MiB / 16 KiB: the limit falls near line 2,040; 3,000 are sent.
    let mut child = std::process::Command::new(exe())
        .args(["game", "act", &g, "--lang", "en"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("game act");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        // The command stops reading at the refused line: a closed pipe then.
        let _ = stdin.write_all(&notes(3000));
    });
    let out = child.wait_with_output().expect("game act ends");
    let _ = feeder.join();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let line: usize = err
        .strip_prefix("line ")
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the refused line is named: {err}"));
    assert!((1900..=2100).contains(&line), "{err}");
    assert!(err.contains("nothing was saved"), "{err}");
    assert_eq!(
        std::fs::read(&g).expect("the game"),
        before,
        "nothing written"
    );
}

#[test]
fn serve_takes_stdin_lines_as_they_come_not_one_per_wait() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let mut s = Serve::start(&g, &[]);
    let start = Instant::now();
    {
        // 300 lines the loop answers at once (not actions: one stderr line
        // each), then the end of stdin. Before issue 32 each line waited
        // up to 50 ms for a phone: 15 s.
        let mut stdin = s.stdin.take().expect("stdin");
        let lines = "x\n".repeat(300);
        stdin.write_all(lines.as_bytes()).expect("send");
    }
    let status = s.wait_within(Duration::from_secs(60)).expect("ends");
    let took = start.elapsed();
    assert!(status.success());
    let err = s.stderr();
    assert_eq!(err.matches("not an action").count(), 300, "{err}");
    assert!(took < Duration::from_secs(5), "300 lines took {took:?}");
}

#[test]
fn serve_goes_on_after_its_stdout_closes() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let mut s = Serve::start(&g, &[]);
    // The reader goes away (`| head -3`): the game and the phones go on.
    drop(s.out.take());
    let (addr, path) = split_link(&s.links[2]);
    let mut stdin = s.stdin.take().expect("stdin");
    for i in 0..3 {
        writeln!(
            stdin,
            "{}",
            json!({"action": "note", "text": format!("n{i}")})
        )
        .expect("send");
    }
    // Each line is logged on the closed stdout; the server still answers.
    let mut index = 0;
    for _ in 0..500 {
        index = get(addr, &format!("{path}state")).json()["index"]
            .as_u64()
            .unwrap_or(0);
        if index == 4 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(index, 4, "the three notes were applied");
    drop(stdin);
    let status = s.wait_within(Duration::from_secs(30)).expect("ends");
    let err = s.stderr();
    assert!(status.success(), "{status:?}: {err}");
    let game = std::fs::read_to_string(&g).expect("the game");
    assert_eq!(game.matches("\"note\"").count(), 3, "all saved");
}

/// A served game ended by the laptop (a shared end waits for the phones'
/// confirmation), then stopped by `signal`: the end enters the records.
fn ended_then_signalled(signal: &str) {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let mut s = Serve::start(&g, &["--stay"]);
    let mut stdin = s.stdin.take().expect("stdin");
    writeln!(stdin, "{}", json!({"action": "end_game"})).expect("send");
    let out = s.out.as_mut().expect("stdout");
    loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).expect("stdout") > 0, "ended early");
        if line.starts_with("2: ") {
            break;
        }
    }
    let records = dir.path().join("records").join("results");
    let count = || {
        std::fs::read_dir(&records).map_or(0, |d| {
            d.filter_map(Result::ok)
                .filter(|e| {
                    let n = e.file_name().to_string_lossy().into_owned();
                    n.ends_with(".yaml") && !n.starts_with('.')
                })
                .count()
        })
    };
    assert_eq!(count(), 0, "held for the phones' confirmation");
    s.signal(signal);
    let status = s.wait_within(Duration::from_secs(30)).expect("stops");
    let err = s.stderr();
    assert!(status.success(), "{signal}: {status:?}: {err}");
    assert!(err.contains(&format!("SIG{signal}")), "{err}");
    assert_eq!(count(), 1, "the game's result file: {records:?}");
    drop(stdin);
}

#[test]
fn sigint_stops_serve_cleanly_and_the_ended_game_enters_the_records() {
    ended_then_signalled("INT");
}

#[test]
fn sigterm_stops_serve_cleanly_and_the_ended_game_enters_the_records() {
    ended_then_signalled("TERM");
}

#[test]
fn a_batch_within_the_limit_still_commits_whole() {
    // The size check as lines are read refuses nothing a file can hold.
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let mut child = std::process::Command::new(exe())
        .args(["game", "act", &g])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("game act");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&notes(20))
        .expect("send");
    let out = child.wait_with_output().expect("ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let h = Host::view(std::path::Path::new(&g), &crate::game_support::rules()).expect("reads");
    assert_eq!(h.actions().len(), 20);
}
