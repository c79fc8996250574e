//! R26 shooting and R27–R30 hits.

use super::*;
use impia::core::game::act;

// --- R26 shooting ---

#[test]
fn r26_shoot_range_aim_and_cover_change_the_accuracy_check() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let check = |o: ShootOptions| g.shoot_check(a(2), b(1), &o).unwrap().spec;
    let short = check(ShootOptions {
        band: RangeBand::Short,
        ..Default::default()
    });
    assert_eq!((short.value, short.modifier), (3, 1));
    let long = check(ShootOptions {
        band: RangeBand::Long,
        ..Default::default()
    });
    assert_eq!(long.modifier, -1);
    let aimed = check(ShootOptions {
        aimed: true,
        ..Default::default()
    });
    assert_eq!(aimed.advantages, 1);
    let covered = check(
        ShootOptions::default()
            .with("avoid_cover", 1)
            .with("defensive_shot", 1)
            .with("target_unaware", 1),
    );
    assert_eq!((covered.modifier, covered.complications), (1, 3));
    let into = check(ShootOptions::default().with("into_combat", 1));
    assert_eq!(into.modifier, -3);
    // An aimed shot costs 2 DP and a hit waits with the bow's Strength.
    let opts = ShootOptions {
        aimed: true,
        band: RangeBand::Short,
        ..Default::default()
    };
    let prep = g.shoot_check(a(2), b(1), &opts).unwrap();
    let roll = typed_check(prep.spec, 1);
    ok(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts,
            roll: Some(roll),
            stray: None,
        }),
    );
    assert_eq!(pool(&g, Side::A), 7);
    let h = &g.state().pending_hits[0];
    assert_eq!(
        (h.target, h.strength, h.penetration, h.source),
        (b(1), 3, 2, HitSource::Shot)
    );
}

#[test]
/// Rules 1 (games saved before the pending roll): facts are checked strictly.
fn r26_a_miss_caused_by_shooting_into_a_combat_hits_a_friend() {
    let mut g = game_rules_1();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let opts = ShootOptions::default().with("into_combat", 1);
    let prep = g.shoot_check(a(2), b(1), &opts).unwrap();
    // Accuracy 3 − 3: a 5 misses anyway, so it hits no friend.
    let miss = typed_check(prep.spec, 5);
    refused(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts.clone(),
            roll: Some(miss),
            stray: Some(a(1)),
        }),
    );
    // A 2 misses only because of the penalty: it hits Brann.
    let roll = typed_check(prep.spec, 2);
    refused(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts.clone(),
            roll: Some(roll.clone()),
            stray: Some(b(2)),
        }),
    );
    ok(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts,
            roll: Some(roll),
            stray: Some(a(1)),
        }),
    );
    let h = &g.state().pending_hits[0];
    assert_eq!((h.target, h.source), (a(1), HitSource::StrayShot));
}

#[test]
fn r26_an_engaged_model_does_not_shoot() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(2),
            b: b(3),
            engaged: true,
        }),
    );
    let prep = g.shoot_check(a(2), b(1), &ShootOptions::default()).unwrap();
    let e = refused(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(1),
            options: ShootOptions::default(),
            roll: Some(typed_check(prep.spec, 1)),
            stray: None,
        }),
    );
    assert_eq!(e.rule, Some("R21"));
}

// --- R27–R30 hits ---

#[test]
fn r27_the_hit_puts_the_target_down_when_the_attacker_wins() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    let prep = g.hit_check(a(0), b(0), &HitOptions::default()).unwrap();
    // Strength 6 against Toughness 4 + Armour max(0, 0 − 3).
    assert_eq!(
        (
            prep.spec.active.value,
            prep.spec.passive.value,
            prep.spec.passive.modifier
        ),
        (6, 4, 0)
    );
    assert_eq!(prep.active, Some(a(0)));
    hit(&mut g, a(0), b(0), 6, 2, vec![b(2)]);
    assert_eq!(status(&g, b(0)), Status::Down);
    assert!(g.state().pending_hits.is_empty());
    // Down, it leaves the fight.
    assert!(g.state().model(a(0)).unwrap().engaged.is_empty());
}

