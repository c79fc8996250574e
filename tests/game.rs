//! The game tracker, rule by rule (RULES.md ids), driven through the same
//! actions the view sends.

use crate::game_support::*;
use impia::core::dice::OpposedOutcome;
use impia::core::game::act;
use impia::core::game::{
    Action, BeastChoice, CheckDice, DisengageRoll, ErrorKind, FightOptions, Game, HitOptions,
    HitSource, ModelRef, Now, Phase, RangeBand, Refusal, Role, ShootOptions, Side, SideDice,
    SpellChoice, Status, sim,
};
use impia::core::tables::Stat;
use impia::core::text::Lang;

fn refused(g: &mut Game, action: Action) -> impia::core::game::GameError {
    let before = g.state().clone();
    let len = g.actions().len();
    let e = g.apply(action).expect_err("the action should be refused");
    assert_eq!(g.state(), &before, "a refused action changes nothing");
    assert_eq!(g.actions().len(), len);
    e
}

fn status(g: &Game, m: ModelRef) -> Status {
    g.state().model(m).expect("model").status
}

// --- R07 one activation at a time ---

#[test]
fn r07_a_model_finishes_its_activation_before_another_acts_or_starts() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    // Another model of the same warband may not act while a0 acts…
    let e = refused(&mut g, Action::Move(act::Move { model: a(1) }));
    assert_eq!(e.rule, Some("R07"));
    // …nor start its own activation.
    let e = refused(&mut g, Action::Activate(act::Activate { model: a(1) }));
    assert_eq!(e.rule, Some("R07"));
    // Once a0 has ended its activation, the next pick is open again.
    ok(
        &mut g,
        Action::EndActivation(act::EndActivation {
            model: a(0),
            terrain: Vec::new(),
            near_enemy_totem: false,
        }),
    );
    assert!(
        g.check(&Action::EndActivation(act::EndActivation {
            model: a(0),
            terrain: Vec::new(),
            near_enemy_totem: false,
        }))
        .is_err()
    );
}

// --- R39 dark forces, R10–R12 destiny points ---

#[test]
fn r10_pool_is_two_per_model_not_down_warriors_one() {
    let mut g = game();
    start_turn(&mut g, 4);
    // A: hero 2, veteran 2, warrior 1, sorcerer 2, creature 2.
    assert_eq!(pool(&g, Side::A), 9);
    // B: hero 2, warrior 1, veteran 2, warrior 1, hero 2.
    assert_eq!(pool(&g, Side::B), 8);
    assert_eq!(g.state().turn, 1);
    assert_eq!(g.state().phase, Phase::ChangeRound);
}

#[test]
fn r39_dark_forces_ten_every_model_gives_one_dp_less() {
    let mut g = game();
    start_turn(&mut g, 10);
    // Warriors give 0: never below nothing.
    assert_eq!(pool(&g, Side::A), 4);
    assert_eq!(pool(&g, Side::B), 3);
    // Only that turn.
    no_changes(&mut g);
    finish_turn(&mut g);
    start_turn(&mut g, 3);
    assert_eq!(pool(&g, Side::A), 9);
}

#[test]
fn r39_dark_forces_one_removes_fear_and_six_adds_it_to_every_model_on_the_table() {
    let mut g = game();
    set_fear(&mut g, a(0), 2);
    ok(
        &mut g,
        Action::SetStatus(act::SetStatus {
            model: b(1),
            status: Status::Down,
        }),
    );
    start_turn(&mut g, 6);
    assert_eq!(fear_of(&g, a(0)), 3);
    assert_eq!(fear_of(&g, b(0)), 1);
    // A Down model is not on the table's fighting models.
    assert_eq!(fear_of(&g, b(1)), 0);
    no_changes(&mut g);
    finish_turn(&mut g);
    start_turn(&mut g, 1);
    assert_eq!(fear_of(&g, a(0)), 2);
    assert_eq!(fear_of(&g, b(0)), 0);
    no_changes(&mut g);
    finish_turn(&mut g);
    // R31: fear never below 0.
    start_turn(&mut g, 1);
    assert_eq!(fear_of(&g, b(0)), 0);
}

#[test]
fn r39_dark_forces_eight_brings_a_beast_that_acts_after_the_warbands() {
    let setup = setup(7).with_beast(sim::sample_beast());
    let mut g = Game::new(setup, &rules());
    start_turn(&mut g, 8);
    assert!(g.state().beast_due);
    ok(
        &mut g,
        Action::BeastAppears(act::BeastAppears {
            beast: BeastChoice::Bestiary { index: 0 },
        }),
    );
    assert!(!g.state().beast_due);
    let beast = ModelRef::beast(0);
    assert_eq!(g.state().name(beast), "Bestia");
    no_changes(&mut g);
    // The beast (Agility 4) acts in round 4, after Brann and Orm.
    skip_to(&mut g, a(1));
    assert!(matches!(
        refused(&mut g, Action::Activate(act::Activate { model: beast })).kind,
        ErrorKind::NotNow
    ));
    end(&mut g, a(1));
    match g.now() {
        Now::Pick {
            round: 4,
            side: Side::B,
            models,
        } => assert_eq!(models, vec![b(2)]),
        now => panic!("{now:?}"),
    }
    ok(&mut g, Action::Activate(act::Activate { model: b(2) }));
    end(&mut g, b(2));
    match g.now() {
        Now::Pick {
            round: 4,
            side: Side::Beast,
            models,
        } => assert_eq!(models, vec![beast]),
        now => panic!("{now:?}"),
    }
    ok(&mut g, Action::Activate(act::Activate { model: beast }));
    // Beasts pay no DP: they have no warband.
    ok(&mut g, Action::Move(act::Move { model: beast }));
    end(&mut g, beast);
}

