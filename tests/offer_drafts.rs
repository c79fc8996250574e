//! Issue 23: each offer carries a draft (its action pre-filled from what
//! the tracker knows) and the declarations the players may still make,
//! labelled from the tables; `Game::price` prices exactly a draft. One test
//! per rule moved into the core (they used to be decided in the view and
//! in the random player).

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::draft::{declare, value};
use impia::core::game::{Action, DeclKey, DeclKind, Declared, Game, GameSetup, Offer, Status};
use impia::core::odds::Prob;
use impia::core::text::Lang;

fn offer(offers: &[Offer], pred: impl Fn(&Offer) -> bool) -> &Offer {
    offers.iter().find(|o| pred(o)).expect("the offer is there")
}

fn consecutive(a: &Action) -> u32 {
    match a {
        Action::Assault(act::Assault { options, .. }) => options
            .options
            .get("consecutive_moves")
            .copied()
            .unwrap_or(0),
        other => panic!("not an assault: {other:?}"),
    }
}

#[test]
fn r20_an_assault_after_two_moves_is_offered_with_two_consecutive_moves() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let before = g.offers();
    let plain = offer(&before.offers, |o| {
        o.id == "assault"
            && matches!(
                o.action,
                Action::Assault(act::Assault { brutal: false, .. })
            )
    });
    assert_eq!(consecutive(&plain.draft), 0, "no Move yet");
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    let offers = g.offers().offers;
    for brutal in [false, true] {
        let o = offer(&offers, |o| {
            o.id == "assault"
                && matches!(o.action, Action::Assault(act::Assault { brutal: b, .. }) if b == brutal)
        });
        assert_eq!(consecutive(&o.draft), 2, "brutal {brutal}");
        assert_eq!(consecutive(&o.action), 0, "the plain action keeps its key");
        for t in &o.targets {
            assert_eq!(consecutive(&t.draft), 2);
        }
        // The count stays a declaration the players may lower (no line of
        // sight on one Move).
        let d = o
            .declarations
            .iter()
            .find(|d| d.key == DeclKey::Option("consecutive_moves".into()))
            .expect("consecutive moves declared");
        assert!(matches!(d.kind, DeclKind::Count { .. }));
        let row = g
            .rules()
            .action("assault")
            .and_then(|r| r.options.iter().find(|o| o.id == "consecutive_moves"))
            .expect("the table row");
        assert!(d.label.es.starts_with(&row.name.es), "{}", d.label.es);
    }
    // A Move then something else: the Moves are not consecutive any more.
    ok(
        &mut g,
        Action::TouchTerrain(act::TouchTerrain {
            model: a(0),
            terrain: "water".into(),
        }),
    );
    let o = g.offers();
    let o = offer(&o.offers, |o| o.id == "assault");
    assert_eq!(consecutive(&o.draft), 0);
}

#[test]
fn r20_the_price_of_the_pre_filled_assault_is_of_exactly_that_draft() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    let offers = g.offers();
    let o = offer(&offers.offers, |o| {
        o.id == "assault"
            && matches!(
                o.action,
                Action::Assault(act::Assault { brutal: false, .. })
            )
    });
    let t = o.targets.first().expect("a target");
    let price = g.price(&t.draft).expect("priced");
    let chances = g.chances(&t.draft).expect("chances");
    assert_eq!(price.down, Some(chances.down));
    assert_eq!(price.attacker_down, chances.attacker_down);
    // The +1 of the Move raises both figures of the same roll together.
    let plain = g.price(&t.action).expect("priced");
    assert!(price.win > plain.win, "{:?} {:?}", price.win, plain.win);
    assert!(price.down > plain.down);
    assert!(price.attacker_down < plain.attacker_down);
    // The win odds are those of the check the draft makes.
    let prep = g.prepare(&t.draft).expect("prepared");
    let want = match prep {
        impia::core::game::Prepared::Opposed(p) => p.odds().active_wins.0,
        other => panic!("{other:?}"),
    };
    assert_eq!(price.win, Some(want));
    assert_eq!(price.dp, o.dp);
}

/// A hit of Ulrak on Vask waits after a Fight (close combat).
#[test]
fn r30_no_cover_is_declared_for_a_melee_hit() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    let offers = g.offers().offers;
    let hit = offer(&offers, |o| o.id == "resolve_hit");
    assert!(
        hit.declarations.iter().all(|d| d.key != DeclKey::Cover),
        "{:?}",
        hit.declarations
    );
}

