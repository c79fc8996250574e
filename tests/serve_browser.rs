//! Issue 25 in a real browser: Debian's Chromium driven by chromedriver over
//! the W3C WebDriver JSON protocol (a few lines of HTTP on loopback). Seat
//! A's page at 390×844 shows both pools and VP; an action applied at the
//! "laptop" appears without a reload. Screenshots of the page in Spanish and
//! English go to docs/screenshots/ with IMPIA_SCREENSHOTS=1 (else under
//! target/). In CI (CI=true) a missing browser is a
//! failure; elsewhere the test says so loudly and skips.

use impia::core::game::act;
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::serve_support::raw;
use impia::core::game::{Game, GameSetup};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::server::{Share, view};
use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Generous: catches a hang, not a slow machine. (The brief's goal is 1 s;
/// the measured figure is printed, not asserted.)
const ARRIVE: Duration = Duration::from_secs(20);

pub(crate) struct Driver {
    child: Child,
    addr: SocketAddr,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = call(
            self.addr,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Value {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let r = raw(addr, req.as_bytes());
    // chromedriver answers with a chunked body at times: take the JSON object.
    let text = r.text();
    let start = text.find('{').unwrap_or(0);
    let end = text.rfind('}').map(|i| i + 1).unwrap_or(text.len());
    serde_json::from_str(&text[start..end])
        .unwrap_or_else(|e| panic!("{method} {path}: {e}: {text}"))
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

pub(crate) fn browser() -> Option<Driver> {
    browser_scaled(1.0)
}

/// A browser at 390×844 with `ratio` device pixels a CSS pixel (a phone's
/// is 3).
pub(crate) fn browser_scaled(ratio: f64) -> Option<Driver> {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        let msg = format!(
            "{CHROMIUM} or {CHROMEDRIVER} missing (apt-get install chromium chromium-driver)"
        );
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI needs a browser: {msg}");
        }
        eprintln!("\n*** SKIPPED serve_browser: {msg} ***\n");
        return None;
    }
    let port = free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    let child = Command::new(CHROMEDRIVER)
        .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".into()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let t0 = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "chromedriver did not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let profile = tempfile::tempdir().expect("profile dir").keep();
    let caps = json!({"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage",
                     format!("--user-data-dir={}", profile.display()),
                     "--window-size=390,844"],
            // The full chromium keeps a 500 px minimum width without it.
            "mobileEmulation": {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": ratio}}
        }
    }}});
    let mut child = child;
    let s = call(addr, "POST", "/session", Some(&caps));
    let Some(session) = s["value"]["sessionId"].as_str() else {
        let _ = child.kill();
        panic!("no WebDriver session: {s}");
    };
    Some(Driver {
        child,
        addr,
        session: session.to_string(),
    })
}

impl Driver {
    pub(crate) fn post(&self, what: &str, body: Value) -> Value {
        call(
            self.addr,
            "POST",
            &format!("/session/{}/{what}", self.session),
            Some(&body),
        )["value"]
            .clone()
    }
    pub(crate) fn go(&self, url: &str) {
        self.post("url", json!({"url": url}));
    }
    pub(crate) fn js(&self, script: &str) -> Value {
        self.post("execute/sync", json!({"script": script, "args": []}))
    }
    /// Wait until `script` returns something truthy.
    pub(crate) fn wait(&self, script: &str, limit: Duration) -> Option<(Value, Duration)> {
        let t0 = Instant::now();
        while t0.elapsed() < limit {
            let v = self.js(script);
            if !(v.is_null() || v == json!(false) || v == json!("")) {
                return Some((v, t0.elapsed()));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
    pub(crate) fn screenshot(&self, path: &Path) {
        use base64::Engine;
        // A picture of the page, not of a message passing over it.
        self.js("const t = document.getElementById('toast'); if (t) t.hidden = true; return true");
        let v = call(
            self.addr,
            "GET",
            &format!("/session/{}/screenshot", self.session),
            None,
        );
        let png = base64::engine::general_purpose::STANDARD
            .decode(v["value"].as_str().expect("a screenshot"))
            .expect("base64 PNG");
        assert_eq!(&png[1..4], b"PNG");
        std::fs::write(path, png).expect("write the screenshot");
    }
}

fn game() -> (Game, RuleSet) {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster(Path::new("rosters/circulo-de-la-ceniza.yaml"), &rules).expect("roster A");
    let b = load_roster(Path::new("rosters/guardia-del-paso.yaml"), &rules).expect("roster B");
    let setup = GameSetup::new(a, b)
        .with_players("Ana".to_string(), "Bruno".to_string())
        .with_seed(7);
    (Game::new(setup, &rules), rules)
}

/// Play on (the first allowed offer each time, never ending the game) until
/// a model acts with a target to attack: a page with odds to show.
fn play_to_an_attack(g: &mut Game) {
    for _ in 0..60 {
        let offers = g.offers();
        if offers
            .offers
            .iter()
            .any(|o| o.allowed && o.targets.iter().any(|t| t.p_down.is_some()))
        {
            return;
        }
        let Some(o) = offers
            .offers
            .iter()
            .find(|o| o.allowed && o.id != "end_game" && o.id != "change_round")
        else {
            panic!("no offer to play");
        };
        let a = o
            .targets
            .first()
            .map(|t| t.action.clone())
            .unwrap_or_else(|| o.action.clone());
        g.act(a).expect("an allowed offer applies");
    }
    panic!("no attack within 60 actions");
}

const SIDES: &str = "return Array.from(document.querySelectorAll('.side')).map(s => ({
    player: s.querySelector('.player').textContent,
    nums: Array.from(s.querySelectorAll('.num b')).map(b => b.textContent)}))";

