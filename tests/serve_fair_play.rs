//! Issue 33 through HTTP on 127.0.0.1: each abuse two players tried from
//! their own seat links is refused (403, a sentence naming whose choice it
//! is, the game file byte for byte as it was) or waits for the other seat,
//! which then completes it or agrees; the two pages say whom it waits for.

use std::path::{Path, PathBuf};

use crate::game_support::{Checks as _, a, rules, setup, skip_to, turn, ulrak_hits_vask};
use crate::serve_support::table::{Table, ok};
use impia::core::game::act;
use impia::core::game::{Action, Game, GameSetup, Host, Now};
use impia::server::{Seat, Seats};
use serde_json::{Value, json};

/// `g` saved as a game file (autosaved from then on) and shared, every
/// seat allowed; the file's path, kept alive by the folder.
pub(crate) fn shared(g: Game) -> (Table, PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("partida.yaml");
    let mut h = Host::detached(g);
    h.save_as(&path, false).expect("saved");
    (Table::new(h, Seats::allow_all), path, dir)
}

pub(crate) fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).expect("the game file")
}

/// 403 with an error sentence containing `says`, nothing written.
fn refused(r: &crate::serve_support::Reply, says: &str, file: &Path, before: &[u8]) {
    assert_eq!(r.status, 403, "{}", r.text());
    let e = r.json()["error"].as_str().unwrap_or_default().to_string();
    assert!(e.contains(says), "{e}");
    assert_eq!(bytes(file), before, "the file is byte-identical");
}

fn hit_waits() -> Game {
    let mut g = Game::new(setup(7), &rules());
    ulrak_hits_vask(&mut g);
    assert!(matches!(g.now(), Now::ResolveHits { .. }));
    g
}

fn acting() -> Game {
    let mut g = Game::new(setup(7), &rules());
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g
}

/// The price's sets of dice `seat` types (`by`), each with this d10.
fn own_dice(t: &Table, seat: Seat, action: &Value, d10: u32) -> Value {
    let p = ok(&t.post(seat, "price", &json!({"action": action})))["price"].clone();
    let me = if seat == Seat::A { "a" } else { "b" };
    Value::Array(
        p["dice"]
            .as_array()
            .expect("dice")
            .iter()
            .filter(|d| d["by"] == me)
            .map(|d| json!({"d10": d10, "d3": vec![2; d["d3"].as_u64().unwrap_or(0) as usize]}))
            .collect(),
    )
}

#[test]
fn r27_the_targets_seat_may_not_put_minus_10_on_the_attackers_roll() {
    let (t, file, _dir) = shared(hit_waits());
    let before = bytes(&file);
    let hit = json!({"action": "resolve_hit", "attacker": "a0", "target": "b0",
        "options": {"extra": [{"on": "attacker", "reason": "x", "modifier": -10}]}});
    refused(&t.act(Seat::B, hit), "Ana's choice", &file, &before);
    let es = t.post(
        Seat::B,
        "act?lang=es",
        &json!({"index": t.index(), "action": {"action": "resolve_hit", "attacker": "a0", "target": "b0",
            "options": {"extra": [{"on": "attacker", "reason": "x", "modifier": -10}]}}}),
    );
    refused(&es, "decisión de Ana", &file, &before);
    t.finish();
}

#[test]
fn r23_the_attacker_may_not_set_the_defenders_modifier_weapon_or_friends() {
    let (t, file, _dir) = shared(acting());
    let before = bytes(&file);
    for options in [
        json!({"extra": [{"on": "defender", "reason": "x", "modifier": -10}]}),
        json!({"defender_weapon": "unarmed"}),
        json!({"defender_friends": 0}),
    ] {
        let assault =
            json!({"action": "assault", "attacker": "a0", "defender": "b0", "options": options});
        refused(&t.act(Seat::A, assault), "Beto", &file, &before);
    }
    t.finish();
}

