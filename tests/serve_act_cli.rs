//! Issue 26 through `impia game serve` on 127.0.0.1: `game offers --json`
//! says who may take each offer; a phone's first action asks on the
//! terminal and a "y" answers it; and a turn played from two phones only
//! (seat A and seat B, typed dice and a totem re-roll among them) leaves a
//! game file that replays to the same state as the same actions sent
//! through `game act`.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

use crate::game_support::rules;
use crate::serve_support::{get, post, split_link};
use impia::core::game::{Action, Host, SideDice};
use serde_json::{Value, json};

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_impia")
}

fn impia(args: &[&str]) -> std::process::Output {
    let out = Command::new(exe()).args(args).output().expect("run impia");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn new_game(dir: &Path, name: &str) -> String {
    let g = dir.join(name).display().to_string();
    impia(&[
        "game",
        "new",
        "--a",
        "rosters/circulo-de-la-ceniza.yaml",
        "--b",
        "rosters/guardia-del-paso.yaml",
        "--player-a",
        "Ana",
        "--player-b",
        "Bruno",
        "--seed",
        "11",
        "-o",
        &g,
    ]);
    g
}

/// A running `game serve`: its stdin, stdout and the seats' links.
struct Served {
    child: Child,
    stdin: Option<ChildStdin>,
    out: BufReader<std::process::ChildStdout>,
    links: Vec<String>,
}

impl Served {
    fn start(game: &str, extra: &[&str]) -> Served {
        let mut cmd = Command::new(exe());
        cmd.args(["game", "serve", game, "--bind", "127.0.0.1", "--lang", "en"])
            .args(extra)
            .stderr(Stdio::inherit());
        let (child, stdin, out, links) = crate::serve_support::cli::spawn(cmd);
        Served {
            child,
            stdin,
            out,
            links,
        }
    }

    fn post(&self, seat: usize, route: &str, body: &Value) -> crate::serve_support::Reply {
        let (addr, path) = split_link(&self.links[seat]);
        post(addr, &format!("{path}{route}"), &body.to_string())
    }

    fn state(&self, seat: usize) -> Value {
        let (addr, path) = split_link(&self.links[seat]);
        get(addr, &format!("{path}state")).json()
    }

    /// Read stdout until a line that satisfies `f` (bounded by the lines
    /// the command prints, not by time).
    fn line_where(&mut self, f: impl Fn(&str) -> bool) -> String {
        loop {
            let mut line = String::new();
            assert!(
                self.out.read_line(&mut line).expect("stdout") > 0,
                "serve ended early"
            );
            if f(&line) {
                return line;
            }
        }
    }

    /// Close stdin: the command ends, its file complete.
    fn end(mut self) {
        drop(self.stdin.take());
        let code = self.child.wait().expect("serve ends");
        assert!(code.success());
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn game_offers_json_says_who_may_take_each_offer() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    impia(&["game", "act", &g, "--action", r#"{"action":"start_turn"}"#]);
    let out = impia(&["game", "offers", "--json", &g]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let offers = v["offers"].as_array().expect("offers");
    assert!(!offers.is_empty());
    for o in offers {
        // R09: a model's round change is its side's; the end of the game either's.
        let want = match (o["id"].as_str(), o["model"].as_str()) {
            (Some("change_round"), Some(m)) => &m[..1],
            (Some("end_change_round"), _) => o["action"]["side"].as_str().expect("a side"),
            _ => "either",
        };
        assert_eq!(o["by"], want, "{o}");
    }
}

#[test]
fn a_phones_first_action_asks_on_the_terminal_and_yes_allows_it() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let mut s = Served::start(&g, &[]);
    let (addr, path) = split_link(&s.links[0]);
    let poster = std::thread::spawn(move || {
        post(
            addr,
            &format!("{path}act"),
            r#"{"index": 1, "action": {"action": "start_turn"}}"#,
        )
    });
    let q = s.line_where(|l| l.contains("allow? [y/N]"));
    assert!(q.contains("Ana's phone wants to play"), "{q}");
    let stdin = s.stdin.as_mut().expect("stdin");
    writeln!(stdin, "y").expect("answer");
    stdin.flush().expect("flush");
    let r = poster.join().expect("the poster");
    assert_eq!(r.status, 200, "{}", r.text());
    let told = s.line_where(|l| l.starts_with("2: A: "));
    assert!(told.contains("Turn 1"), "the log line it made: {told}");
    s.end();
    let h = Host::view(Path::new(&g), &rules()).expect("reads");
    assert_eq!(h.actions().len(), 1);
}

/// Issue 33: a phone's request to take back shows on the terminal, and
/// the lines `refuse` and `allow` answer it as the laptop.
#[test]
fn a_request_to_take_back_shows_on_the_terminal_and_allow_answers_it() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let mut s = Served::start(&g, &["--allow-all"]);
    let r = s.post(
        0,
        "act",
        &json!({"index": 1, "action": {"action": "start_turn"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    // R39: the dark forces, either player's: B asks to take them back.
    let r = s.post(1, "undo", &json!({"index": 2}));
    assert_eq!(r.status, 202, "{}", r.text());
    let q = s.line_where(|l| l.contains(": B: "));
    assert!(q.contains("Bruno wants to take back: "), "{q}");
    let stdin = s.stdin.as_mut().expect("stdin");
    writeln!(stdin, "refuse").expect("answer");
    stdin.flush().expect("flush");
    s.line_where(|l| l.contains("Turn 1") || l.starts_with("2: ") || l.starts_with("3: "));
    assert_eq!(s.state(1)["take_back"], Value::Null, "refused");
    let r = s.post(1, "undo", &json!({"index": s.state(1)["index"]}));
    assert_eq!(r.status, 202, "{}", r.text());
    let stdin = s.stdin.as_mut().expect("stdin");
    writeln!(stdin, "allow").expect("answer");
    stdin.flush().expect("flush");
    s.end();
    let h = Host::view(Path::new(&g), &rules()).expect("reads");
    assert_eq!(h.actions().len(), 0, "taken back");
    let leave = h.undone().last().and_then(|u| u.leave);
    assert_eq!(
        leave,
        Some(impia::core::game::Leave {
            asked: impia::core::game::By::B,
            allowed: impia::core::game::By::Laptop
        })
    );
}

/// Issue 33: a phone's proposal (an engagement set by hand on the other
/// side's model) is decided on the terminal by `refuse` and `allow`.
#[test]
fn a_proposal_waiting_for_a_phone_is_refused_or_allowed_on_the_terminal() {
    let dir = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path(), "g.yaml");
    let mut s = Served::start(&g, &["--allow-all"]);
    let r = s.post(
        0,
        "act",
        &json!({"index": 1, "action": {"action": "start_turn"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    s.line_where(|l| l.starts_with("2: "));
    let engage = json!({"action": "set_engaged", "a": "a0", "b": "b0", "engaged": true});
    let propose = |s: &Served| {
        // The index the laptop is at (a 409 says it, once).
        let mut index = s.state(1)["index"].clone();
        for _ in 0..2 {
            let r = s.post(1, "act", &json!({"index": index, "action": engage}));
            if r.status == 409 {
                index = r.json()["index"].clone();
                continue;
            }
            assert_eq!(r.status, 200, "{}", r.text());
            assert_eq!(r.json()["waiting"], true, "{}", r.text());
            return;
        }
        panic!("the proposal never reached the laptop");
    };
    propose(&s);
    let stdin = s.stdin.as_mut().expect("stdin");
    writeln!(stdin, "refuse").expect("answer");
    stdin.flush().expect("flush");
    let mut told = false;
    for _ in 0..500 {
        let st = s.state(0);
        if st["waiting"].is_null() {
            let n = st["notice"].as_str().unwrap_or_default().to_string();
            assert!(n.starts_with("The laptop refuses; not applied: "), "{n}");
            told = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(told, "the refusal reached the phones");
    propose(&s);
    let stdin = s.stdin.as_mut().expect("stdin");
    writeln!(stdin, "allow").expect("answer");
    stdin.flush().expect("flush");
    s.end();
    let h = Host::view(Path::new(&g), &rules()).expect("reads");
    assert!(
        matches!(
            h.actions().last(),
            Some(impia::core::game::Action::SetEngaged(_))
        ),
        "applied by the laptop: {:?}",
        h.actions().last()
    );
}

/// One request a phone sent: its seat, action and typed dice.
struct Sent {
    seat: usize,
    action: Value,
    dice: Option<Value>,
}

fn side_seat(side: &str) -> usize {
    if side == "b" { 1 } else { 0 }
}

/// The first allowed offer with this id, from the seat's state.
fn offer(state: &Value, id: &str) -> Option<Value> {
    state["offers"]["offers"]
        .as_array()?
        .iter()
        .find(|o| o["id"] == id && o["allowed"] == true)
        .cloned()
}

/// Send from a seat, which must be the offer's taker; the request is kept.
fn send(s: &Served, sent: &mut Vec<Sent>, seat: usize, action: Value, dice: Option<Value>) {
    let index = s.state(seat)["index"].clone();
    let mut body = json!({"index": index, "action": action});
    if let Some(d) = &dice {
        body["dice"] = d.clone();
    }
    let r = s.post(seat, "act", &body);
    assert_eq!(r.status, 200, "{body}: {}", r.text());
    sent.push(Sent { seat, action, dice });
}

/// Typed dice for a draft, from its price: d10s in the list's order,
/// every d3 a 2.
fn typed(s: &Served, seat: usize, action: &Value, d10s: &[u32]) -> Value {
    let r = s.post(seat, "price", &json!({"action": action}));
    assert_eq!(r.status, 200, "{}", r.text());
    let list = r.json()["price"]["dice"].as_array().expect("dice").clone();
    assert_eq!(list.len(), d10s.len(), "{list:?}");
    Value::Array(
        list.iter()
            .zip(d10s)
            .map(|(d, v)| json!({"d10": v, "d3": vec![2; d["d3"].as_u64().unwrap_or(0) as usize]}))
            .collect(),
    )
}

/// Play from the phones until the assault and its hit are done: every
/// step sent by the seat the offer names.
fn play_a_turn_from_the_phones(s: &Served) -> Vec<Sent> {
    let mut sent = Vec::new();
    send(s, &mut sent, 0, json!({"action": "start_turn"}), None);
    send(
        s,
        &mut sent,
        1,
        json!({"action": "end_change_round", "side": "b"}),
        None,
    );
    send(
        s,
        &mut sent,
        0,
        json!({"action": "end_change_round", "side": "a"}),
        None,
    );
    let mut assaulted = false;
    for _ in 0..60 {
        let st = s.state(0);
        let phase = st["offers"]["phase"].as_str().unwrap_or("").to_string();
        match phase.as_str() {
            "roll_off" => send(
                s,
                &mut sent,
                1,
                json!({"action": "roll_off", "rolls": [[7, 3]], "starts": "a"}),
                None,
            ),
            "pick" => {
                let o = offer(&st, "activate").expect("a model to activate");
                let seat = side_seat(o["by"].as_str().expect("by"));
                send(s, &mut sent, seat, o["action"].clone(), None);
            }
            "acting" => {
                let o = offer(&st, "assault").filter(|o| o["by"] == "a" && !assaulted);
                if let Some(o) = o {
                    // Issue 33: a seat types only its own dice; with Roll
                    // the game rolls both sides'.
                    let target = o["targets"][0]["draft"].clone();
                    send(s, &mut sent, 0, target, None);
                    assaulted = true;
                    // R33: the attacker re-rolls its own dice with its totem.
                    let by = o["model"].clone();
                    let reroll = json!({"action": "totem_reroll", "by": by});
                    let dice = typed(s, 0, &reroll, &[9]);
                    send(s, &mut sent, 0, reroll, Some(dice));
                    let st = s.state(0);
                    let seat = offer(&st, "accept")
                        .map_or(1, |o| side_seat(o["by"].as_str().unwrap_or("b")));
                    send(s, &mut sent, seat, json!({"action": "accept"}), None);
                } else if assaulted {
                    return sent;
                } else {
                    let o = offer(&st, "end_activation").expect("end the activation");
                    let seat = side_seat(o["by"].as_str().expect("by"));
                    send(s, &mut sent, seat, o["action"].clone(), None);
                }
            }
            "resolve_hits" => {
                // R27: the defender rolls its hit; the game's dice.
                let o = offer(&st, "resolve_hit").expect("a hit");
                assert_eq!(o["by"], "b", "{o}");
                send(s, &mut sent, 1, o["action"].clone(), None);
            }
            // Issue 33: the side still asked about its re-roll closes it.
            "rolled" => {
                let seat =
                    offer(&st, "accept").map_or(0, |o| side_seat(o["by"].as_str().unwrap_or("a")));
                send(s, &mut sent, seat, json!({"action": "accept"}), None);
            }
            other => panic!("unexpected step {other}: {}", st["offers"]["now"]),
        }
    }
    panic!("the turn did not reach its assault");
}

#[test]
fn a_turn_played_from_the_phones_replays_as_the_same_actions_through_game_act() {
    let dir = tempfile::tempdir().expect("tmp");
    let phones = new_game(dir.path(), "phones.yaml");
    let by_hand = new_game(dir.path(), "cli.yaml");
    let s = Served::start(&phones, &["--allow-all"]);
    let sent = play_a_turn_from_the_phones(&s);
    assert!(
        sent.iter().any(|x| x.dice.is_some()),
        "typed dice were sent"
    );
    assert!(sent.iter().any(|x| x.seat == 1), "seat B acted");
    s.end();
    // The same actions through `game act`, typed dice put in by the core
    // as the server does.
    for x in &sent {
        let action = match &x.dice {
            None => x.action.to_string(),
            Some(d) => {
                let g = Host::view(Path::new(&by_hand), &rules()).expect("reads");
                let a = Action::from_json(&x.action.to_string()).expect("an action");
                let dice: Vec<SideDice> = serde_json::from_value(d.clone()).expect("dice");
                let full = g.with_typed_dice(&a, &dice).expect("the dice fit");
                serde_json::to_string(&full).expect("JSON")
            }
        };
        impia(&["game", "act", &by_hand, "--action", &action]);
    }
    let a = Host::view(Path::new(&phones), &rules()).expect("the phones' game replays");
    let b = Host::view(Path::new(&by_hand), &rules()).expect("the CLI's game replays");
    assert_eq!(a.actions(), b.actions());
    assert_eq!(a.actions().len(), sent.len());
    let status = |g: &str| impia(&["game", "status", "--json", g]).stdout;
    assert_eq!(status(&phones), status(&by_hand));
}
