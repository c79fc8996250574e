//! Issue 34: everything the game asks is a core declaration, offered only
//! where `act` takes it: R14 and R33 at the end of an activation, R20 the
//! consecutive Moves bounded by the log, the dice typed for the rolls of
//! no check (R08, R39), each pending hit its own offer (R41), the beast the
//! dark forces call (R39); the spells are in `declared_spells.rs`.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{Action, DeclKey, DeclKind, Declared, Game, GameSetup, Now, sim};

/// The acting model's offer `id`.
fn offer(g: &Game, id: &str) -> impia::core::game::Offer {
    g.offers()
        .offers
        .into_iter()
        .find(|o| o.id == id)
        .unwrap_or_else(|| panic!("{id} offered"))
}

// --- R20: the consecutive Moves an Assault counts ---

/// Ulrak (a0) in his activation, Vask (b0) his target.
fn assault_draft(g: &Game) -> Action {
    offer(g, "assault")
        .targets
        .iter()
        .find(|t| t.model == b(0))
        .expect("Vask a target")
        .draft
        .clone()
}

fn with_moves(mut a: Action, n: u32) -> Action {
    if let Action::Assault(x) = &mut a {
        x.options.options.insert("consecutive_moves".to_string(), n);
    }
    a
}

fn moves_declared(g: &Game) -> Option<u32> {
    let t = offer(g, "assault");
    let t = t.targets.iter().find(|t| t.model == b(0))?;
    t.declarations.iter().find_map(|d| match (&d.key, &d.kind) {
        (DeclKey::Option(id), DeclKind::Count { max, .. }) if id == "consecutive_moves" => {
            Some(*max)
        }
        _ => None,
    })
}

#[test]
fn r20_ten_consecutive_moves_without_a_move_are_refused_and_not_offered() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    assert_eq!(
        moves_declared(&g),
        None,
        "no Move logged: nothing to declare"
    );
    let ten = with_moves(assault_draft(&g), 10);
    let e = g.price(&ten).expect_err("priced as if moved").to_string();
    assert!(e.starts_with("R20"), "{e}");
    assert!(
        g.declare(
            &assault_draft(&g),
            &DeclKey::Option("consecutive_moves".into()),
            Declared::Count(10)
        )
        .is_none(),
        "no count to declare"
    );
    let e = g.act(ten).expect_err("taken as if moved").to_string();
    assert!(e.starts_with("R20"), "{e}");
}

#[test]
fn r20_the_count_is_bounded_by_the_moves_logged_just_before() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    for _ in 0..2 {
        ok(&mut g, Action::Move(act::Move { model: a(0) }));
    }
    assert_eq!(moves_declared(&g), Some(2));
    let draft = assault_draft(&g);
    let key = DeclKey::Option("consecutive_moves".into());
    let counted = match &draft {
        Action::Assault(x) => x.options.options.get("consecutive_moves").copied(),
        _ => None,
    };
    assert_eq!(counted, Some(2), "the draft counts the Moves logged");
    assert!(g.declare(&draft, &key, Declared::Count(3)).is_none());
    let one = g
        .declare(&draft, &key, Declared::Count(1))
        .expect("fewer: no line of sight");
    assert!(g.price(&one).is_ok());
    let e = g.price(&with_moves(draft.clone(), 3)).expect_err("3 of 2");
    assert!(e.to_string().starts_with("R20"), "{e}");
    // A game file written before keeps its count: replay does not refuse it.
    let mut log = g.actions().to_vec();
    log.push(g.with_dice(&with_moves(draft, 3)).expect("dice"));
    let st = impia::core::game::replay(g.setup(), g.rules(), &log);
    assert!(st.is_ok(), "replay refused an old count: {:?}", st.err());
}

// --- R14, R33: what an activation ends touching ---

