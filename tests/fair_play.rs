//! Issue 33 in the core: each decision has one owner (`Game::owners`,
//! `Game::ask`), each player rolls their own dice (a roll waits for the
//! other seat's, `Game::complete`), a roll is closed by its owners (the
//! accept's taker, `pass_reroll`), and facts that harm the other side's
//! models are that side's to agree. Each of issue 33's abuses is refused
//! or waits here; `serve_fair_play.rs` sends them through HTTP.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::rights::{Asked, Field, Refused};
use impia::core::game::{
    Action, ExtraModifier, FightOptions, Game, GameSetup, HitOptions, Now, Party, Side, SideDice,
    Taker,
};
use impia::core::text::Lang;

fn accept_action() -> Action {
    Action::Accept(act::Accept {
        witnesses: None,
        stray: None,
        within_30cm: None,
    })
}

fn extra(on: Party, modifier: i32) -> ExtraModifier {
    ExtraModifier {
        on,
        reason: "hand".into(),
        modifier,
        ..Default::default()
    }
}

fn assault_with(options: FightOptions) -> Action {
    Action::Assault(act::Assault {
        attacker: a(0),
        defender: b(0),
        brutal: false,
        options,
        roll: None,
    })
}

fn hit_action(options: HitOptions) -> Action {
    Action::ResolveHit(act::ResolveHit {
        attacker: a(0),
        target: b(0),
        options,
        roll: None,
        witnesses: vec![],
    })
}

/// The field `side` is refused for, and whose it is.
fn denied(g: &Game, side: Side, action: &Action, dice: &[SideDice]) -> (Field, Taker) {
    match g.ask(side, action, dice) {
        Err(Refused::Denied(d)) => (d.field, d.owner),
        other => panic!("not refused: {other:?}"),
    }
}

/// a0 in its activation (turn 1).
fn acting() -> Game {
    let mut g = game();
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g
}

/// a0's hit on b0 waits to be rolled.
fn a_hit_waits() -> Game {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    assert!(matches!(g.now(), Now::ResolveHits { .. }), "{:?}", g.now());
    g
}

#[test]
fn r27_the_targets_seat_may_not_put_a_modifier_on_the_attackers_roll() {
    let g = a_hit_waits();
    let hit = hit_action(HitOptions {
        extra: vec![extra(Party::Attacker, -10)],
        ..Default::default()
    });
    assert_eq!(
        denied(&g, Side::B, &hit, &[]),
        (
            Field::Extra {
                on: Party::Attacker
            },
            Taker::A
        )
    );
    let e = g.denied(&hit, Side::B).expect("refused");
    assert_eq!(
        e.message(&g, Lang::En),
        "The hand modifier on the attacker's roll is Ana's choice"
    );
    assert!(e.message(&g, Lang::Es).contains("decisión de Ana"));
    // Its own roll's modifier is its own.
    let own = hit_action(HitOptions {
        extra: vec![extra(Party::Defender, 1)],
        ..Default::default()
    });
    assert!(matches!(g.ask(Side::B, &own, &[]), Ok(Asked::Apply(_))));
}

#[test]
fn r20_r23_the_attacker_may_not_choose_the_defenders_modifier_weapon_or_friends() {
    let g = acting();
    let cases = [
        (
            FightOptions {
                extra: vec![extra(Party::Defender, -10)],
                ..Default::default()
            },
            Field::Extra {
                on: Party::Defender,
            },
        ),
        (
            FightOptions {
                defender_weapon: Some("unarmed".into()),
                ..Default::default()
            },
            Field::Weapon { model: b(0) },
        ),
        (
            FightOptions {
                defender_friends: Some(0),
                ..Default::default()
            },
            Field::Friends { model: b(0) },
        ),
    ];
    for (options, field) in cases {
        assert_eq!(
            denied(&g, Side::A, &assault_with(options), &[]),
            (field, Taker::B)
        );
    }
    // Its own choices are its own.
    let own = FightOptions {
        extra: vec![extra(Party::Attacker, 1)],
        attacker_friends: Some(0),
        ..Default::default()
    };
    assert!(matches!(
        g.ask(Side::A, &assault_with(own), &[]),
        Ok(Asked::Apply(_))
    ));
}