#[test]
fn r39_a_die_out_of_range_is_refused() {
    let mut g = game();
    let e = refused(
        &mut g,
        Action::StartTurn(act::StartTurn {
            dark_forces: vec![11],
        }),
    );
    assert_eq!(e.kind, ErrorKind::BadRoll);
    // The refusal is a typed value; its words are built in one place.
    assert_eq!(
        *e.refusal,
        Refusal::DieOutOfRange {
            sides: 10,
            value: 11
        }
    );
    assert_eq!(e.message(Lang::Es), "R04: un d10 va de 1 a 10, no 11");
    assert_eq!(e.to_string(), "R04: a d10 shows 1 to 10, not 11");
    let e = refused(
        &mut g,
        Action::StartTurn(act::StartTurn {
            dark_forces: vec![],
        }),
    );
    assert!(
        matches!(*e.refusal, Refusal::TableDiceCount { given: 0, .. }),
        "{e}"
    );
    assert_eq!(e.rule, e.refusal.rule());
}

#[test]
fn r12_a_model_down_keeps_its_dp_in_the_pool_until_the_next_turn() {
    let mut g = game();
    turn(&mut g, 4);
    let before = pool(&g, Side::B);
    ok(
        &mut g,
        Action::SetStatus(act::SetStatus {
            model: b(0),
            status: Status::Down,
        }),
    );
    assert_eq!(pool(&g, Side::B), before);
    finish_turn(&mut g);
    start_turn(&mut g, 4);
    assert_eq!(pool(&g, Side::B), 8 - 2);
}

#[test]
fn r32_leader_extra_dp_is_spent_first_and_refreshes_each_turn_herbs_last_once_per_game() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let x = g.state().model(a(0)).unwrap().clone();
    assert_eq!((x.own_dp, x.herbs), (1, 1));
    // The Leader's own DP first: the pool is untouched.
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    assert_eq!(pool(&g, Side::A), 9);
    assert_eq!(g.state().model(a(0)).unwrap().own_dp, 0);
    // Then the pool, and the herb only when the pool is empty.
    ok(
        &mut g,
        Action::AdjustPool(act::AdjustPool {
            side: Side::A,
            delta: -8,
        }),
    );
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    assert_eq!(pool(&g, Side::A), 0);
    assert_eq!(g.state().model(a(0)).unwrap().herbs, 1);
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    assert_eq!(g.state().model(a(0)).unwrap().herbs, 0);
    end(&mut g, a(0));
    finish_turn(&mut g);
    start_turn(&mut g, 4);
    let x = g.state().model(a(0)).unwrap();
    assert_eq!(
        (x.own_dp, x.herbs),
        (1, 0),
        "the Leader's DP refreshes, the herb does not"
    );
}

#[test]
fn r11_what_the_pool_cannot_pay_is_refused_with_the_reason() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::AdjustPool(act::AdjustPool {
            side: Side::A,
            delta: -9,
        }),
    );
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    let e = refused(&mut g, Action::Move(act::Move { model: a(0) }));
    assert_eq!(e.kind, ErrorKind::CannotPay);
    assert!(
        matches!(*e.refusal, Refusal::CannotPay { pool: 0, .. }),
        "{e}"
    );
    let es = e.message(Lang::Es);
    let en = e.message(Lang::En);
    assert!(
        es.contains("reserva tiene 0") && es.contains("Ulrak"),
        "{es}"
    );
    assert!(
        en.contains("pool has 0") && en.contains("of its own"),
        "{en}"
    );
    // The pool never goes negative by hand either.
    refused(
        &mut g,
        Action::AdjustPool(act::AdjustPool {
            side: Side::A,
            delta: -1,
        }),
    );
}

// --- R09 change round ---

