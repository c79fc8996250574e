//! Issue 23: the Aimed shot (R26) and Iron defence (R28) are declarations
//! of the one Shoot and hit offer, labelled and priced from their rows of
//! `tables/actions.yaml`; the friends who may witness a model put Down
//! (R31) are a declaration of the hit and of accepting a roll.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::draft::{AIMED_SHOT, IRON_DEFENCE, declare, value};
use impia::core::game::{
    Action, DeclKey, DeclKind, Declaration, Declared, Game, Now, Offer, OffersView, Side, Status,
};
use impia::core::text::Lang;

fn row_dp(g: &Game, id: &str) -> i32 {
    g.rules()
        .action(id)
        .and_then(|r| r.dp)
        .expect("a row with DP") as i32
}

fn row_advantages(g: &Game, id: &str) -> u32 {
    g.rules().action(id).expect("the row").effect.advantages
}

fn find<'a>(ds: &'a [Declaration], key: &DeclKey) -> Option<&'a Declaration> {
    ds.iter().find(|d| d.key == *key)
}

fn aimed() -> DeclKey {
    DeclKey::Row(AIMED_SHOT.into())
}

fn iron() -> DeclKey {
    DeclKey::Row(IRON_DEFENCE.into())
}

fn kel_shoots(g: &mut Game) -> Vec<Offer> {
    turn(g, 4);
    skip_to(g, a(2));
    g.offers().offers
}

#[test]
fn r26_the_aimed_shot_is_declared_on_the_one_shoot_offer_with_its_row_dp_and_advantage() {
    let mut g = game();
    let offers = kel_shoots(&mut g);
    let shots: Vec<&Offer> = offers
        .iter()
        .filter(|o| o.id == "shoot" && o.model == Some(a(2)))
        .collect();
    assert_eq!(
        shots.len(),
        1,
        "one Shoot offer, the aimed shot declared on it"
    );
    let shot = shots[0];
    assert_eq!(shot.dp, row_dp(&g, "shoot"));
    let t = shot.targets.first().expect("a target");
    let d = find(&t.declarations, &aimed()).expect("the aimed shot declared");
    let DeclKind::Flag { effect } = &d.kind else {
        panic!("{d:?}");
    };
    let extra = row_dp(&g, "aimed_shot") - row_dp(&g, "shoot");
    assert_eq!(effect.dp, extra);
    assert_eq!(effect.advantages, row_advantages(&g, "aimed_shot"));
    let name = &g.rules().action("aimed_shot").expect("row").name;
    assert!(d.label.es.starts_with(&name.es), "{}", d.label.es);
    assert!(
        d.label.en.contains(&format!("+{extra} DP")),
        "{}",
        d.label.en
    );
    // Declared, the draft is priced with the aimed shot's DP and better odds.
    let mut on = t.draft.clone();
    assert!(declare(&mut on, &aimed(), &Declared::Count(1)));
    assert_eq!(value(&on, &aimed()), Some(Declared::Count(1)));
    let (plain, sharp) = (
        g.price(&t.draft).expect("priced"),
        g.price(&on).expect("priced"),
    );
    assert_eq!(plain.dp, row_dp(&g, "shoot"));
    assert_eq!(sharp.dp, row_dp(&g, "aimed_shot"));
    assert!(sharp.win > plain.win, "{:?} {:?}", sharp.win, plain.win);
    // The action's fields are the game file's: `options.aimed`.
    let Action::Shoot(act::Shoot { options, .. }) = &on else {
        panic!("{on:?}");
    };
    assert!(options.aimed);
}

#[test]
fn r26_no_aimed_shot_is_declared_after_a_move() {
    let mut g = game();
    kel_shoots(&mut g);
    ok(&mut g, Action::Move(act::Move { model: a(2) }));
    let offers = g.offers().offers;
    let shot = offers
        .iter()
        .find(|o| o.id == "shoot" && o.model == Some(a(2)))
        .expect("the shot");
    assert!(shot.allowed);
    for t in &shot.targets {
        assert!(find(&t.declarations, &aimed()).is_none(), "{t:?}");
    }
}

#[test]
fn r28_iron_defence_is_declared_on_the_hit_with_its_row_dp_and_advantage() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    let offers = g.offers().offers;
    let hits: Vec<&Offer> = offers.iter().filter(|o| o.id == "resolve_hit").collect();
    assert_eq!(hits.len(), 1, "one hit offer, Iron defence declared on it");
    let hit = hits[0];
    assert_eq!(hit.dp, 0, "the hit itself costs nothing");
    let d = find(&hit.declarations, &iron()).expect("Iron defence declared");
    let DeclKind::Flag { effect } = &d.kind else {
        panic!("{d:?}");
    };
    assert_eq!(effect.dp, row_dp(&g, "iron_defence"));
    assert_eq!(effect.advantages, row_advantages(&g, "iron_defence"));
    let name = &g.rules().action("iron_defence").expect("row").name;
    assert!(d.label.en.starts_with(&name.en), "{}", d.label.en);
    let mut on = hit.draft.clone();
    assert!(declare(&mut on, &iron(), &Declared::Count(1)));
    let (plain, iron_p) = (
        g.price(&hit.draft).expect("priced"),
        g.price(&on).expect("priced"),
    );
    assert_eq!(iron_p.dp, row_dp(&g, "iron_defence"));
    // Its advantage is in the roll priced (the hit's odds move).
    assert!(plain.win.is_some());
    assert_ne!(iron_p.win, plain.win);
}

