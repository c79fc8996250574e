//! Issue 35 in the app: a game shared, its share stopped (as a closed app
//! leaves it), then shared again from the share window: **Resume: same
//! links** brings back the same port, links and approvals; **New links**
//! makes new ones on the same address and port (the old ones die); the
//! address and port are what the app keeps for its next start.

use std::net::{IpAddr, Ipv4Addr};

use egui_kittest::kittest::Queryable as _;

use super::super::test_kit::*;
use crate::core::game::Host;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use crate::server::{May, Seat, resume};

#[test]
fn the_share_window_should_resume_the_same_links_and_approvals_or_make_new_ones() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("mesa.yaml");
    Host::detached(new_game())
        .save_as(&path, false)
        .expect("saved");
    let mut h = harness(app(new_game(), Lang::En));
    let rules = RuleSet::builtin().expect("tables");
    assert!(h.state_mut().game.open(&path, &rules), "the game opens");
    h.run();
    // Shared on loopback; the laptop lets seat A play.
    let first = {
        let v = &mut h.state_mut().game;
        let host = v.game.as_mut().expect("a game");
        v.share.start(host, Ipv4Addr::LOCALHOST, Lang::En, None);
        v.share.answer(Seat::A, true, host);
        v.share_sync();
        v.share.open = true;
        v.share.links().expect("sharing").clone()
    };
    let kept = resume::load(&path).expect("the share kept beside the game");
    assert_eq!(kept.allowed, [true, false]);
    assert_eq!(kept.addr.ip(), IpAddr::V4(Ipv4Addr::LOCALHOST));
    h.run();

    h.get_by_label("⏹ Stop sharing").click();
    h.run();
    assert!(!h.state().game.share.is_running());
    let port = kept.addr.port();
    let resume_label = format!("▶ Resume: same links (port {port})");
    h.get_by_label(&resume_label).click();
    h.run();
    let share = &h.state().game.share;
    assert_eq!(share.links(), Some(&first), "the same three links");
    let running = share.running.as_ref().expect("sharing again");
    assert_eq!(
        running.seats.may(Seat::A),
        May::Play,
        "A plays without asking"
    );
    assert_ne!(running.seats.may(Seat::B), May::Play);
    // What the app keeps for its next start.
    assert_eq!(share.remembered, Some(Ipv4Addr::LOCALHOST));
    assert_eq!(share.remembered_port, Some(port));

    h.get_by_label("⏹ Stop sharing").click();
    h.run();
    h.get_by_label("New links").click();
    h.run();
    let share = &h.state().game.share;
    let fresh = share.links().expect("sharing with new links").clone();
    assert_ne!(fresh.a, first.a, "new links");
    assert_eq!(
        share.running.as_ref().map(|r| r.share.addr()),
        Some(kept.addr),
        "on the same address and port: an old page hears its link is dead"
    );
    assert_eq!(
        resume::load(&path).map(|k| k.allowed),
        Some([false, false]),
        "new links start with no approvals"
    );
    h.state_mut().game.share_stop();
}

/// A fresh share of another game reuses the address and port the app
/// remembered (they survive a restart in its settings).
#[test]
fn a_fresh_share_should_listen_on_the_remembered_port() {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = probe.local_addr().expect("addr").port();
    drop(probe);
    let mut h = harness(app(new_game(), Lang::En));
    h.run();
    let v = &mut h.state_mut().game;
    v.share.remembered = Some(Ipv4Addr::LOCALHOST);
    v.share.remembered_port = Some(port);
    let host = v.game.as_mut().expect("a game");
    v.share.start(host, Ipv4Addr::LOCALHOST, Lang::En, None);
    let addr = v.share.running.as_ref().map(|r| r.share.addr());
    assert_eq!(addr.map(|a| a.port()), Some(port));
    v.share_stop();
}
