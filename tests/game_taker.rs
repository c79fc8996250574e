//! Issue 26 in the core: who may take each action (`Game::taker`, the
//! offers' `by`), who may undo the last one, and real dice typed in
//! (`Game::with_typed_dice`) in the order `Game::dice_slots` gives.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{Action, ErrorKind, Game, HitOptions, Now, Role, Side, SideDice, Taker};

fn accept_action() -> Action {
    Action::Accept(act::Accept {
        witnesses: None,
        stray: None,
        within_30cm: None,
    })
}

/// Every offer (and target) of `g` names the taker `Game::taker` gives.
fn offers_agree(g: &Game) {
    for o in g.offers().offers {
        assert_eq!(o.by, g.taker(&o.action), "{}: {:?}", o.id, o.action);
        for t in &o.targets {
            assert_eq!(t.by, g.taker(&t.action), "{}: {:?}", o.id, t.action);
        }
    }
}

#[test]
fn r39_r09_the_turns_start_is_either_players_and_round_changes_their_own() {
    let mut g = game();
    offers_agree(&g);
    assert_eq!(
        g.taker(&Action::StartTurn(act::StartTurn {
            dark_forces: vec![]
        })),
        Taker::Either
    );
    start_turn(&mut g, 5);
    offers_agree(&g);
    let change = |m| Action::ChangeRound(act::ChangeRound { model: m, steps: 1 });
    assert_eq!(g.taker(&change(a(0))), Taker::A);
    assert_eq!(g.taker(&change(b(2))), Taker::B);
    assert_eq!(
        g.taker(&Action::EndChangeRound(act::EndChangeRound {
            side: Side::B
        })),
        Taker::B
    );
    assert_eq!(g.taker(&Action::EndGame(act::EndGame {})), Taker::Either);
    assert!(Taker::Either.allows(Side::A) && Taker::Either.allows(Side::B));
    assert!(Taker::A.allows(Side::A) && !Taker::A.allows(Side::B));
}

#[test]
fn r08_the_roll_off_is_either_players_and_the_winner_chooses_who_starts() {
    let mut g = game();
    turn(&mut g, 5);
    assert!(matches!(g.now(), Now::RollOff { .. }), "{:?}", g.now());
    assert_eq!(
        g.taker(&Action::RollOff(act::RollOff {
            rolls: vec![],
            starts: None
        })),
        Taker::Either
    );
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[2, 9]],
            starts: None,
        }),
    );
    offers_agree(&g);
    assert_eq!(
        g.taker(&Action::ChooseStart(act::ChooseStart { side: Side::A })),
        Taker::B
    );
    ok(
        &mut g,
        Action::ChooseStart(act::ChooseStart { side: Side::A }),
    );
    // The last action is the winner's: B undoes it, A does not.
    assert_eq!(g.last_taker(), Some(Taker::B));
    assert!(g.may_undo(Side::B) && !g.may_undo(Side::A));
}