#[test]
fn r30_cover_is_declared_for_a_shot_with_the_rows_of_the_table() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    // Kel shoots Orm (shield: Armour above the bow's Penetration) and
    // lands it (typed dice: d10 1 hits).
    let prep = g
        .shoot_check(a(2), b(2), &Default::default())
        .expect("shot check");
    ok(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(2),
            options: Default::default(),
            roll: Some(typed_check(prep.spec, 1)),
            stray: None,
        }),
    );
    let offers = g.offers().offers;
    let hit = offer(&offers, |o| o.id == "resolve_hit");
    let cover = hit
        .declarations
        .iter()
        .find(|d| d.key == DeclKey::Cover)
        .expect("cover declared for a shot");
    let DeclKind::Pick { choices, many } = &cover.kind else {
        panic!("{cover:?}");
    };
    assert!(many, "several covers add up (R30)");
    let rows = &g.rules().cover.rows;
    assert_eq!(choices.len(), rows.len());
    for (c, r) in choices.iter().zip(rows) {
        assert_eq!(c.id, r.id);
        assert!(c.label.en.starts_with(&r.name.en));
        assert!(c.label.en.contains(&r.armour.to_string()), "{}", c.label.en);
    }
    // Declaring a cover lowers the chance the hit puts Orm Down.
    let mut covered = hit.draft.clone();
    let first = choices.first().expect("a row").id.clone();
    assert!(declare(
        &mut covered,
        &DeclKey::Cover,
        &Declared::Picks(vec![first])
    ));
    let (bare, behind) = (
        g.price(&hit.draft).expect("priced"),
        g.price(&covered).expect("priced"),
    );
    assert!(behind.win < bare.win, "{:?} {:?}", behind.win, bare.win);
}

#[test]
fn r19_loot_offers_the_items_the_body_carries() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    ok(
        &mut g,
        Action::SetStatus(act::SetStatus {
            model: b(1),
            status: Status::Down,
        }),
    );
    let offers = g.offers().offers;
    let loot = offer(&offers, |o| o.id == "loot" && o.allowed);
    let t = loot
        .targets
        .iter()
        .find(|t| t.model == b(1))
        .expect("Tuk's body");
    let d = t
        .declarations
        .iter()
        .find(|d| d.key == DeclKey::Item)
        .expect("an item to pick");
    let DeclKind::Pick { choices, many } = &d.kind else {
        panic!("{d:?}");
    };
    assert!(!many);
    let tuk = g.state().model(b(1)).expect("Tuk");
    let mut want: Vec<String> = tuk
        .profile
        .melee
        .iter()
        .filter(|w| w.carried)
        .map(|w| w.id.clone())
        .chain(tuk.profile.ranged.iter().map(|w| w.id.clone()))
        .collect();
    let mut got: Vec<String> = choices.iter().map(|c| c.id.clone()).collect();
    want.sort();
    got.sort();
    assert!(!want.is_empty());
    assert_eq!(got, want);
    // Each pick is accepted by the rules and moves that item.
    for c in choices {
        let mut a = t.draft.clone();
        assert!(declare(
            &mut a,
            &d.key,
            &Declared::Picks(vec![c.id.clone()])
        ));
        assert_eq!(value(&a, &d.key), Some(Declared::Picks(vec![c.id.clone()])));
        g.check(&a).unwrap_or_else(|e| panic!("{}: {e}", c.id));
    }
}

