//! Issue 34, from the phones alone (HTTP on 127.0.0.1): what the laptop
//! asked in forms of its own is a core declaration or a typed die every
//! seat can give: the dark forces and the roll-off dice typed (R39, R08),
//! an activation ended on tainted ground near the enemy totem (R14, R33),
//! Susurro cast and its fear applied (R38).

use serde_json::{Value, json};

use crate::game_support::{a, b, fear_of, roster_a, roster_b, rules, skip_to, turn};
use crate::serve_act::{acting_a0, host};
use crate::serve_support::table::{Table, ok};
use impia::core::game::{Action, Game, GameSetup, Host, Now, SpellChoice};
use impia::core::roster::{Spell, SpellEffect};
use impia::server::{Seat, Seats};

/// A draft answered through `POST price` (the page's path): the draft the
/// core returns.
fn declared(t: &Table, seat: Seat, action: &Value, key: Value, value: Value) -> Value {
    let r = ok(&t.post(
        seat,
        "price",
        &json!({"action": action, "declare": {"key": key, "value": value}}),
    ));
    r["draft"].clone()
}

#[test]
fn r39_r08_a_phone_types_the_dark_forces_die_and_the_roll_off() {
    let t = Table::new(host(), Seats::allow_all);
    let start = json!({"action": "start_turn"});
    let p = ok(&t.post(Seat::A, "price", &json!({"action": start})))["price"].clone();
    let dice = p["dice"].as_array().expect("dice");
    assert_eq!(dice.len(), 1, "the dark forces' d10: {p}");
    assert!(dice[0]["label"].as_str().is_some_and(|l| !l.is_empty()));
    ok(&t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": start, "dice": [{"d10": 6}]}),
    ));
    ok(&t.act(Seat::A, json!({"action": "end_change_round", "side": "a"})));
    ok(&t.act(Seat::B, json!({"action": "end_change_round", "side": "b"})));
    let roll = json!({"action": "roll_off"});
    let p = ok(&t.post(Seat::B, "price", &json!({"action": roll})))["price"].clone();
    assert_eq!(p["dice"].as_array().map(Vec::len), Some(2), "{p}");
    ok(&t.post(
        Seat::B,
        "act",
        &json!({"index": t.index(), "action": roll, "dice": [{"d10": 2}, {"d10": 9}]}),
    ));
    let h = t.finish();
    let log = h.actions();
    assert!(
        matches!(&log[0], Action::StartTurn(s) if s.dark_forces == vec![6]),
        "{:?}",
        log[0]
    );
    assert!(
        matches!(log.last(), Some(Action::RollOff(r)) if r.rolls == vec![[2, 9]]),
        "{:?}",
        log.last()
    );
    assert!(
        matches!(
            h.now(),
            Now::ChooseStart {
                winner: impia::core::game::Side::B,
                ..
            }
        ),
        "{:?}",
        h.now()
    );
}

#[test]
fn r14_r33_a_phone_ends_an_activation_on_tainted_ground_near_the_enemy_totem() {
    let g = acting_a0();
    let fear = fear_of(&g, a(0));
    let lost = g.state().model(a(0)).expect("Ulrak").toughness_lost;
    let t = Table::new(Host::detached(g), Seats::allow_all);
    let end = json!({"action": "end_activation", "model": "a0"});
    let d = declared(
        &t,
        Seat::A,
        &end,
        json!({"on": "terrain"}),
        json!(["tainted"]),
    );
    let d = declared(&t, Seat::A, &d, json!({"on": "enemy_totem"}), json!(1));
    ok(&t.act(Seat::A, d));
    let h = t.finish();
    let x = h.state().model(a(0)).expect("Ulrak");
    assert_eq!(x.fear, fear + 1, "R33");
    assert_eq!(x.toughness_lost, lost + 1, "R14 tainted");
}

/// Mira (a3) knows Susurro ("an enemy gains 1 fear"), in her activation.
fn susurro_game() -> Game {
    let mut ra = roster_a();
    ra.models[3].spells = vec![Spell {
        name: "Susurro del Páramo".into(),
        level: 1,
        cost: 1,
        text: "Una miniatura enemiga gana 1 marcador de Pavor.".into(),
        hit: None,
        effect: SpellEffect {
            fear: 1,
            ..SpellEffect::default()
        },
    }];
    let mut g = Game::new(GameSetup::new(ra, roster_b()).with_seed(7), &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    g
}

#[test]
fn r38_a_phone_casts_susurro_and_the_fear_is_applied() {
    let g = susurro_game();
    let fear = fear_of(&g, b(1));
    let t = Table::new(Host::detached(g), Seats::allow_all);
    // The page's offer: Susurro names each enemy, a target each.
    let s = t.state(Seat::A);
    let offer = s["offers"]["offers"]
        .as_array()
        .and_then(|os| {
            os.iter().find(|o| {
                o["id"] == "cast_spell" && !o["targets"].as_array().is_none_or(Vec::is_empty)
            })
        })
        .cloned()
        .unwrap_or_else(|| panic!("Susurro offered with its targets: {s}"));
    let draft = offer["targets"]
        .as_array()
        .and_then(|ts| ts.iter().find(|t| t["model"] == "b1"))
        .map(|t| t["draft"].clone())
        .expect("Tuk a target");
    ok(&t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": draft, "dice": [{"d10": 1}]}),
    ));
    ok(&t.act(Seat::A, json!({"action": "accept"})));
    let h = t.finish();
    assert_eq!(
        fear_of(h.game(), b(1)),
        fear + 1,
        "Tuk gained Susurro's fear"
    );
    assert!(
        matches!(h.actions().iter().rev().find(|a| matches!(a, Action::CastSpell(_))),
            Some(Action::CastSpell(c)) if c.spell == SpellChoice::Known { index: 0 }
                && c.target == Some(b(1)) && c.backlash == vec![1]),
        "{:?}",
        h.actions()
    );
}

#[test]
fn r39_a_phone_adds_the_beast_the_dark_forces_call() {
    let h = Host::new(
        crate::game_support::setup(7).with_beast(impia::core::game::sim::sample_beast()),
        &rules(),
    );
    let t = Table::new(h, Seats::allow_all);
    ok(&t.post(
        Seat::B,
        "act",
        &json!({"index": t.index(), "action": {"action": "start_turn"}, "dice": [{"d10": 8}]}),
    ));
    let s = t.state(Seat::B);
    let offer = s["offers"]["offers"]
        .as_array()
        .and_then(|os| os.iter().find(|o| o["id"] == "beast_appears"))
        .cloned()
        .unwrap_or_else(|| panic!("the beast offered: {s}"));
    let d = declared(
        &t,
        Seat::B,
        &offer["draft"],
        json!({"on": "beast"}),
        json!(["0"]),
    );
    ok(&t.act(Seat::B, d));
    let h = t.finish();
    assert_eq!(
        h.state().beasts.len(),
        1,
        "the bestiary's beast is on the table"
    );
    assert!(!h.state().beast_due);
}