#[test]
fn r09_change_round_costs_one_dp_per_step_then_the_opponent_then_no_more() {
    let mut g = game();
    start_turn(&mut g, 4);
    assert_eq!(g.now(), Now::ChangeRound { side: None });
    ok(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: a(1),
            steps: -2,
        }),
    );
    assert_eq!(pool(&g, Side::A), 7);
    assert_eq!(g.state().model(a(1)).unwrap().round, 2);
    // B waits until A has finished.
    assert_eq!(
        refused(
            &mut g,
            Action::ChangeRound(act::ChangeRound {
                model: b(0),
                steps: 1
            })
        )
        .kind,
        ErrorKind::NotNow
    );
    ok(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: a(0),
            steps: 1,
        }),
    );
    // The Leader pays with its own DP first.
    assert_eq!(pool(&g, Side::A), 7);
    assert_eq!(g.state().model(a(0)).unwrap().round, 7);
    ok(
        &mut g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
    );
    assert_eq!(
        g.now(),
        Now::ChangeRound {
            side: Some(Side::B)
        }
    );
    refused(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: a(2),
            steps: 1,
        }),
    );
    ok(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: b(1),
            steps: 2,
        }),
    );
    assert_eq!(pool(&g, Side::B), 6);
    // Not below round 1.
    refused(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: b(3),
            steps: -3,
        }),
    );
    ok(
        &mut g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    );
    assert_eq!(g.state().phase, Phase::Rounds);
    refused(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: b(3),
            steps: 1,
        }),
    );
    // Ulrak now acts alone in round 7.
    match g.now() {
        Now::Pick {
            round: 7,
            side: Side::A,
            models,
        } => assert_eq!(models, vec![a(0)]),
        now => panic!("{now:?}"),
    }
}

// --- R05–R08 the rounds ---

#[test]
fn r08_roll_off_ties_are_rerolled_every_roll_recorded_and_the_winner_picks_who_starts() {
    let mut g = game();
    turn(&mut g, 4);
    // Round 6: Ulrak against Vask and Sarn.
    assert_eq!(g.now(), Now::RollOff { round: 6 });
    refused(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[5, 5]],
            starts: Some(Side::A),
        }),
    );
    refused(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[5, 4], [6, 2]],
            starts: Some(Side::A),
        }),
    );
    refused(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[0, 4]],
            starts: Some(Side::A),
        }),
    );
    // B wins 8–6 after two ties and lets A start.
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[5, 5], [2, 2], [6, 8]],
            starts: Some(Side::A),
        }),
    );
    assert_eq!(g.state().round.as_ref().unwrap().rolloff.len(), 3);
    // Then the sides alternate model by model.
    assert!(matches!(g.now(), Now::Pick { side: Side::A, .. }));
    assert_eq!(
        refused(&mut g, Action::Activate(act::Activate { model: b(0) })).kind,
        ErrorKind::NotNow
    );
    ok(&mut g, Action::Activate(act::Activate { model: a(0) }));
    end(&mut g, a(0));
    match g.now() {
        Now::Pick {
            side: Side::B,
            models,
            ..
        } => assert_eq!(models, vec![b(0), b(4)]),
        now => panic!("{now:?}"),
    }
    ok(&mut g, Action::Activate(act::Activate { model: b(4) }));
    end(&mut g, b(4));
    // A has no one left in round 6: B goes on.
    assert!(matches!(
        g.now(),
        Now::Pick {
            round: 6,
            side: Side::B,
            ..
        }
    ));
}

#[test]
fn r08_when_only_one_side_has_models_in_a_round_that_player_picks_the_order() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    end(&mut g, a(3));
    match g.now() {
        Now::Pick {
            round: 5,
            side: Side::A,
            models,
        } => assert_eq!(models, vec![a(4)]),
        now => panic!("{now:?}"),
    }
}

#[test]
fn r06_r07_models_act_in_their_round_and_finish_before_another_starts() {
    let mut g = game();
    turn(&mut g, 4);
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[9, 1]],
            starts: Some(Side::A),
        }),
    );
    // Brann acts in round 4, not 6.
    refused(&mut g, Action::Activate(act::Activate { model: a(1) }));
    ok(&mut g, Action::Activate(act::Activate { model: a(0) }));
    refused(&mut g, Action::Activate(act::Activate { model: a(0) }));
    assert_eq!(
        refused(&mut g, Action::Move(act::Move { model: b(0) })).kind,
        ErrorKind::NotNow
    );
    end(&mut g, a(0));
    refused(&mut g, Action::Activate(act::Activate { model: a(0) }));
}

#[test]
fn r05_the_turn_ends_when_every_model_has_acted() {
    let mut g = game();
    turn(&mut g, 4);
    assert_eq!(
        refused(
            &mut g,
            Action::StartTurn(act::StartTurn {
                dark_forces: vec![3]
            })
        )
        .kind,
        ErrorKind::NotNow
    );
    finish_turn(&mut g);
    assert_eq!(g.now(), Now::StartTurn { turn: 2 });
    assert_eq!(g.state().phase, Phase::TurnOver);
    start_turn(&mut g, 3);
    assert_eq!(g.state().turn, 2);
}

#[test]
fn r05_the_players_may_end_the_turn_by_hand() {
    let mut g = game();
    turn(&mut g, 4);
    ok(&mut g, Action::EndTurn(act::EndTurn {}));
    assert_eq!(g.now(), Now::StartTurn { turn: 2 });
}

// The rest of the rules, one file per group (tests/game/).
mod combat;
mod fear;
mod shooting;
mod spells;