#[test]
fn r02_a_seat_types_only_its_own_dice_and_the_roll_waits_for_the_others() {
    let mut g = acting();
    let assault = assault_with(FightOptions::default());
    let slots = g.dice_slots(&assault).expect("slots");
    assert_eq!(slots.len(), 2);
    let set = |d10: u32, i: usize| SideDice::new(d10, vec![2; slots[i].d3() as usize]);
    // Both sides' dice from A: B's d10 is B's.
    assert_eq!(
        denied(&g, Side::A, &assault, &[set(8, 0), set(10, 1)]),
        (Field::Dice { model: b(0) }, Taker::B)
    );
    // A's own die: the roll waits for B's.
    let Ok(Asked::Wait(w)) = g.ask(Side::A, &assault, &[set(8, 0)]) else {
        panic!("it waits");
    };
    assert_eq!((w.by, w.from), (Side::A, Side::B));
    assert_eq!(w.needs, vec![Field::Dice { model: b(0) }]);
    assert!(
        w.text(&g, Lang::En).contains("waiting for Beto"),
        "{}",
        w.text(&g, Lang::En)
    );
    assert_eq!(w.slots_of(&g).len(), 1);
    // A may not answer its own wait; B answers with its die.
    assert!(g.complete(&w, Side::A, &assault, &[set(3, 1)]).is_err());
    let full = g
        .complete(&w, Side::B, &assault, &[set(3, 1)])
        .expect("completed");
    let Action::Assault(act::Assault { roll: Some(r), .. }) = &full else {
        panic!("dice in it: {full:?}");
    };
    assert_eq!((r.active.d10, r.passive.d10), (8, 3));
    g.apply(full).expect("applied");
    // "Roll" rolls both sides' dice: nothing waits.
    let mut h = acting();
    let Ok(Asked::Apply(a)) = h.ask(Side::A, &assault, &[]) else {
        panic!("Roll applies at once");
    };
    h.act(a).expect("rolled");
}

#[test]
fn r33_the_loser_closes_the_roll_and_accept_waits_for_its_re_roll() {
    let mut g = acting();
    // A rolls a 1 against 10: B wins, A may still use its totem.
    assault(&mut g, a(0), b(0), 1, 10);
    // `assault` accepted it; roll again to look at the waiting roll.
    let mut g = acting();
    let prep = g
        .assault_check(a(0), b(0), false, &FightOptions::default())
        .expect("check");
    g.apply(Action::Assault(act::Assault {
        attacker: a(0),
        defender: b(0),
        brutal: false,
        options: FightOptions::default(),
        roll: Some(typed(prep.spec, 1, 10)),
    }))
    .expect("rolled");
    assert_eq!(g.taker(&accept_action()), Taker::A, "the loser is asked");
    let (field, owner) = denied(&g, Side::B, &accept_action(), &[]);
    assert_eq!((field, owner), (Field::Rerolls, Taker::A));
    assert!(
        g.denied(&accept_action(), Side::B).is_none(),
        "no field of it is A's: the closing is"
    );
    // A passes by accepting (one tap).
    assert!(matches!(
        g.ask(Side::A, &accept_action(), &[]),
        Ok(Asked::Apply(_))
    ));
}

#[test]
fn r33_a_tie_asks_both_sides_and_each_passes_in_one_tap() {
    let mut g = acting();
    let prep = g
        .assault_check(a(0), b(0), false, &FightOptions::default())
        .expect("check");
    // Equal totals: both hit, each may re-roll to do better.
    let (sa, sp) = (prep.spec.active, prep.spec.passive);
    let fixed = |s: &impia::core::dice::CheckSpec| s.value + s.modifier + 2 * s.edge().signum();
    let dp = 5 + fixed(&sa) - fixed(&sp);
    assert!((1..=10).contains(&dp), "a tie is possible: {dp}");
    let roll = impia::core::game::OpposedDice::typed(
        prep.spec,
        SideDice::new(5, vec![2; sa.edge().unsigned_abs() as usize]),
        SideDice::new(dp as u32, vec![2; sp.edge().unsigned_abs() as usize]),
    )
    .expect("dice");
    g.apply(Action::Assault(act::Assault {
        attacker: a(0),
        defender: b(0),
        brutal: false,
        options: FightOptions::default(),
        roll: Some(roll),
    }))
    .expect("rolled");
    assert_eq!(g.taker(&accept_action()), Taker::Neither);
    let passes: Vec<Action> = g
        .offers()
        .offers
        .into_iter()
        .filter(|o| o.id == "pass_reroll")
        .map(|o| o.action)
        .collect();
    assert_eq!(passes.len(), 2, "each side passes");
    g.apply(Action::PassReroll(act::PassReroll { side: Side::A }))
        .expect("A passes");
    assert_eq!(g.taker(&accept_action()), Taker::B);
    // A re-roll asks every side again.
    g.act(Action::TotemReroll(act::TotemReroll {
        by: b(0),
        roll: 0,
        dice: None,
    }))
    .expect("B re-rolls");
    assert!(g.pending().expect("waits").passed.is_empty());
}

