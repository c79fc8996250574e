//! R18 falls, R31 fear, R32 the Leader and R33 the totem.

use super::*;
use impia::core::game::act;

// --- R18 falls ---

#[test]
fn r18_a_short_fall_leaves_the_model_prone_and_its_next_action_is_standing_up() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    assert!(g.fall_check(a(2), 4.0).unwrap().is_none());
    ok(
        &mut g,
        Action::Fall(act::Fall {
            model: a(2),
            height_cm: 4.0,
            roll: None,
            witnesses: vec![],
        }),
    );
    assert_eq!(status(&g, a(2)), Status::Prone);
    let e = refused(&mut g, Action::Move(act::Move { model: a(2) }));
    assert_eq!(e.rule, Some("R18"));
    ok(&mut g, Action::StandUp(act::StandUp { model: a(2) }));
    assert_eq!(status(&g, a(2)), Status::Standing);
    ok(&mut g, Action::Move(act::Move { model: a(2) }));
}

#[test]
fn r18_a_fall_rolls_toughness_without_armour_against_the_heights_strength() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let prep = g.fall_check(a(0), 12.0).unwrap().expect("a roll");
    // Toughness 4 (leather does not count) against Strength 4.
    assert_eq!(
        (
            prep.spec.active.value,
            prep.spec.active.modifier,
            prep.spec.passive.value
        ),
        (4, 0, 4)
    );
    // A roll is needed, and none up to 5 cm.
    refused(
        &mut g,
        Action::Fall(act::Fall {
            model: a(0),
            height_cm: 12.0,
            roll: None,
            witnesses: vec![],
        }),
    );
    ok(
        &mut g,
        Action::Fall(act::Fall {
            model: a(0),
            height_cm: 12.0,
            roll: Some(typed(prep.spec, 1, 9)),
            witnesses: vec![a(1)],
        }),
    );
    assert_eq!(status(&g, a(0)), Status::Down);
    // The Leader is Down: its warband is frightened (R31), Brann twice.
    assert_eq!(fear_of(&g, a(1)), 2);
    assert_eq!(fear_of(&g, a(2)), 1);
    // Its activation ended with it.
    assert!(!matches!(g.now(), Now::Acting { .. }));
}

// --- R31 fear ---

#[test]
fn r31_friends_within_15cm_of_a_model_put_down_gain_fear() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        }),
    );
    fight(&mut g, a(0), b(1), 9, 1);
    // Only friends of the Down model can be listed.
    let prep = g.hit_check(a(0), b(1), &HitOptions::default()).unwrap();
    refused(
        &mut g,
        Action::ResolveHit(act::ResolveHit {
            attacker: a(0),
            target: b(1),
            options: HitOptions::default(),
            roll: Some(typed(prep.spec, 9, 1)),
            witnesses: vec![a(1)],
        }),
    );
    hit(&mut g, a(0), b(1), 9, 1, vec![b(2), b(3)]);
    assert_eq!(
        (fear_of(&g, b(2)), fear_of(&g, b(3)), fear_of(&g, b(4))),
        (1, 1, 0)
    );
}

#[test]
fn r31_a_brutal_or_cruel_model_causes_two_fear() {
    let mut g = game();
    turn(&mut g, 4);
    // Vask is Cruel.
    skip_to(&mut g, b(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(1),
            b: b(0),
            engaged: true,
        }),
    );
    fight(&mut g, b(0), a(1), 9, 1);
    hit(&mut g, b(0), a(1), 9, 1, vec![a(2), a(3)]);
    assert_eq!((fear_of(&g, a(2)), fear_of(&g, a(3))), (2, 2));
}

#[test]
fn r31_the_own_leader_down_frightens_the_whole_warband_and_r32_scores_two_vp() {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    hit(&mut g, a(0), b(0), 9, 1, vec![b(4)]);
    // Sarn: a friend within 15 cm and its Leader Down.
    assert_eq!(fear_of(&g, b(4)), 2);
    assert_eq!(fear_of(&g, b(1)), 1);
    assert_eq!(fear_of(&g, a(1)), 0);
    // Ulrak put the enemy Leader Down: 1 VP and 1 more.
    assert_eq!(g.scoreboard().a.kills, 2);
    assert_eq!(g.scoreboard().b.total(), 0);
}

