//! R20–R25: fights, assaults and disengaging.

use super::*;
use impia::core::game::act;

// --- R20–R25 combat ---

#[test]
fn r23_fight_is_an_opposed_combat_roll_with_the_weapon_and_the_higher_hits() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    let prep = g.fight_check(a(0), b(0), &FightOptions::default()).unwrap();
    // Ulrak: Combat 5 + medium blade 1; Vask: Combat 5 − heavy mace 1.
    assert_eq!(prep.spec.active.value, 6);
    assert_eq!(prep.spec.passive.value, 4);
    assert!(prep.spec.combat);
    assert!(prep.sources.iter().any(|t| t.en.contains("Medium blade")));
    assert!(prep.odds().active_wins.value() > 0.5);
    assert_eq!(fight(&mut g, a(0), b(0), 5, 5), OpposedOutcome::ActiveWins);
    // The hit waits for its roll, with the blade's Strength and Penetration.
    let h = &g.state().pending_hits[0];
    assert_eq!(
        (h.attacker, h.target, h.strength, h.penetration),
        (a(0), b(0), 6, 3)
    );
    assert_eq!(h.source, HitSource::Fight);
    assert!(matches!(g.now(), Now::ResolveHits { .. }));
    assert_eq!(pool(&g, Side::A), 9, "the Leader's own DP paid");
}

#[test]
fn r23_a_tied_fight_means_both_models_are_hit() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    // 3 + 6 = 9 against 5 + 4 = 9.
    assert_eq!(fight(&mut g, a(0), b(0), 3, 5), OpposedOutcome::BothHit);
    let hits: Vec<_> = g
        .state()
        .pending_hits
        .iter()
        .map(|h| (h.attacker, h.target))
        .collect();
    assert_eq!(hits, vec![(a(0), b(0)), (b(0), a(0))]);
}

#[test]
fn r21_an_engaged_model_can_only_fight_or_disengage() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    let e = refused(&mut g, Action::Move(act::Move { model: a(0) }));
    assert_eq!(e.rule, Some("R21"));
    assert!(e.message(Lang::Es).contains("en combate con"));
    let prep = g
        .assault_check(a(0), b(4), false, &FightOptions::default())
        .unwrap();
    refused(
        &mut g,
        Action::Assault(act::Assault {
            attacker: a(0),
            defender: b(4),
            brutal: false,
            options: FightOptions::default(),
            roll: Some(typed(prep.spec, 5, 5)),
        }),
    );
    // Fighting a model it is not engaged with is refused too.
    let prep = g.fight_check(a(0), b(4), &FightOptions::default()).unwrap();
    let e = refused(
        &mut g,
        Action::Fight(act::Fight {
            attacker: a(0),
            defender: b(4),
            options: FightOptions::default(),
            roll: Some(typed(prep.spec, 5, 5)),
        }),
    );
    assert_eq!(e.rule, Some("R21"));
}

#[test]
fn r20_assault_gives_plus_one_per_assault_earlier_moves_and_an_unseen_attacker() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    // R20: the two Moves counted are logged just before (issue 34).
    for _ in 0..2 {
        ok(&mut g, Action::Move(act::Move { model: a(1) }));
    }
    let before = pool(&g, Side::A);
    let opts = FightOptions::default()
        .with("consecutive_moves", 2)
        .with("unseen", 1);
    let prep = g.assault_check(a(1), b(2), false, &opts).unwrap();
    // Brann: Combat 4, +1 assault, +2 moves, +1 unseen; Orm: Combat 4 − shield 1.
    assert_eq!((prep.spec.active.value, prep.spec.active.modifier), (4, 4));
    assert_eq!(prep.spec.passive.value, 3);
    assert!(
        prep.sources
            .iter()
            .any(|t| t.es.contains("Asaltar +1 (R20)")),
        "{:?}",
        prep.sources
    );
    let roll = typed(prep.spec, 5, 5);
    ok(
        &mut g,
        Action::Assault(act::Assault {
            attacker: a(1),
            defender: b(2),
            brutal: false,
            options: opts,
            roll: Some(roll),
        }),
    );
    assert_eq!(pool(&g, Side::A), before - 1, "the Assault's 1 DP");
    // Now engaged both ways (R21).
    assert_eq!(g.state().model(a(1)).unwrap().engaged, vec![b(2)]);
    assert_eq!(g.state().model(b(2)).unwrap().engaged, vec![a(1)]);
    // R34 spear: +1 Strength and Penetration in an Assault.
    let h = &g.state().pending_hits[0];
    assert_eq!(
        (h.strength, h.penetration, h.source),
        (6, 1, HitSource::Assault)
    );
    // An unknown option is refused with the known ones listed.
    let e = g
        .assault_check(
            a(1),
            b(2),
            false,
            &FightOptions::default().with("flying", 1),
        )
        .unwrap_err();
    assert!(e.message(Lang::En).contains("consecutive_moves"));
}