#[test]
fn r14_r33_the_end_of_an_activation_asks_terrain_and_the_enemy_totem() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    let end = offer(&g, "end_activation");
    let keys: Vec<&DeclKey> = end.declarations.iter().map(|d| &d.key).collect();
    assert!(keys.contains(&&DeclKey::Terrain), "{keys:?}");
    assert!(keys.contains(&&DeclKey::EnemyTotem), "{keys:?}");
    let fear = fear_of(&g, a(1));
    let lost = g.state().model(a(1)).expect("Brann").toughness_lost;
    let d = g
        .declare(
            &end.draft,
            &DeclKey::Terrain,
            Declared::Picks(vec!["tainted".into()]),
        )
        .expect("tainted declared");
    let d = g
        .declare(&d, &DeclKey::EnemyTotem, Declared::Count(1))
        .expect("the totem declared");
    ok(&mut g, d);
    let x = g.state().model(a(1)).expect("Brann");
    assert_eq!(x.fear, fear + 1, "R33: 1 fear near the enemy totem");
    assert_eq!(
        x.toughness_lost,
        lost + 1,
        "R14: tainted, 1 Toughness for good"
    );
}

#[test]
fn r33_a_destroyed_enemy_totem_is_not_asked() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    ok(&mut g, Action::TotemEnemy(act::TotemEnemy { model: a(1) }));
    let end = offer(&g, "end_activation");
    assert!(
        end.declarations
            .iter()
            .all(|d| d.key != DeclKey::EnemyTotem),
        "the totem is destroyed"
    );
    assert!(end.declarations.iter().any(|d| d.key == DeclKey::Terrain));
}

// --- Every declaration offered is one `act` takes ---

#[test]
fn every_declaration_offered_in_seeded_random_games_is_taken_by_act() {
    let mut checked = 0;
    for seed in [3, 11, 29] {
        let setup = setup(seed).with_beast(sim::sample_beast());
        let mut g = Game::new(setup, &rules());
        let mut rng = impia::core::dice::Roller::seeded(seed);
        for _ in 0..160 {
            if g.state().ended.is_some() {
                break;
            }
            for o in g.offers().offers.iter().filter(|o| o.allowed) {
                let drafts: Vec<(&Action, &[impia::core::game::Declaration])> =
                    if o.targets.is_empty() {
                        vec![(&o.draft, &o.declarations[..])]
                    } else {
                        o.targets
                            .iter()
                            .map(|t| (&t.draft, &t.declarations[..]))
                            .collect()
                    };
                for (draft, decls) in drafts {
                    if decls.is_empty() {
                        continue;
                    }
                    for _ in 0..2 {
                        let a = sim::random_declarations(&mut rng, draft, decls);
                        let full = g.with_dice(&a).expect("dice");
                        if let Err(e) = g.check(&full) {
                            panic!("seed {seed}: offered {a:?}, refused: {e}");
                        }
                        checked += 1;
                    }
                }
            }
            sim::step(&mut g, &mut rng).expect("random play");
        }
    }
    assert!(checked > 100, "only {checked} declared drafts checked");
}

// --- Typed dice for the rolls of no check ---

#[test]
fn r39_the_dark_forces_die_is_typed_from_the_table() {
    let mut g = game();
    let start = Action::StartTurn(act::StartTurn {
        dark_forces: Vec::new(),
    });
    let slots = g.dice_slots(&start).expect("slots");
    assert_eq!(slots.len(), 1, "one d10");
    assert_eq!(slots[0].d3(), 0);
    let price =
        impia::core::game::PriceView::of(&g, &start, impia::core::text::Lang::Es).expect("priced");
    assert_eq!(
        price.dice.len(),
        1,
        "POST price {{start_turn}} asks its die"
    );
    assert_eq!(price.dice[0].label, "Fuerzas Oscuras");
    let typed = g
        .with_typed_dice(&start, &[impia::core::game::SideDice::new(8, Vec::new())])
        .expect("typed");
    g.act(typed).expect("the turn starts");
    assert!(g.state().beast_due, "8: a beast comes (R39)");
    let e = g
        .with_typed_dice(&start, &[impia::core::game::SideDice::new(11, Vec::new())])
        .expect_err("no face 11");
    assert!(!e.to_string().is_empty());
}

