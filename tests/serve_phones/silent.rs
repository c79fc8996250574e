//! Issue 35: the silent laptop. A laptop that sleeps (a closed lid, a
//! frozen process) neither answers nor closes its connections: the phone's
//! event stream stays open and mute. `game serve` is stopped with SIGSTOP
//! (its sockets open, nothing sent); within 5 s the page puts its banner
//! across and turns its buttons off; SIGCONT, and it comes back by itself.

use std::time::{Duration, Instant};

use super::{WAIT, state};
use crate::serve_browser::browser;
use crate::serve_support::cli::{Serve, new_game};

/// The brief's bound: the banner within 5 s of losing the laptop.
const LOST_WITHIN: Duration = Duration::from_secs(5);

#[test]
fn a_silent_laptop_shows_the_banner_within_5_s_and_the_page_comes_back() {
    let Some(a) = browser() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let game = new_game(dir.path(), "silent.json");
    let serve = Serve::start(&game, &["--allow-all"]);
    a.go(&serve.links[0]);
    a.wait(
        "return state && state.may == 'play' && document.getElementById('play') ? true : null",
        WAIT,
    )
    .expect("the page draws seat A's part");
    let on = "return Array.from(document.querySelectorAll('main button.act')).filter(b => !b.disabled).length";
    assert!(a.js(on).as_u64().unwrap_or(0) > 0, "something to do");

    serve.signal("STOP");
    let t0 = Instant::now();
    let seen = a.wait(
        "const b = document.getElementById('lost'); return !b.hidden && b.textContent.includes('laptop is not answering') ? true : null",
        WAIT,
    );
    let took = t0.elapsed();
    serve.signal("CONT");
    seen.expect("the banner across the page");
    eprintln!("serve_phones: a silent laptop → the banner in {took:?}");
    assert!(took <= LOST_WITHIN, "{took:?}");

    // Back: the banner goes and the buttons come back, no reload.
    a.wait(
        "return document.getElementById('lost').hidden && !busy ? true : null",
        WAIT,
    )
    .expect("the page back by itself");
    assert!(a.js(on).as_u64().unwrap_or(0) > 0, "the buttons back on");
    assert_eq!(state(&a)["may"], "play");
}