#[test]
fn r20_assault_from_above_lowers_combat_raises_strength_and_leaves_the_attacker_prone() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let opts = FightOptions::default().with("from_above", 2);
    let prep = g.assault_check(a(0), b(0), false, &opts).unwrap();
    assert_eq!(prep.spec.active.modifier, 1 - 2);
    ok(
        &mut g,
        Action::Assault(act::Assault {
            attacker: a(0),
            defender: b(0),
            brutal: false,
            options: opts,
            roll: Some(typed(prep.spec, 9, 1)),
        }),
    );
    assert_eq!(g.state().pending_hits[0].strength, 6 + 2);
    assert_eq!(status(&g, a(0)), Status::Prone);
}

#[test]
fn r22_brutal_assault_costs_two_dp_and_gives_an_advantage() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    let prep = g
        .assault_check(a(1), b(2), true, &FightOptions::default())
        .unwrap();
    assert_eq!(prep.spec.active.advantages, 1);
    assert_eq!(prep.spec.active.modifier, 1);
    ok(
        &mut g,
        Action::Assault(act::Assault {
            attacker: a(1),
            defender: b(2),
            brutal: true,
            options: FightOptions::default(),
            roll: Some(typed(prep.spec, 5, 5)),
        }),
    );
    assert_eq!(pool(&g, Side::A), 7);
}

#[test]
fn r24_each_extra_friend_in_the_fight_gives_an_advantage() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(1),
            b: b(0),
            engaged: true,
        }),
    );
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(4),
            b: b(0),
            engaged: true,
        }),
    );
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: b(4),
            b: a(0),
            engaged: true,
        }),
    );
    let prep = g.fight_check(a(0), b(0), &FightOptions::default()).unwrap();
    assert_eq!(prep.spec.active.advantages, 2);
    assert_eq!(prep.spec.passive.advantages, 1);
    assert_eq!(prep.spec.active.edge(), 2);
    // The players may say otherwise.
    let opts = FightOptions {
        attacker_friends: Some(0),
        ..Default::default()
    };
    assert_eq!(
        g.fight_check(a(0), b(0), &opts)
            .unwrap()
            .spec
            .active
            .advantages,
        0
    );
}

#[test]
fn r25_disengage_won_against_every_opponent_frees_the_model() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        }),
    );
    let preps = g.disengage_checks(a(0)).unwrap();
    assert_eq!(preps.len(), 2);
    // Agility 6 against Vask's 6 and Tuk's 3; ties go to the active side (R02).
    assert_eq!(
        (preps[0].spec.active.value, preps[0].spec.passive.value),
        (6, 6)
    );
    assert!(!preps[0].spec.combat);
    let rolls: Vec<DisengageRoll> = preps
        .iter()
        .map(|p| DisengageRoll {
            opponent: p.passive.unwrap(),
            roll: typed(p.spec, 4, 4),
        })
        .collect();
    // Rolling against only one of them is refused.
    refused(
        &mut g,
        Action::Disengage(act::Disengage {
            model: a(0),
            rolls: rolls[..1].to_vec(),
        }),
    );
    ok(
        &mut g,
        Action::Disengage(act::Disengage { model: a(0), rolls }),
    );
    assert!(g.state().model(a(0)).unwrap().engaged.is_empty());
    assert!(g.state().model(b(0)).unwrap().engaged.is_empty());
    assert!(g.state().pending_hits.is_empty());
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
}

#[test]
fn r25_every_opponent_that_wins_the_disengage_hits_and_the_model_stays_engaged() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        }),
    );
    let preps = g.disengage_checks(a(0)).unwrap();
    let rolls = vec![
        DisengageRoll {
            opponent: b(0),
            roll: typed(preps[0].spec, 1, 9),
        },
        DisengageRoll {
            opponent: b(1),
            roll: typed(preps[1].spec, 8, 2),
        },
    ];
    ok(
        &mut g,
        Action::Disengage(act::Disengage { model: a(0), rolls }),
    );
    assert_eq!(g.state().model(a(0)).unwrap().engaged.len(), 2);
    let h = &g.state().pending_hits;
    assert_eq!(h.len(), 1);
    // Vask's heavy mace: Strength 4 + 4, Penetration 2.
    assert_eq!(
        (h[0].attacker, h[0].target, h[0].strength, h[0].penetration),
        (b(0), a(0), 8, 2)
    );
    assert_eq!(h[0].source, HitSource::Disengage);
}