#[test]
fn r07_r27_r33_a_models_actions_are_its_sides_and_a_hit_is_the_defenders() {
    let mut g = game();
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    offers_agree(&g);
    assert_eq!(g.taker(&Action::Move(act::Move { model: a(0) })), Taker::A);
    assert!(
        g.may_undo(Side::A) && !g.may_undo(Side::B),
        "A activated a0"
    );
    let prep = g
        .assault_check(a(0), b(0), false, &Default::default())
        .expect("assault check");
    let roll = typed(prep.spec, 10, 1);
    g.apply(Action::Assault(act::Assault {
        attacker: a(0),
        defender: b(0),
        brutal: false,
        options: Default::default(),
        roll: Some(roll),
    }))
    .expect("the assault");
    offers_agree(&g);
    // R33: each roller's re-roll is its side's; accepting is the loser's,
    // who may still re-roll (issue 33).
    let reroll = |m| {
        Action::TotemReroll(act::TotemReroll {
            by: m,
            roll: 0,
            dice: None,
        })
    };
    assert_eq!(g.taker(&reroll(a(0))), Taker::A);
    assert_eq!(g.taker(&reroll(b(0))), Taker::B);
    assert_eq!(g.taker(&accept_action()), Taker::B);
    accept(&mut g);
    assert!(matches!(g.now(), Now::ResolveHits { .. }), "{:?}", g.now());
    offers_agree(&g);
    let hit = Action::ResolveHit(act::ResolveHit {
        attacker: a(0),
        target: b(0),
        options: HitOptions {
            iron_defence: true,
            ..Default::default()
        },
        roll: None,
        witnesses: vec![],
    });
    // R29 Iron defence and the rest of a hit's choices: the defender's.
    assert_eq!(g.taker(&hit), Taker::B);
    assert!(
        g.may_undo(Side::B) && !g.may_undo(Side::A),
        "accept was the loser's"
    );
}

#[test]
fn r04_typed_dice_fill_the_roll_in_the_order_of_the_dice_slots() {
    let mut g = game();
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    let assault = Action::Assault(act::Assault {
        attacker: a(0),
        defender: b(0),
        brutal: false,
        options: Default::default(),
        roll: None,
    });
    let slots = g.dice_slots(&assault).expect("slots");
    assert_eq!(slots.len(), 2);
    assert_eq!(
        (slots[0].model, slots[0].role),
        (Some(a(0)), Some(Role::Active))
    );
    assert_eq!(
        (slots[1].model, slots[1].role),
        (Some(b(0)), Some(Role::Passive))
    );
    let d = |d10, s: &impia::core::game::DiceSlot| SideDice::new(d10, vec![3; s.d3() as usize]);
    let full = g
        .with_typed_dice(&assault, &[d(4, &slots[0]), d(8, &slots[1])])
        .expect("the dice fit");
    let Action::Assault(act::Assault { roll: Some(r), .. }) = &full else {
        panic!("a roll: {full:?}");
    };
    assert_eq!((r.active.d10, r.passive.d10), (4, 8));
    assert_eq!(
        r.spec,
        g.prepare(&assault).expect("prepared").opposed()[0].spec
    );
    // One set short, a d10 of 11, a d3 too many: refused, naming R04.
    for bad in [
        vec![d(4, &slots[0])],
        vec![d(11, &slots[0]), d(8, &slots[1])],
        vec![
            SideDice::new(4, vec![1; slots[0].d3() as usize + 1]),
            d(8, &slots[1]),
        ],
    ] {
        let e = g.with_typed_dice(&assault, &bad).expect_err("refused");
        assert_eq!(
            (e.kind, e.rule),
            (ErrorKind::BadRoll, Some("R04")),
            "{bad:?}"
        );
    }
    // No check to roll: no dice to type.
    assert!(
        g.dice_slots(&Action::Move(act::Move { model: a(0) }))
            .expect("none")
            .is_empty()
    );
}

#[test]
fn a_hand_correction_is_the_corrected_sides_and_a_beast_or_engagement_either() {
    let g = game();
    let fear = |m| Action::AdjustFear(act::AdjustFear { model: m, delta: 1 });
    assert_eq!(g.taker(&fear(a(1))), Taker::A);
    assert_eq!(g.taker(&fear(b(1))), Taker::B);
    let pool = |side| Action::AdjustPool(act::AdjustPool { side, delta: -3 });
    assert_eq!(g.taker(&pool(Side::A)), Taker::A);
    assert_eq!(g.taker(&pool(Side::B)), Taker::B);
    assert_eq!(
        g.taker(&Action::ScenarioPoints(act::ScenarioPoints {
            side: Side::B,
            points: 2,
            note: String::new()
        })),
        Taker::B
    );
    assert_eq!(
        g.taker(&Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true
        })),
        Taker::Either
    );
}