#[test]
fn r32_a_leader_scores_one_vp_per_enemy_it_puts_down_others_none() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        }),
    );
    fight(&mut g, a(0), b(1), 9, 1);
    hit(&mut g, a(0), b(1), 9, 1, vec![]);
    assert_eq!(g.scoreboard().a.kills, 1);
    end(&mut g, a(0));
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(4),
            b: b(2),
            engaged: true,
        }),
    );
    fight(&mut g, a(4), b(2), 9, 1);
    hit(&mut g, a(4), b(2), 9, 1, vec![]);
    assert_eq!(g.scoreboard().a.kills, 1, "only the Leader's kills score");
    ok(
        &mut g,
        Action::ScenarioPoints(act::ScenarioPoints {
            side: Side::A,
            points: 3,
            note: "objetivo".into(),
        }),
    );
    assert_eq!(g.scoreboard().a.total(), 4);
}

#[test]
fn r31_fear_equal_to_courage_gives_a_complication_on_every_roll_unless_stubborn() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(4),
            engaged: true,
        }),
    );
    set_fear(&mut g, a(0), 4);
    assert_eq!(
        g.fight_check(a(0), b(4), &FightOptions::default())
            .unwrap()
            .spec
            .active
            .complications,
        0
    );
    set_fear(&mut g, a(0), 5);
    set_fear(&mut g, b(4), 9);
    let prep = g.fight_check(a(0), b(4), &FightOptions::default()).unwrap();
    assert_eq!(prep.spec.active.complications, 1);
    assert!(
        prep.sources
            .iter()
            .any(|t| t.en.contains("fear 5 ≥ Courage 5"))
    );
    // Sarn is Stubborn.
    assert_eq!(prep.spec.passive.complications, 0);
    // Every roll: an attribute check and a shot too.
    assert_eq!(
        g.attribute_check(a(0), Stat::Agility, 0)
            .unwrap()
            .spec
            .complications,
        1
    );
}

#[test]
fn r31_model_flees_at_twice_courage_unless_fearless() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, b(4));
    // Sarn (Courage 5) is Fearless: fear 10 does not make it flee.
    set_fear(&mut g, b(4), 10);
    assert!(!g.would_flee(b(4)));
    end(&mut g, b(4));
    assert_eq!(status(&g, b(4)), Status::Standing);
    skip_to(&mut g, a(2));
    // Kel (Courage 3): fear 5 stays, fear 6 flees at the end of its activation.
    set_fear(&mut g, a(2), 6);
    assert!(g.would_flee(a(2)));
    assert_eq!(
        status(&g, a(2)),
        Status::Standing,
        "only at the end of its activation"
    );
    end(&mut g, a(2));
    assert_eq!(status(&g, a(2)), Status::Fled);
    // A fled model gives no DP next turn.
    finish_turn(&mut g);
    start_turn(&mut g, 4);
    assert_eq!(pool(&g, Side::A), 8);
}

#[test]
fn r31_fear_never_goes_below_zero() {
    let mut g = game();
    ok(
        &mut g,
        Action::AdjustFear(act::AdjustFear {
            model: a(0),
            delta: -3,
        }),
    );
    assert_eq!(fear_of(&g, a(0)), 0);
}

// --- R32 the Leader ---

#[test]
fn r32_rally_removes_one_fear_from_the_named_friends() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    set_fear(&mut g, a(1), 2);
    set_fear(&mut g, a(2), 1);
    refused(
        &mut g,
        Action::LeaderRally(act::LeaderRally {
            leader: a(0),
            models: vec![b(1)],
        }),
    );
    ok(
        &mut g,
        Action::LeaderRally(act::LeaderRally {
            leader: a(0),
            models: vec![a(1), a(2), a(3)],
        }),
    );
    assert_eq!(
        (fear_of(&g, a(1)), fear_of(&g, a(2)), fear_of(&g, a(3))),
        (1, 0, 0)
    );
    end(&mut g, a(0));
    skip_to(&mut g, a(3));
    let e = refused(
        &mut g,
        Action::LeaderRally(act::LeaderRally {
            leader: a(3),
            models: vec![a(1)],
        }),
    );
    assert_eq!(e.rule, Some("R32"));
}

