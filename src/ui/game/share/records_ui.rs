//! Issue 34, "Host returns what happened": a change a phone makes is told
//! on the laptop at once, not after the laptop's own next action. Here the
//! phones end a shared game and confirm it, the records folder cannot be
//! made, and the Game view says so with no click on the laptop.

use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use egui_kittest::Harness;

use super::super::test_kit::*;
use super::phone_kit::{HANG, phone_posts};
use crate::core::game::Host;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use crate::server::Seat;
use crate::ui::ImpiaApp;

/// A phone POSTs `body` to `route` of its `link` (only to 127.0.0.1)
/// while the harness draws frames (the laptop answers requests once a
/// frame, never clicking); the HTTP status and the reply.
#[allow(clippy::disallowed_methods)] // native test: a timer
fn phone_answered(
    h: &mut Harness<'static, ImpiaApp>,
    link: &str,
    route: &str,
    body: String,
) -> (u16, String) {
    let phone = phone_posts(link, route, body);
    let t0 = Instant::now();
    while !phone.is_finished() {
        assert!(t0.elapsed() < HANG, "the phone was never answered");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    phone.join().expect("the phone's thread")
}

#[test]
fn a_records_failure_caused_by_the_phones_should_show_on_the_laptop_without_a_click() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("mesa.yaml");
    Host::detached(game_under_way())
        .save_as(&path, false)
        .expect("saved");
    // A file where the records folder goes: it cannot be made (as root too).
    std::fs::write(dir.path().join("records"), "not a folder").expect("blocker");
    let mut h = harness(app(new_game(), Lang::En));
    let rules = RuleSet::builtin().expect("tables");
    assert!(h.state_mut().game.open(&path, &rules), "the game opens");
    h.run();
    let links = {
        let v = &mut h.state_mut().game;
        let host = v.game.as_mut().expect("a game");
        v.share.start(host, Ipv4Addr::LOCALHOST, Lang::En, None);
        v.share.answer(Seat::A, true, host);
        v.share.answer(Seat::B, true, host);
        v.share.links().expect("sharing").clone()
    };
    h.run();
    let index = |h: &Harness<'static, ImpiaApp>| h.state().game.share.index().expect("sharing");
    // Ana's phone ends the game; both phones confirm it.
    let at = index(&h);
    let (status, reply) = phone_answered(
        &mut h,
        &links.a,
        "act",
        format!(r#"{{"index": {at}, "action": {{"action": "end_game"}}}}"#),
    );
    assert_eq!(status, 200, "{reply}");
    assert!(game(&h).state().ended.is_some(), "the game ended");
    let mut last = String::new();
    for link in [&links.a, &links.b] {
        let at = index(&h);
        let (status, reply) =
            phone_answered(&mut h, link, "confirm", format!(r#"{{"index": {at}}}"#));
        assert_eq!(status, 200, "{reply}");
        last = reply;
    }
    // The phone whose confirmation wrote the records reads it in its
    // answer's state; both phones' states carry it.
    assert!(
        last.contains("records could not be written"),
        "the phone is told: {last}"
    );
    {
        let v = &h.state().game;
        let host = v.game.as_ref().expect("a game");
        let r = v.share.running.as_ref().expect("sharing");
        let told = r.seats.view(host, None).told;
        assert!(
            told.iter()
                .any(|s| s.error && s.text.es.contains("historial de las bandas")),
            "{told:?}"
        );
    }
    assert!(
        !h.state().game.game.as_ref().expect("a game").records_held(),
        "both confirmed: the result went to the records"
    );
    // A few frames, no click: the laptop tells what the phones caused.
    h.run();
    let said = h.state().game.message.clone();
    let Some((text, error)) = said else {
        panic!("the laptop says nothing about the records");
    };
    assert!(error, "a failure: {}", text.en);
    assert!(
        text.en.contains("records could not be written"),
        "{}",
        text.en
    );
    h.state_mut().game.share_stop();
}