#[test]
fn seat_a_page_shows_pools_and_vp_and_follows_the_laptop_without_a_reload() {
    let Some(d) = browser() else { return };
    let (mut g, _rules) = game();
    let bind: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let share = Share::start(bind, view::state(&g, 1), Lang::Es).expect("share");
    d.go(&share.links().a);
    let (sides, _) = d
        .wait(
            &format!(
                "const s = ({}); return s.length == 2 ? s : null",
                SIDES.trim_start_matches("return ")
            ),
            ARRIVE,
        )
        .expect("both warbands' pool and VP on the page");
    let st = g.state();
    for (i, side) in [impia::core::game::Side::A, impia::core::game::Side::B]
        .into_iter()
        .enumerate()
    {
        let s = st.side(side).expect("side");
        assert!(
            sides[i]["player"]
                .as_str()
                .unwrap_or("")
                .contains(&*s.player),
            "{sides}"
        );
        assert_eq!(
            sides[i]["nums"],
            json!([s.pool.to_string(), s.score.total().to_string()]),
            "{sides}"
        );
    }
    // A mark that a reload would wipe.
    d.js("window.__still = 'here'; return true");
    // The laptop starts the turn: the pools fill.
    g.act(impia::core::game::Action::StartTurn(act::StartTurn {
        dark_forces: Vec::new(),
    }))
    .expect("start the turn");
    let pools = format!(
        "{}/{}",
        g.state().side(impia::core::game::Side::A).expect("a").pool,
        g.state().side(impia::core::game::Side::B).expect("b").pool
    );
    let t0 = Instant::now();
    share.publish(view::state(&g, 2));
    let (_, _) = d
        .wait(
            &format!("const s = ({}); return s.length == 2 && (s[0].nums[0] + '/' + s[1].nums[0]) == '{pools}' && document.getElementById('foot').textContent.includes('#2')", SIDES.trim_start_matches("return ")),
            ARRIVE,
        )
        .expect("the new pools arrive without a reload");
    let arrived = t0.elapsed();
    assert_eq!(
        d.js("return window.__still || null"),
        json!("here"),
        "no reload"
    );
    eprintln!(
        "serve_browser: publish → page shows it in {:.0} ms",
        arrived.as_secs_f64() * 1000.0
    );

    // Screenshots of a page with odds on it, in both languages.
    play_to_an_attack(&mut g);
    share.publish(view::state(&g, 3));
    d.wait(
        "return document.getElementById('foot').textContent.includes('#3')",
        ARRIVE,
    )
    .expect("state 3");
    // The README's pictures only when asked for (IMPIA_SCREENSHOTS=1):
    // a test run leaves the work tree as it was.
    let dir = if std::env::var_os("IMPIA_SCREENSHOTS").is_some() {
        Path::new("docs/screenshots").to_path_buf()
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots")
    };
    let dir = dir.as_path();
    std::fs::create_dir_all(dir).expect("screenshots dir");
    d.js("window.scrollTo(0, 0); return true");
    d.screenshot(&dir.join("phone-es.png"));
    d.js("document.getElementById('lang').click(); return true");
    d.wait("return document.documentElement.lang == 'en' && document.getElementById('foot').textContent.includes('#3')", ARRIVE)
        .expect("the page in English");
    assert!(
        d.js("return document.body.textContent")
            .as_str()
            .unwrap_or("")
            .contains(impia::core::glossary::POOL.en)
    );
    d.js("window.scrollTo(0, 0); return true");
    d.screenshot(&dir.join("phone-en.png"));
    // Back to Spanish for whoever opens the profile next (a fresh one each time anyway).
    d.js("localStorage.clear(); return true");
    share.stop();
}
