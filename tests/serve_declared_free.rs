//! Issue 34, from the phones alone (HTTP on 127.0.0.1): a fall's height
//! declared (R18), and the hand adjustments of one's own side, the other
//! side's refused (403, nothing applied).

use serde_json::{Value, json};

use crate::game_support::{a, b, fear_of, pool};
use crate::serve_act::acting_a0;
use crate::serve_support::table::{Table, ok};
use impia::core::game::{Action, Host, Side};
use impia::server::{Seat, Seats};

fn declared(t: &Table, seat: Seat, action: &Value, key: Value, value: Value) -> Value {
    let r = ok(&t.post(
        seat,
        "price",
        &json!({"action": action, "declare": {"key": key, "value": value}}),
    ));
    r["draft"].clone()
}

#[test]
fn r18_a_phone_declares_a_falls_height_and_it_is_rolled() {
    let t = Table::new(Host::detached(acting_a0()), Seats::allow_all);
    let s = t.state(Seat::A);
    let offers = s["offers"]["offers"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let fall = offers
        .iter()
        .find(|o| o["id"] == "fall")
        .unwrap_or_else(|| panic!("a fall offered: {s}"));
    let draft = fall["draft"].clone();
    let d = declared(&t, Seat::A, &draft, json!({"on": "height"}), json!(["15"]));
    assert_eq!(d["height_cm"], 15.0, "{d}");
    ok(&t.act(Seat::A, d));
    let h = t.finish();
    assert!(
        matches!(h.actions().last(), Some(Action::Fall(f)) if f.height_cm == 15.0 && f.roll.is_some()),
        "{:?}",
        h.actions().last()
    );
}

#[test]
fn a_phone_adjusts_its_own_side_by_hand_and_not_the_others() {
    let g = acting_a0();
    let (fa, fb, pb) = (fear_of(&g, a(1)), fear_of(&g, b(1)), pool(&g, Side::B));
    let t = Table::new(Host::detached(g), Seats::allow_all);
    ok(&t.act(
        Seat::A,
        json!({"action": "adjust_fear", "model": "a1", "delta": 1}),
    ));
    let before = t.index();
    let r = t.act(
        Seat::A,
        json!({"action": "adjust_fear", "model": "b1", "delta": 1}),
    );
    assert_eq!(r.status, 403, "{}", r.text());
    let r = t.act(
        Seat::A,
        json!({"action": "adjust_pool", "side": "b", "delta": -1}),
    );
    assert_eq!(r.status, 403, "{}", r.text());
    assert_eq!(t.index(), before, "nothing applied");
    // The laptop keeps both sides.
    let h = t.finish();
    assert_eq!(fear_of(h.game(), a(1)), fa + 1);
    assert_eq!(fear_of(h.game(), b(1)), fb);
    assert_eq!(pool(h.game(), Side::B), pb);
}
