//! Issue 34 in a real browser: seat A's page shows the core's sentences
//! about the acting model where it shows the model and its End activation:
//! the flight warning (R31), the DP it can spend (R10–R12), what its fear
//! does (R31) and who leads on VP, each the very words the app shows.

use std::net::SocketAddr;
use std::time::Duration;

use crate::game_support::*;
use crate::serve_browser::browser;
use impia::core::text::Lang;
use impia::server::{Share, view};
use serde_json::json;

#[test]
fn r31_r10_r12_seat_as_page_shows_the_cores_words_on_its_acting_model() {
    let Some(d) = browser() else { return };
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    fear_at_twice_courage(&mut g, a(0));
    let bind: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let share = Share::start(bind, view::state(&g, 1), Lang::En).expect("share");
    d.go(&share.links().a);
    let (shown, _) = d
        .wait(
            "const q = s => { const e = document.querySelector(s); return e ? e.textContent : null; };
             const w = q('[data-warning=\"end_activation\"]');
             const cards = Array.from(document.querySelectorAll('.card .fear')).map(e => e.textContent);
             return w ? { warning: w, dp: q('#dp-available'), lead: q('#lead'), cards } : null",
            Duration::from_secs(20),
        )
        .expect("the End activation's warning on the page");
    let en = |t: impia::core::text::Text| json!(t.en);
    assert_eq!(
        shown["warning"],
        en(g.flight_warning(a(0)).expect("a(0) would flee"))
    );
    assert_eq!(shown["dp"], en(g.dp_available_text(a(0))));
    assert_eq!(shown["lead"], en(g.lead_text()));
    let effect = g
        .fear_effect_at(g.state(), a(0))
        .expect("a(0)'s fear does something")
        .en;
    let cards = shown["cards"].as_array().expect("cards");
    assert!(
        cards
            .iter()
            .any(|c| c.as_str().is_some_and(|c| c.contains(&effect))),
        "{shown}"
    );
}

/// Issue 34: at 390×844 seat A's page shows each warband's pool and VP,
/// its counts by status and the pool's name in the core's words (the page
/// kept its own "Reserva"), and under End the turn the core's question
/// naming who has not acted.
#[test]
fn seat_as_page_shows_the_cores_pool_counts_and_not_acted_words() {
    let Some(d) = browser() else { return };
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    end(&mut g, a(0));
    let bind: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let share = Share::start(bind, view::state(&g, 1), Lang::Es).expect("share");
    d.go(&share.links().a);
    let (shown, _) = d
        .wait(
            "const all = s => Array.from(document.querySelectorAll(s)).map(e => e.textContent);
             const w = document.querySelector('[data-warning=\"end_turn\"]');
             return w ? { warning: w.textContent, pools: all('#whose .pools > span'),
                          counts: all('.side .counts'), names: all('.side .num span') } : null",
            Duration::from_secs(20),
        )
        .expect("the End turn's warning on the page");
    let es = |t: impia::core::text::Text| json!(t.es);
    assert_eq!(shown["warning"], es(g.end_turn_warning().expect("left")));
    let st = g.state();
    let sides = [impia::core::game::Side::A, impia::core::game::Side::B];
    assert_eq!(shown["pools"], json!(sides.map(|s| st.pool_text(s).es)));
    assert_eq!(shown["counts"], json!(sides.map(|s| st.counts_text(s).es)));
    let pool = impia::core::glossary::POOL.es;
    assert_eq!(shown["names"][0], pool, "{shown}");
    assert_eq!(shown["names"][2], pool, "{shown}");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("screenshots dir");
    d.js("window.scrollTo(0, 0); return true");
    d.screenshot(&dir.join("phone-glance-es.png"));
    share.stop();
}