#[test]
fn r32_an_order_lets_a_friend_make_one_action_paying_its_cost() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::LeaderOrder(act::LeaderOrder {
            leader: a(0),
            model: a(1),
        }),
    );
    // Ulrak's own DP paid the order; Brann's Move comes from the pool.
    assert_eq!(pool(&g, Side::A), 9);
    assert_eq!(
        g.now(),
        Now::Acting {
            model: a(0),
            ordered: Some(a(1))
        }
    );
    refused(&mut g, Action::Move(act::Move { model: a(0) }));
    ok(&mut g, Action::Move(act::Move { model: a(1) }));
    assert_eq!(pool(&g, Side::A), 8);
    // One action only.
    refused(&mut g, Action::Move(act::Move { model: a(1) }));
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    // Brann still acts in its own round.
    assert!(!g.state().model(a(1)).unwrap().acted);
}

// --- R33 the totem ---

#[test]
/// Rules 1: the re-roll is stored inside the dice of the action.
fn r33_one_totem_reroll_per_turn_per_warband() {
    let mut g = game_rules_1();
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
    assert!(g.can_reroll(a(0)));
    let prep = g.fight_check(a(0), b(0), &FightOptions::default()).unwrap();
    let first = typed(prep.spec, 1, 9);
    let roll = first
        .clone()
        .rerolled(a(0), Role::Active, SideDice::new(9, vec![]));
    assert_eq!(roll.outcome(), OpposedOutcome::ActiveWins);
    // Someone not in the roll cannot re-roll it.
    let wrong = first
        .clone()
        .rerolled(a(1), Role::Active, SideDice::new(9, vec![]));
    refused(
        &mut g,
        Action::Fight(act::Fight {
            attacker: a(0),
            defender: b(0),
            options: FightOptions::default(),
            roll: Some(wrong),
        }),
    );
    ok(
        &mut g,
        Action::Fight(act::Fight {
            attacker: a(0),
            defender: b(0),
            options: FightOptions::default(),
            roll: Some(roll),
        }),
    );
    assert!(!g.can_reroll(a(0)));
    assert!(g.can_reroll(b(0)), "each warband has its own");
    let prep = g.hit_check(a(0), b(0), &HitOptions::default()).unwrap();
    let again = typed(prep.spec, 1, 9).rerolled(a(0), Role::Active, SideDice::new(9, vec![]));
    let e = refused(
        &mut g,
        Action::ResolveHit(act::ResolveHit {
            attacker: a(0),
            target: b(0),
            options: HitOptions::default(),
            roll: Some(again),
            witnesses: vec![],
        }),
    );
    assert_eq!(e.rule, Some("R33"));
    // B re-rolls Vask's Toughness.
    // 6 + 3 against 4 + 1, then 4 + 10.
    let saved = typed(prep.spec, 3, 1).rerolled(b(0), Role::Passive, SideDice::new(10, vec![]));
    ok(
        &mut g,
        Action::ResolveHit(act::ResolveHit {
            attacker: a(0),
            target: b(0),
            options: HitOptions::default(),
            roll: Some(saved),
            witnesses: vec![],
        }),
    );
    assert_eq!(status(&g, b(0)), Status::Standing);
    // The next turn it is back.
    end(&mut g, a(0));
    finish_turn(&mut g);
    start_turn(&mut g, 4);
    assert!(g.can_reroll(a(0)));
}

#[test]
fn r33_own_totem_removes_two_fear_and_the_enemy_totem_is_destroyed_for_fear_and_a_vp() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    set_fear(&mut g, a(0), 3);
    ok(&mut g, Action::TotemOwn(act::TotemOwn { model: a(0) }));
    assert_eq!(fear_of(&g, a(0)), 1);
    assert_eq!(
        pool(&g, Side::A),
        8,
        "2 DP: the Leader's own 1 and 1 from the pool"
    );
    ok(&mut g, Action::TotemEnemy(act::TotemEnemy { model: a(0) }));
    assert_eq!(fear_of(&g, a(0)), 4);
    assert_eq!(g.scoreboard().a.totem, 1);
    assert!(!g.state().side(Side::B).unwrap().totem_standing);
    refused(&mut g, Action::TotemEnemy(act::TotemEnemy { model: a(0) }));
    end(&mut g, a(0));
    // B lost its totem: no more re-rolls or totem actions for B.
    assert!(!g.can_reroll(b(0)));
}

#[test]
fn r33_ending_an_activation_near_the_enemy_totem_adds_fear() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::EndActivation(act::EndActivation {
            model: a(0),
            terrain: vec![],
            near_enemy_totem: true,
        }),
    );
    assert_eq!(fear_of(&g, a(0)), 1);
}
