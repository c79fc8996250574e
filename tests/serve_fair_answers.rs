//! Issue 33 through HTTP on 127.0.0.1, what the lead left: the defender
//! picks its weapon on its own phone (one tap, which rolls), the
//! attacker's seat may not; a proposal of one seat shows Allow / Refuse
//! on the other, and Refuse changes nothing (the file byte for byte) and
//! tells both phones; the laptop's undo is told on both phones.

use crate::fair_play_answers::acting_against_two_weapons;
use crate::game_support::{a, rules, setup, skip_to, turn};
use crate::serve_fair_play::{bytes, shared};
use crate::serve_support::table::ok;
use impia::core::game::{Action, Game, Now};
use impia::server::Seat;
use serde_json::{Value, json};

fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

#[test]
fn r23_the_defender_picks_its_weapon_on_its_phone_in_one_tap() {
    let (t, file, _dir) = shared(acting_against_two_weapons());
    let before = bytes(&file);
    // The attacker's seat may not pick it.
    let picked = json!({"action": "assault", "attacker": "a0", "defender": "b0",
        "options": {"defender_weapon": "small_blade"}});
    let r = t.act(Seat::A, picked);
    assert_eq!(r.status, 403, "{}", r.text());
    assert_eq!(text(&r.json()["error"]), "Vask's weapon is Beto's choice");
    assert_eq!(bytes(&file), before);
    // Roll: it waits for Beto's pick, and both phones say so.
    let plain = json!({"action": "assault", "attacker": "a0", "defender": "b0"});
    assert_eq!(ok(&t.act(Seat::A, plain))["waiting"], true);
    assert_eq!(bytes(&file), before, "nothing rolled yet");
    for seat in [Seat::A, Seat::B] {
        let w = t.state(seat)["waiting"].clone();
        assert!(
            text(&w["text"]).contains("waiting for Beto: Vask's weapon"),
            "{w}"
        );
    }
    let w = t.state(Seat::B)["waiting"].clone();
    assert_eq!(w["proposal"], false, "a choice, not a proposal");
    let weapons = w["weapons"].as_array().cloned().unwrap_or_default();
    let labels: Vec<String> = weapons.iter().map(|x| text(&x["label"])).collect();
    assert_eq!(labels.len(), 2, "{w}");
    // One tap: the small blade, and the game rolls.
    let blade = weapons
        .iter()
        .find(|x| x["action"]["options"]["defender_weapon"] == "small_blade")
        .expect("the small blade offered")["action"]
        .clone();
    ok(&t.act(Seat::B, blade));
    assert_eq!(t.state(Seat::A)["waiting"], Value::Null);
    let h = t.finish();
    let Some(Action::Assault(x)) = h.pending().map(|p| &p.action) else {
        panic!("the assault waits: {:?}", h.pending());
    };
    assert!(x.roll.is_some(), "rolled");
    assert_eq!(x.options.defender_weapon.as_deref(), Some("small_blade"));
}

fn turn_ended_by_a0() -> Game {
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    crate::game_support::end(&mut g, a(0));
    g
}

#[test]
fn a_proposal_refused_on_the_other_phone_changes_nothing_and_both_are_told() {
    let (t, file, _dir) = shared(turn_ended_by_a0());
    let before = bytes(&file);
    let end = json!({"action": "end_turn"});
    assert_eq!(ok(&t.act(Seat::B, end.clone()))["waiting"], true);
    // Both phones show the proposal in words; Ana's may refuse it.
    for seat in [Seat::A, Seat::B] {
        let w = t.state(seat)["waiting"].clone();
        assert!(text(&w["text"]).contains("still to activate"), "{w}");
        assert_eq!(w["proposal"], true);
    }
    // The proposer may not answer its own proposal.
    let own = t.post(
        Seat::B,
        "answer",
        &json!({"index": t.index(), "allow": false}),
    );
    assert_eq!(own.status, 422, "{}", own.text());
    // Ana refuses: nothing applied, the file as it was, both told.
    ok(&t.post(
        Seat::A,
        "answer",
        &json!({"index": t.index(), "allow": false}),
    ));
    assert_eq!(bytes(&file), before, "the file is byte-identical");
    for seat in [Seat::A, Seat::B] {
        let s = t.state(seat);
        assert_eq!(s["waiting"], Value::Null);
        let n = text(&s["notice"]);
        assert!(n.starts_with("Ana refuses; not applied: "), "{n}");
        assert!(n.contains("still to activate"), "{n}");
    }
    let es = crate::serve_support::get(t.addr, &format!("{}state?lang=es", t.path(Seat::B)));
    assert!(
        text(&es.json()["notice"]).starts_with("Ana no lo acepta; no se aplica: "),
        "{}",
        es.text()
    );
    // Proposed again and allowed: applied.
    assert_eq!(ok(&t.act(Seat::B, end))["waiting"], true);
    ok(&t.post(
        Seat::A,
        "answer",
        &json!({"index": t.index(), "allow": true}),
    ));
    let h = t.finish();
    assert!(matches!(h.now(), Now::StartTurn { .. }), "{:?}", h.now());
}