#[test]
fn r27_a_model_that_wins_the_hit_roll_stays_up() {
    let mut g = game_rules_1();
    ulrak_hits_vask(&mut g);
    hit(&mut g, a(0), b(0), 1, 9, vec![]);
    assert_eq!(status(&g, b(0)), Status::Standing);
    // Witnesses gain fear only when the model is Down.
    let mut g = game_rules_1();
    ulrak_hits_vask(&mut g);
    let prep = g.hit_check(a(0), b(0), &HitOptions::default()).unwrap();
    refused(
        &mut g,
        Action::ResolveHit(act::ResolveHit {
            attacker: a(0),
            target: b(0),
            options: HitOptions::default(),
            roll: Some(typed(prep.spec, 1, 9)),
            witnesses: vec![b(2)],
        }),
    );
}

#[test]
fn r29_penetration_lowers_armour_never_below_zero_and_r30_cover_adds_the_best_plus_one_per_extra() {
    // Rules 2: cover could be named on a melee hit (rules 3 refuses it, see
    // r30_no_cover_on_a_melee_hit in tests/game_rules3.rs).
    let mut g = Game::new(setup(7).with_rules(2), &rules());
    turn(&mut g, 4);
    skip_to(&mut g, b(2));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(2),
            engaged: true,
        }),
    );
    // Orm fights Ulrak and loses: Ulrak's blade (Pen 3) against Orm's shield (Armour 2).
    assert_eq!(fight(&mut g, b(2), a(0), 1, 9), OpposedOutcome::PassiveWins);
    let plain = g.hit_check(a(0), b(2), &HitOptions::default()).unwrap();
    assert_eq!(
        plain.spec.passive.modifier + plain.spec.active.modifier,
        0,
        "2 − 3 is 0, not −1"
    );
    let covered = HitOptions {
        cover: vec!["heavy".into(), "light".into()],
        ..Default::default()
    };
    let prep = g.hit_check(a(0), b(2), &covered).unwrap();
    // Orm's side is acting: Orm rolls as the active side (R02).
    assert_eq!(prep.active, Some(b(2)));
    // Armour 2 + cover (6 + 1) − Penetration 3.
    assert_eq!(prep.spec.active.modifier, 6);
    assert!(
        prep.sources
            .iter()
            .any(|t| t.en.contains("Armour 2 + cover 7 − Penetration 3 = 6")),
        "{:?}",
        prep.sources
    );
    assert!(
        g.hit_check(
            a(0),
            b(2),
            &HitOptions {
                cover: vec!["glass".into()],
                ..Default::default()
            }
        )
        .is_err()
    );
}

#[test]
fn r28_iron_defence_gives_an_advantage_and_costs_the_hit_model_one_dp() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    let opts = HitOptions {
        iron_defence: true,
        ..Default::default()
    };
    let prep = g.hit_check(a(0), b(0), &opts).unwrap();
    assert_eq!(prep.spec.passive.advantages, 1);
    // Vask pays with the Leader's own DP first, then the pool.
    let b_pool = pool(&g, Side::B);
    ok(
        &mut g,
        Action::AdjustOwnDp(act::AdjustOwnDp {
            model: b(0),
            delta: -1,
        }),
    );
    hit_with(&mut g, a(0), b(0), opts, 1, 9, vec![]);
    assert_eq!(pool(&g, Side::B), b_pool - 1);
}

#[test]
fn r02_the_side_whose_activation_it_is_rolls_active_in_a_counter_hit() {
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
    assert_eq!(fight(&mut g, a(0), b(0), 1, 9), OpposedOutcome::PassiveWins);
    let prep = g.hit_check(b(0), a(0), &HitOptions::default()).unwrap();
    // Ulrak is hit in its own activation: its Toughness side is active, so a
    // tie saves it.
    assert_eq!(prep.active, Some(a(0)));
    // Toughness 4 + leather 4 − heavy mace Pen 2 = 6; Vask's Strength 8.
    assert_eq!(
        (
            prep.spec.active.value,
            prep.spec.active.modifier,
            prep.spec.passive.value
        ),
        (4, 2, 8)
    );
    // 8 + 6 = 14 against 6 + 8 = 14: the tie goes to Ulrak.
    hit(&mut g, b(0), a(0), 6, 8, vec![]);
    assert_eq!(status(&g, a(0)), Status::Standing);
}