#[test]
fn r28_iron_defence_is_not_declared_when_its_dp_cannot_be_paid() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    let side = Side::B;
    let p = pool(&g, side);
    ok(
        &mut g,
        Action::AdjustPool(act::AdjustPool { side, delta: -p }),
    );
    let own = g.state().model(b(0)).expect("Vask").own_dp;
    if own != 0 {
        ok(
            &mut g,
            Action::AdjustOwnDp(act::AdjustOwnDp {
                model: b(0),
                delta: -own,
            }),
        );
    }
    assert_eq!(g.dp_available(b(0)), 0);
    let offers = g.offers().offers;
    let hit = offers
        .iter()
        .find(|o| o.id == "resolve_hit")
        .expect("the hit");
    assert!(hit.allowed);
    assert!(find(&hit.declarations, &iron()).is_none());
}

#[test]
fn r31_witnesses_are_declared_on_the_hit_and_gain_fear_when_it_puts_down() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    let offers = g.offers().offers;
    let hit = offers
        .iter()
        .find(|o| o.id == "resolve_hit")
        .expect("the hit");
    let d = find(&hit.declarations, &DeclKey::Witnesses).expect("witnesses declared");
    let DeclKind::Models { models } = &d.kind else {
        panic!("{d:?}");
    };
    let friends: Vec<_> = g
        .state()
        .models_of(Side::B)
        .filter(|(r, m)| *r != b(0) && m.status.in_play())
        .map(|(r, _)| r)
        .collect();
    assert_eq!(*models, friends);
    let reading = g
        .rules()
        .reference
        .readings
        .iter()
        .find(|r| r.id == "fear_witnesses")
        .expect("the reading");
    assert_eq!(d.label, reading.title);
    // Named with the hit, the witness gains fear when Vask is put Down.
    let w = friends[0];
    let before = fear_of(&g, w);
    hit_with(&mut g, a(0), b(0), Default::default(), 10, 1, vec![w]);
    assert_eq!(g.state().model(b(0)).expect("Vask").status, Status::Down);
    assert!(fear_of(&g, w) > before);
}

#[test]
fn r31_the_accept_declares_the_witnesses_only_when_the_roll_puts_a_model_down() {
    for (attacker_d10, down) in [(10, true), (1, false)] {
        let mut g = game();
        ulrak_hits_vask(&mut g);
        let prep = g
            .hit_check(a(0), b(0), &Default::default())
            .expect("hit check");
        let (act, pas) = if prep.active == Some(a(0)) {
            (attacker_d10, 11 - attacker_d10)
        } else {
            (11 - attacker_d10, attacker_d10)
        };
        g.apply(Action::ResolveHit(act::ResolveHit {
            attacker: a(0),
            target: b(0),
            options: Default::default(),
            roll: Some(typed(prep.spec, act, pas)),
            witnesses: Vec::new(),
        }))
        .expect("the hit rolls");
        assert_eq!(g.now(), Now::Rolled);
        let offers = g.offers().offers;
        let accept = offers.iter().find(|o| o.id == "accept").expect("accept");
        let d = find(&accept.declarations, &DeclKey::Witnesses);
        assert_eq!(d.is_some(), down, "{:?}", accept.declarations);
        if let Some(d) = d {
            let DeclKind::Models { models } = &d.kind else {
                panic!("{d:?}");
            };
            assert_eq!(*models, accept.choices);
            let mut a = accept.draft.clone();
            assert!(declare(&mut a, &d.key, &Declared::Models(vec![models[0]])));
            let before = fear_of(&g, models[0]);
            g.apply(a).expect("accepted with a witness");
            assert!(fear_of(&g, models[0]) > before);
        }
    }
}

#[test]
fn r31_rules_1_ask_no_witnesses_before_the_hit_is_rolled() {
    let mut g = game_rules_1();
    ulrak_hits_vask(&mut g);
    let offers = g.offers().offers;
    let hit = offers
        .iter()
        .find(|o| o.id == "resolve_hit")
        .expect("the hit");
    assert!(find(&hit.declarations, &DeclKey::Witnesses).is_none());
}

#[test]
fn r28_the_offers_json_shows_one_hit_with_iron_defence_to_declare_and_its_price() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    let v = serde_json::to_value(OffersView::of(&g, Lang::En)).expect("serialises");
    let hits: Vec<&serde_json::Value> = v["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .filter(|o| o["id"] == "resolve_hit")
        .collect();
    assert_eq!(hits.len(), 1, "{hits:?}");
    let hit = hits[0];
    let iron = hit["declarations"]
        .as_array()
        .expect("declarations")
        .iter()
        .find(|d| d["key"]["on"] == "row" && d["key"]["id"] == IRON_DEFENCE)
        .expect("Iron defence to declare");
    assert_eq!(iron["kind"], "flag");
    assert_eq!(iron["effect"]["dp"], row_dp(&g, "iron_defence"));
    assert_eq!(
        iron["effect"]["advantages"],
        row_advantages(&g, "iron_defence")
    );
    // The offer's own draft is priced: nothing declared, nothing paid.
    assert_eq!(hit["price"]["dp"], 0);
    assert!(hit["price"]["check"].is_object(), "{hit}");
}

#[test]
fn r31_a_fall_declares_the_fallers_friends_as_witnesses_from_rules_2_on() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    let fall = Action::Fall(act::Fall {
        model: a(1),
        height_cm: 25.0,
        roll: None,
        witnesses: Vec::new(),
    });
    let ds = g.declarations(&fall);
    let d = find(&ds, &DeclKey::Witnesses).expect("witnesses declared");
    let DeclKind::Models { models } = &d.kind else {
        panic!("{d:?}");
    };
    assert!(models.iter().all(|m| m.side == Side::A && *m != a(1)));
    assert!(!models.is_empty());
    let mut old = game_rules_1();
    turn(&mut old, 4);
    skip_to(&mut old, a(1));
    assert!(find(&old.declarations(&fall), &DeclKey::Witnesses).is_none());
}