#[test]
fn the_laptop_refusing_a_proposal_tells_both_phones() {
    let (t, file, _dir) = shared(turn_ended_by_a0());
    let before = bytes(&file);
    assert_eq!(
        ok(&t.act(Seat::B, json!({"action": "end_turn"})))["waiting"],
        true
    );
    t.on_owner(|h, s, sh| s.decide(false, h, sh).expect("dropped"));
    assert_eq!(bytes(&file), before);
    let n = text(&t.state(Seat::B)["notice"]);
    assert!(n.starts_with("The laptop refuses; not applied: "), "{n}");
    t.finish();
}

#[test]
fn an_engagement_set_by_hand_from_the_other_seat_waits_and_a_refusal_leaves_the_file() {
    let (t, file, _dir) = shared(turn_ended_by_a0());
    let before = bytes(&file);
    let engage = json!({"action": "set_engaged", "a": "a1", "b": "b1", "engaged": true});
    assert_eq!(ok(&t.act(Seat::B, engage))["waiting"], true);
    assert_eq!(bytes(&file), before, "nothing applied before Ana answers");
    let w = text(&t.state(Seat::A)["waiting"]["text"]);
    assert!(w.contains("waiting for Ana"), "{w}");
    ok(&t.post(
        Seat::A,
        "answer",
        &json!({"index": t.index(), "allow": false}),
    ));
    assert_eq!(bytes(&file), before, "the file is byte-identical");
    t.finish();
}

#[test]
fn r39_the_dark_forces_are_not_rolled_again_by_an_undo_from_either_phone() {
    let (t, file, _dir) = shared(Game::new(setup(7), &rules()));
    ok(&t.act(Seat::A, json!({"action": "start_turn"})));
    let before = bytes(&file);
    for seat in [Seat::A, Seat::B] {
        let r = t.post(seat, "undo", &json!({"index": t.index()}));
        assert!(
            r.status == 202 || r.status == 409,
            "{seat:?}: a request, never an undo: {} {}",
            r.status,
            r.text()
        );
        assert_eq!(bytes(&file), before, "the roll stands");
    }
    t.finish();
}

#[test]
fn the_laptops_undo_is_told_on_both_phones_and_its_roll_stays_in_the_report() {
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    let (t, _file, _dir) = shared(g);
    let assault = json!({"action": "assault", "attacker": "a0", "defender": "b0"});
    ok(&t.act(Seat::A, assault));
    assert!(t.on_owner(|h, s, sh| s.laptop_undo(h, sh, false).expect("undone").is_some()));
    for seat in [Seat::A, Seat::B] {
        let n = text(&t.state(seat)["notice"]);
        assert!(
            n.starts_with("The laptop undid: Ulrak assaults Vask"),
            "{n}"
        );
    }
    // The game goes on and ends: the report keeps the roll, marked.
    ok(&t.act(Seat::B, json!({"action": "end_game"})));
    let at = t.on_owner(|h, _, _| h.actions().len());
    let report = crate::serve_support::get(
        t.addr,
        &format!("{}report?at={at}&lang=en", t.path(Seat::B)),
    );
    assert_eq!(report.status, 200, "{}", report.text());
    let r = report.text();
    assert!(
        r.contains("Ulrak assaults Vask") && r.contains("taken back by the laptop"),
        "{r}"
    );
    t.finish();
}