#[test]
fn r08_the_roll_off_dice_are_typed_one_per_warband() {
    let mut g = game();
    start_turn(&mut g, 4);
    no_changes(&mut g);
    assert!(matches!(g.now(), Now::RollOff { .. }), "{:?}", g.now());
    let roll = Action::RollOff(act::RollOff {
        rolls: Vec::new(),
        starts: None,
    });
    let price =
        impia::core::game::PriceView::of(&g, &roll, impia::core::text::Lang::En).expect("priced");
    let labels: Vec<&str> = price.dice.iter().map(|d| d.label.as_str()).collect();
    assert_eq!(labels, ["Hijos del Lobo", "Culto del Cuervo"]);
    let typed = g
        .with_typed_dice(
            &roll,
            &[
                impia::core::game::SideDice::new(3, Vec::new()),
                impia::core::game::SideDice::new(9, Vec::new()),
            ],
        )
        .expect("typed");
    assert_eq!(
        typed,
        Action::RollOff(act::RollOff {
            rolls: vec![[3, 9]],
            starts: None,
        })
    );
    g.act(typed).expect("rolled off");
    assert!(
        matches!(
            g.now(),
            Now::ChooseStart {
                winner: impia::core::game::Side::B,
                ..
            }
        ),
        "{:?}",
        g.now()
    );
}

// --- R41: a weapon's hit and its venom hit, an offer each ---

#[test]
fn r41_the_claws_hit_and_the_venom_hit_are_two_offers_with_their_own_numbers() {
    let mut ra = roster_a();
    ra.models[4].upgrades.push("venom".into());
    let mut g = Game::new(GameSetup::new(ra, roster_b()).with_seed(7), &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(4),
            b: b(0),
            engaged: true,
        }),
    );
    fight(&mut g, a(4), b(0), 10, 1);
    let hits: Vec<impia::core::game::Offer> = g
        .offers()
        .offers
        .into_iter()
        .filter(|o| o.id == "resolve_hit")
        .collect();
    assert_eq!(hits.len(), 2, "the claws and the venom");
    let strength = |o: &impia::core::game::Offer| {
        let p = g.price(&o.draft).expect("priced");
        match p.prepared {
            Some(impia::core::game::Prepared::Opposed(c)) => {
                if c.active == Some(a(4)) {
                    c.spec.active.value
                } else {
                    c.spec.passive.value
                }
            }
            other => panic!("an opposed hit: {other:?}"),
        }
    };
    let claws = g.state().model(a(4)).expect("Grim").profile.melee[0].strength;
    assert_eq!(strength(&hits[0]), claws);
    assert_eq!(strength(&hits[1]), 3, "the venom's Strength 3");
    // The venom's own offer rolls the venom's hit.
    let venom = g.with_dice(&hits[1].draft).expect("dice");
    g.act(venom).expect("the venom hit");
    while matches!(g.now(), Now::Rolled) {
        accept(&mut g);
    }
    let left: Vec<i32> = g.state().pending_hits.iter().map(|h| h.strength).collect();
    assert!(left.is_empty() || left == vec![claws], "{left:?}");
}

// --- R39 8: the beast the dark forces call, a core offer ---

#[test]
fn r39_the_beast_is_offered_from_the_bestiary_with_its_card_and_as_a_generic_creature() {
    let mut g = Game::new(setup(7).with_beast(sim::sample_beast()), &rules());
    assert!(g.offers().offers.iter().all(|o| o.id != "beast_appears"));
    start_turn(&mut g, 8);
    assert!(g.state().beast_due);
    let beasts: Vec<impia::core::game::Offer> = g
        .offers()
        .offers
        .into_iter()
        .filter(|o| o.id == "beast_appears" && o.allowed)
        .collect();
    assert_eq!(beasts.len(), 2, "the bestiary's and a generic creature");
    let lang = impia::core::text::Lang::En;
    let generic = beasts[1].label(g.state(), g.rules(), lang);
    assert!(generic.contains("(Ag "), "its card: {generic}");
    let d = &beasts[0].declarations[0];
    assert_eq!(d.key, DeclKey::Beast);
    let DeclKind::Pick { choices, .. } = &d.kind else {
        panic!("a pick");
    };
    assert_eq!(
        choices[0].label.get(lang),
        "Bestia (Ag 4 Cb 4 Ac 2 St 5 To 5 Cou 6, Armour 1)"
    );
    let a = g
        .declare(
            &beasts[0].draft,
            &DeclKey::Beast,
            Declared::Picks(vec!["0".into()]),
        )
        .expect("the bestiary's beast");
    g.act(a).expect("it appears");
    assert_eq!(g.state().beasts.len(), 1);
    assert!(!g.state().beast_due);
    assert!(g.offers().offers.iter().all(|o| o.id != "beast_appears"));
}