#[test]
fn r02_each_seat_types_its_own_d10_and_the_roll_waits_for_the_other() {
    let (t, file, _dir) = shared(acting());
    let before = bytes(&file);
    let assault = json!({"action": "assault", "attacker": "a0", "defender": "b0"});
    // Seat A types Vask's d10 too: refused.
    let p = ok(&t.post(Seat::A, "price", &json!({"action": assault})))["price"].clone();
    let both = crate::serve_act::typed_dice(&p, &[8, 10]);
    let r = t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": assault, "dice": both}),
    );
    refused(&r, "Vask's dice is Beto's choice", &file, &before);
    // Its own d10: the roll waits, and both pages say for whom.
    let mine = own_dice(&t, Seat::A, &assault, 8);
    let r = ok(&t.post(
        Seat::A,
        "act",
        &json!({"index": t.index(), "action": assault, "dice": mine}),
    ));
    assert_eq!(r["waiting"], true);
    assert_eq!(bytes(&file), before, "nothing applied yet");
    for seat in [Seat::A, Seat::B] {
        let w = t.state(seat)["waiting"].clone();
        assert_eq!(w["from"], "b", "{w}");
        assert!(
            w["text"]
                .as_str()
                .unwrap_or_default()
                .contains("waiting for Beto"),
            "{w}"
        );
    }
    assert_eq!(
        t.state(Seat::B)["waiting"]["dice"].as_array().map(Vec::len),
        Some(1)
    );
    // B answers with its own die.
    let theirs = own_dice(&t, Seat::B, &assault, 3);
    ok(&t.post(
        Seat::B,
        "act",
        &json!({"index": t.index(), "action": assault, "dice": theirs}),
    ));
    assert_eq!(t.state(Seat::A)["waiting"], Value::Null);
    let h = t.finish();
    let Some(Action::Assault(act::Assault { roll: Some(r), .. })) = h.pending().map(|p| &p.action)
    else {
        panic!("the assault waits: {:?}", h.pending());
    };
    assert_eq!((r.active.d10, r.passive.d10), (8, 3));
}

#[test]
fn r33_the_winner_may_not_accept_before_the_loser_takes_or_passes_its_re_roll() {
    let mut g = acting();
    let prep = g
        .assault_check(a(0), crate::game_support::b(0), false, &Default::default())
        .expect("check");
    g.apply(Action::Assault(act::Assault {
        attacker: a(0),
        defender: crate::game_support::b(0),
        brutal: false,
        options: Default::default(),
        roll: Some(crate::game_support::typed(prep.spec, 1, 10)),
    }))
    .expect("A rolls a 1");
    let (t, file, _dir) = shared(g);
    let before = bytes(&file);
    let offers = t.state(Seat::B)["offers"]["offers"].clone();
    let acc = offers
        .as_array()
        .and_then(|os| os.iter().find(|o| o["id"] == "accept"))
        .cloned()
        .expect("accept offered");
    assert_eq!(acc["by"], "a", "the loser closes it");
    refused(
        &t.act(Seat::B, json!({"action": "accept"})),
        "Ana may still re-roll",
        &file,
        &before,
    );
    ok(&t.act(Seat::A, json!({"action": "accept"})));
    t.finish();
}

#[test]
fn r42_inspiring_is_claimed_from_its_owners_phone() {
    let mut ra = crate::game_support::roster_a();
    ra.models[0].upgrades.push("inspiring".into());
    let setup = GameSetup::new(ra, crate::game_support::roster_b())
        .with_seed(7)
        .with_rules(3)
        .with_players("Ana", "Beto");
    let mut g = Game::new(setup, &rules());
    ulrak_hits_vask(&mut g);
    let (t, _file, _dir) = shared(g);
    let claim = json!({"action": "resolve_hit", "attacker": "a0", "target": "b0",
        "options": {"inspired": ["a1"]}});
    assert_eq!(
        t.act(Seat::B, claim.clone()).status,
        403,
        "not B's to claim"
    );
    assert_eq!(ok(&t.act(Seat::A, claim))["waiting"], true);
    assert_eq!(t.state(Seat::B)["waiting"]["from"], "b");
    // B answers with its own choice, Roll.
    ok(&t.act(
        Seat::B,
        json!({"action": "resolve_hit", "attacker": "a0", "target": "b0",
            "options": {"iron_defence": true}}),
    ));
    let h = t.finish();
    let Some(Action::ResolveHit(hit)) = h.pending().map(|p| &p.action) else {
        panic!("the hit waits: {:?}", h.pending());
    };
    assert!(hit.options.iron_defence && hit.options.inspired == vec![a(1)]);
}