fn inspiring_game() -> Game {
    let mut ra = roster_a();
    ra.models[0].upgrades.push("inspiring".into());
    let setup = GameSetup::new(ra, roster_b())
        .with_seed(7)
        .with_rules(3)
        .with_players("Ana", "Beto");
    let mut g = Game::new(setup, &rules());
    ulrak_hits_vask(&mut g);
    g
}

#[test]
fn r42_inspiring_is_claimed_by_its_owner_and_the_hit_waits_for_the_targets_choices() {
    let mut g = inspiring_game();
    let claim = hit_action(HitOptions {
        inspired: vec![a(1)],
        ..Default::default()
    });
    // The target's seat may not claim the attacker's Inspiring.
    assert_eq!(
        denied(&g, Side::B, &claim, &[]),
        (Field::Inspired, Taker::A)
    );
    // Its owner claims it: the hit waits for the target's own choices.
    let Ok(Asked::Wait(w)) = g.ask(Side::A, &claim, &[]) else {
        panic!("the claim waits for the target");
    };
    assert_eq!(w.from, Side::B);
    let mine = hit_action(HitOptions {
        iron_defence: true,
        ..Default::default()
    });
    let full = g.complete(&w, Side::B, &mine, &[]).expect("completed");
    let Action::ResolveHit(h) = &full else {
        panic!("{full:?}");
    };
    assert!(h.options.iron_defence && h.options.inspired == vec![a(1)]);
    // The target may not change the claim when it answers.
    let changed = hit_action(HitOptions {
        iron_defence: true,
        inspired: vec![],
        extra: vec![extra(Party::Attacker, -3)],
        ..Default::default()
    });
    assert!(g.complete(&w, Side::B, &changed, &[]).is_err());
    g.act(full).expect("the hit rolls");
}

#[test]
fn r31_r26_naming_the_other_sides_witnesses_or_stray_target_is_theirs_to_agree() {
    let g = a_hit_waits();
    let mut g = g;
    g.act(hit_action(HitOptions::default())).expect("rolled");
    let witnesses = Action::Accept(act::Accept {
        witnesses: Some(vec![b(1), b(2)]),
        stray: None,
        within_30cm: None,
    });
    let e = g.denied(&witnesses, Side::A).expect("not A's");
    assert_eq!((e.field, e.owner), (Field::Witnesses, Taker::B));
    assert!(
        e.message(&g, Lang::En).contains("Beto's to agree"),
        "{}",
        e.message(&g, Lang::En)
    );
    // A proposes it; it waits for B, who agrees in one tap.
    let Ok(Asked::Wait(w)) = g.ask(Side::A, &witnesses, &[]) else {
        panic!("a proposal");
    };
    assert_eq!((w.from, w.needs.clone()), (Side::B, vec![Field::Witnesses]));
    assert!(
        w.text(&g, Lang::Es).contains("esperando a Beto"),
        "{}",
        w.text(&g, Lang::Es)
    );
    assert_eq!(
        g.complete(&w, Side::B, &witnesses, &[]).expect("agreed"),
        witnesses
    );
    let stray = Action::Accept(act::Accept {
        witnesses: None,
        stray: Some(b(1)),
        within_30cm: None,
    });
    assert_eq!(
        g.denied(&stray, Side::A).map(|d| d.field),
        Some(Field::Stray)
    );
    assert_eq!(g.denied(&stray, Side::B), None, "its own friend");
}

#[test]
fn an_engagement_by_hand_and_an_early_end_of_turn_are_the_other_sides_to_agree() {
    let mut g = acting();
    end(&mut g, a(0));
    let engage = Action::SetEngaged(act::SetEngaged {
        a: a(1),
        b: b(1),
        engaged: true,
    });
    assert_eq!(
        g.denied(&engage, Side::B).map(|d| (d.field, d.owner)),
        Some((Field::Engagement, Taker::A))
    );
    let end = Action::EndTurn(act::EndTurn {});
    assert_eq!(
        g.denied(&end, Side::B).map(|d| d.field),
        Some(Field::EndTurn { side: Side::A })
    );
    let Ok(Asked::Wait(w)) = g.ask(Side::B, &end, &[]) else {
        panic!("a proposal to A");
    };
    assert_eq!(w.from, Side::A);
    assert!(
        g.complete(&w, Side::B, &end, &[]).is_err(),
        "B may not agree for A"
    );
    assert_eq!(g.complete(&w, Side::A, &end, &[]).expect("A agrees"), end);
    // The laptop is not asked: it ends the turn as before.
    g.apply(end).expect("the laptop ends it");
}