#[test]
fn r42_imposing_presence_is_declared_with_the_models_that_have_it() {
    let mut rb = roster_b();
    rb.models[0].upgrades.push("imposing_presence".into());
    let mut g = Game::new(GameSetup::new(roster_a(), rb).with_seed(7), &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let offers = g.offers().offers;
    let shoot = offer(&offers, |o| o.id == "shoot" && o.model == Some(a(2)));
    let d = shoot
        .declarations
        .iter()
        .find(|d| d.key == DeclKey::Imposing)
        .expect("imposing declared");
    assert_eq!(d.kind, DeclKind::Models { models: vec![b(0)] });
    // Declared near, the shot's Down chance falls with its win odds.
    let t = shoot
        .targets
        .iter()
        .find(|t| t.model == b(0))
        .expect("Vask");
    let mut near = t.draft.clone();
    assert!(declare(&mut near, &d.key, &Declared::Models(vec![b(0)])));
    let (far, near) = (
        g.price(&t.draft).expect("far"),
        g.price(&near).expect("near"),
    );
    assert_eq!(far.down, Some(Prob::new(27, 200)));
    assert_eq!(near.down, Some(Prob::new(9, 200)));
    assert!(near.win < far.win);
    // Nobody has it in the plain game: nothing to declare.
    let mut plain = game();
    turn(&mut plain, 4);
    skip_to(&mut plain, a(2));
    let offers = plain.offers().offers;
    let shoot = offer(&offers, |o| o.id == "shoot" && o.model == Some(a(2)));
    assert!(
        shoot
            .declarations
            .iter()
            .all(|d| d.key != DeclKey::Imposing)
    );
}

#[test]
fn r35_the_range_band_is_one_pick_labelled_from_the_tables() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let offers = g.offers().offers;
    let shoot = offer(&offers, |o| o.id == "shoot" && o.model == Some(a(2)));
    let band = shoot
        .declarations
        .iter()
        .find(|d| d.key == DeclKey::Band)
        .expect("the band");
    let DeclKind::Pick { choices, .. } = &band.kind else {
        panic!("{band:?}");
    };
    let ids: Vec<&str> = choices.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["short", "medium", "long"]);
    let row = g.rules().action("shoot").expect("shoot row");
    for (choice, opt) in [(&choices[0], "short_range"), (&choices[2], "long_range")] {
        let o = row.options.iter().find(|o| o.id == opt).expect("option");
        assert!(choice.label.es.starts_with(&o.name.es));
        assert!(
            choice
                .label
                .es
                .contains(&o.modifier.unsigned_abs().to_string()),
            "{}",
            choice.label.es
        );
    }
    // The band is not ticked apart as an option.
    assert!(
        shoot
            .declarations
            .iter()
            .all(|d| !matches!(&d.key, DeclKey::Option(id) if id.ends_with("_range")))
    );
    // Priced per band: the closer, the likelier on both figures.
    let t = shoot.targets.first().expect("a target");
    let mut downs = Vec::new();
    for c in choices {
        let mut a = t.draft.clone();
        assert!(declare(
            &mut a,
            &band.key,
            &Declared::Picks(vec![c.id.clone()])
        ));
        let p = g.price(&a).expect("priced");
        downs.push((p.win, p.down));
    }
    assert!(downs[0] > downs[1] && downs[1] > downs[2], "{downs:?}");
}

#[test]
fn the_offers_json_carries_drafts_declarations_and_prices() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    let v = serde_json::to_value(g.snapshot(Lang::En).offers).expect("serialises");
    let assault = v["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .find(|o| o["id"] == "assault")
        .expect("an assault")
        .clone();
    assert_eq!(
        assault["draft"]["options"]["options"]["consecutive_moves"],
        1
    );
    assert!(
        assault["action"]["options"].is_null(),
        "{}",
        assault["action"]
    );
    let decl = assault["declarations"]
        .as_array()
        .expect("declarations")
        .iter()
        .find(|d| d["key"]["id"] == "consecutive_moves")
        .expect("the count")
        .clone();
    assert_eq!(decl["kind"], "count");
    assert_eq!(decl["key"]["on"], "option");
    let t = &assault["targets"][0];
    assert_eq!(t["draft"]["options"]["options"]["consecutive_moves"], 1);
    assert!(t["price"]["win"]["exact"].is_string(), "{t}");
    assert!(t["price"]["p_down"]["exact"].is_string(), "{t}");
    // Issue 34: one roll, one set of odds: the target's own chance and
    // check are its draft's price (the Move included), not the bare
    // action's (the phones showed both).
    assert_eq!(t["price"]["p_down"], t["p_down"], "{t}");
    assert_eq!(t["price"]["check"], t["check"], "{t}");
    let bare = g.price(&serde_json::from_value(t["action"].clone()).expect("an action"));
    let bare = bare.expect("priced").down.expect("a chance");
    assert_ne!(
        t["p_down"]["exact"],
        format!("{}/{}", bare.numer(), bare.denom()),
        "the draft is another roll than the bare action"
    );
}
