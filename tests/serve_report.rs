//! Issue 32: an ended game's report is built once and sent to a page that
//! asks for it (`GET report?lang=`), not inside every seat's state (629 KB
//! a state at 100,000 actions, rebuilt on every publish). On 127.0.0.1.

use crate::game_support::{rules, setup};
use crate::serve_support::get;
use crate::serve_support::table::{Table, ok};
use impia::core::game::Host;
use impia::server::{Seat, Seats};
use serde_json::json;

#[test]
fn an_ended_games_report_is_fetched_apart_in_each_language_not_sent_in_each_state() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("g.yaml");
    let h = Host::create(&file, setup(7), &rules(), false).expect("a game file");
    let t = Table::new(h, Seats::allow_all);
    let report =
        |seat: Seat, lang: &str| get(t.addr, &format!("{}report?at=1&lang={lang}", t.path(seat)));
    assert_eq!(
        report(Seat::A, "en").status,
        404,
        "no report before the end"
    );
    assert_eq!(t.state(Seat::A)["end"], json!(null));
    ok(&t.act(Seat::B, json!({"action": "end_game"})));
    let s = t.state(Seat::A);
    let at = t.on_owner(|h, _, _| h.actions().len());
    assert_eq!(s["end"]["report"], json!(format!("report?at={at}")));
    let en = report(Seat::A, "en");
    assert_eq!(en.status, 200);
    assert_eq!(
        en.header("content-type").as_deref(),
        Some("text/plain; charset=utf-8")
    );
    let en = en.text();
    assert!(en.starts_with("A draw") || en.starts_with("Won by"), "{en}");
    assert!(en.contains("Culto del Cuervo"), "{en}");
    let es = report(Seat::B, "es").text();
    assert!(es.starts_with("Empate") || es.starts_with("Gana"), "{es}");
    // Not in the states: every seat's JSON is without the report's words.
    for seat in Seat::ALL {
        let text = get(t.addr, &format!("{}state?lang=en", t.path(seat))).text();
        assert!(!text.contains(&en), "{seat:?} carries the report");
    }
    // A confirmation changes the state, not the report.
    ok(&t.post(Seat::A, "confirm", &json!({"index": t.index()})));
    assert_eq!(report(Seat::Table, "en").text(), en);
    let r = crate::serve_support::post(t.addr, &format!("{}report", t.path(Seat::A)), "{}");
    assert_eq!(r.status, 405, "the report is read-only");
}