#[test]
fn r31_witnesses_named_by_the_other_seat_wait_for_their_owners_leave() {
    let mut g = hit_waits();
    g.act(Action::ResolveHit(act::ResolveHit {
        attacker: a(0),
        target: crate::game_support::b(0),
        options: Default::default(),
        roll: None,
        witnesses: vec![],
    }))
    .expect("rolled");
    let (t, file, _dir) = shared(g);
    let before = bytes(&file);
    // Whoever may accept: A proposes B's witnesses; B agrees.
    let named = json!({"action": "accept", "witnesses": ["b1", "b2"]});
    let r = t.act(Seat::A, named.clone());
    if r.status == 403 {
        // B is still asked about its re-roll: A may not close it at all.
        refused(&r, "Beto may still re-roll", &file, &before);
        t.finish();
        return;
    }
    assert_eq!(ok(&r)["waiting"], true);
    assert_eq!(bytes(&file), before, "nothing applied before B agrees");
    let w = t.state(Seat::B)["waiting"].clone();
    assert!(
        w["text"]
            .as_str()
            .unwrap_or_default()
            .contains("which witnesses gain fear"),
        "{w}"
    );
    ok(&t.act(Seat::B, named));
    let h = t.finish();
    assert!(h.pending().is_none(), "accepted");
}

#[test]
fn ending_the_turn_while_the_other_has_models_to_activate_waits_for_them() {
    let mut g = acting();
    crate::game_support::end(&mut g, a(0));
    let (t, file, _dir) = shared(g);
    let before = bytes(&file);
    let end = json!({"action": "end_turn"});
    assert_eq!(ok(&t.act(Seat::B, end.clone()))["waiting"], true);
    assert_eq!(bytes(&file), before);
    assert!(
        t.state(Seat::A)["waiting"]["text"]
            .as_str()
            .unwrap_or_default()
            .contains("still to activate")
    );
    ok(&t.act(Seat::A, end));
    let h = t.finish();
    assert!(matches!(h.now(), Now::StartTurn { .. }), "{:?}", h.now());
}

#[test]
fn the_laptop_decides_a_proposal_waiting_for_a_phone() {
    let mut g = acting();
    crate::game_support::end(&mut g, a(0));
    let (t, _file, _dir) = shared(g);
    let end = json!({"action": "end_turn"});
    assert_eq!(ok(&t.act(Seat::B, end.clone()))["waiting"], true);
    // Dropped: nothing changes, the phones no longer show it.
    t.on_owner(|h, s, sh| s.decide(false, h, sh).expect("dropped"));
    assert_eq!(t.state(Seat::A)["waiting"], Value::Null);
    assert_eq!(ok(&t.act(Seat::B, end))["waiting"], true);
    // Applied by the referee.
    t.on_owner(|h, s, sh| s.decide(true, h, sh).expect("applied"));
    let h = t.finish();
    assert!(matches!(h.now(), Now::StartTurn { .. }), "{:?}", h.now());
}

#[test]
fn r26_the_friend_a_stray_shot_hits_named_by_the_other_seat_waits_for_its_owner() {
    use crate::game_support::a;
    // Kel (A) missed Tuk (B), engaged with A's Brann and Grim: which friend
    // the stray shot hits is A's choice (issue 33).
    let (t, file, _dir) = shared(crate::game_rules4::stray_miss(4, &[a(1), a(4)]));
    let before = bytes(&file);
    let named = json!({"action": "accept", "stray": "a4"});
    let r = t.act(Seat::B, named.clone());
    assert_eq!(ok(&r)["waiting"], true, "{}", r.text());
    assert_eq!(bytes(&file), before, "nothing applied before A agrees");
    for seat in [Seat::A, Seat::B] {
        let w = t.state(seat)["waiting"].clone();
        assert_eq!(w["proposal"], true, "{w}");
        assert_eq!(w["from"], "a", "{w}");
    }
    // A refuses: the file as it was.
    ok(&t.post(
        Seat::A,
        "answer",
        &json!({"index": t.index(), "allow": false}),
    ));
    assert_eq!(bytes(&file), before, "the file is byte-identical");
    assert_eq!(t.state(Seat::B)["waiting"], Value::Null);
    // Proposed again and allowed: Grim takes the stray shot.
    assert_eq!(ok(&t.act(Seat::B, named))["waiting"], true);
    ok(&t.post(
        Seat::A,
        "answer",
        &json!({"index": t.index(), "allow": true}),
    ));
    let h = t.finish();
    assert!(
        h.state().pending_hits.iter().any(|x| x.target == a(4)),
        "the stray shot hits Grim"
    );
}
