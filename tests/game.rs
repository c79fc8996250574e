//! The game tracker, rule by rule (RULES.md ids), driven through the same
//! actions the view sends.

use crate::game_support::*;
use impia::core::dice::OpposedOutcome;
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
        Action::SetStatus {
            model: b(1),
            status: Status::Down,
        },
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
        Action::BeastAppears {
            beast: BeastChoice::Bestiary { index: 0 },
        },
    );
    assert!(!g.state().beast_due);
    let beast = ModelRef::beast(0);
    assert_eq!(g.state().name(beast), "Bestia");
    no_changes(&mut g);
    // The beast (Agility 4) acts in round 4, after Brann and Orm.
    skip_to(&mut g, a(1));
    assert!(matches!(
        refused(&mut g, Action::Activate { model: beast }).kind,
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
    ok(&mut g, Action::Activate { model: b(2) });
    end(&mut g, b(2));
    match g.now() {
        Now::Pick {
            round: 4,
            side: Side::Beast,
            models,
        } => assert_eq!(models, vec![beast]),
        now => panic!("{now:?}"),
    }
    ok(&mut g, Action::Activate { model: beast });
    // Beasts pay no DP: they have no warband.
    ok(&mut g, Action::Move { model: beast });
    end(&mut g, beast);
}

#[test]
fn r39_a_die_out_of_range_is_refused() {
    let mut g = game();
    let e = refused(
        &mut g,
        Action::StartTurn {
            dark_forces: vec![11],
        },
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
        Action::StartTurn {
            dark_forces: vec![],
        },
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
        Action::SetStatus {
            model: b(0),
            status: Status::Down,
        },
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
    ok(&mut g, Action::Move { model: a(0) });
    assert_eq!(pool(&g, Side::A), 9);
    assert_eq!(g.state().model(a(0)).unwrap().own_dp, 0);
    // Then the pool, and the herb only when the pool is empty.
    ok(
        &mut g,
        Action::AdjustPool {
            side: Side::A,
            delta: -8,
        },
    );
    ok(&mut g, Action::Move { model: a(0) });
    assert_eq!(pool(&g, Side::A), 0);
    assert_eq!(g.state().model(a(0)).unwrap().herbs, 1);
    ok(&mut g, Action::Move { model: a(0) });
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
        Action::AdjustPool {
            side: Side::A,
            delta: -9,
        },
    );
    ok(&mut g, Action::Move { model: a(0) });
    ok(&mut g, Action::Move { model: a(0) });
    let e = refused(&mut g, Action::Move { model: a(0) });
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
        Action::AdjustPool {
            side: Side::A,
            delta: -1,
        },
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
        Action::ChangeRound {
            model: a(1),
            steps: -2,
        },
    );
    assert_eq!(pool(&g, Side::A), 7);
    assert_eq!(g.state().model(a(1)).unwrap().round, 2);
    // B waits until A has finished.
    assert_eq!(
        refused(
            &mut g,
            Action::ChangeRound {
                model: b(0),
                steps: 1
            }
        )
        .kind,
        ErrorKind::NotNow
    );
    ok(
        &mut g,
        Action::ChangeRound {
            model: a(0),
            steps: 1,
        },
    );
    // The Leader pays with its own DP first.
    assert_eq!(pool(&g, Side::A), 7);
    assert_eq!(g.state().model(a(0)).unwrap().round, 7);
    ok(&mut g, Action::EndChangeRound { side: Side::A });
    assert_eq!(
        g.now(),
        Now::ChangeRound {
            side: Some(Side::B)
        }
    );
    refused(
        &mut g,
        Action::ChangeRound {
            model: a(2),
            steps: 1,
        },
    );
    ok(
        &mut g,
        Action::ChangeRound {
            model: b(1),
            steps: 2,
        },
    );
    assert_eq!(pool(&g, Side::B), 6);
    // Not below round 1.
    refused(
        &mut g,
        Action::ChangeRound {
            model: b(3),
            steps: -3,
        },
    );
    ok(&mut g, Action::EndChangeRound { side: Side::B });
    assert_eq!(g.state().phase, Phase::Rounds);
    refused(
        &mut g,
        Action::ChangeRound {
            model: b(3),
            steps: 1,
        },
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
        Action::RollOff {
            rolls: vec![[5, 5]],
            starts: Some(Side::A),
        },
    );
    refused(
        &mut g,
        Action::RollOff {
            rolls: vec![[5, 4], [6, 2]],
            starts: Some(Side::A),
        },
    );
    refused(
        &mut g,
        Action::RollOff {
            rolls: vec![[0, 4]],
            starts: Some(Side::A),
        },
    );
    // B wins 8–6 after two ties and lets A start.
    ok(
        &mut g,
        Action::RollOff {
            rolls: vec![[5, 5], [2, 2], [6, 8]],
            starts: Some(Side::A),
        },
    );
    assert_eq!(g.state().round.as_ref().unwrap().rolloff.len(), 3);
    // Then the sides alternate model by model.
    assert!(matches!(g.now(), Now::Pick { side: Side::A, .. }));
    assert_eq!(
        refused(&mut g, Action::Activate { model: b(0) }).kind,
        ErrorKind::NotNow
    );
    ok(&mut g, Action::Activate { model: a(0) });
    end(&mut g, a(0));
    match g.now() {
        Now::Pick {
            side: Side::B,
            models,
            ..
        } => assert_eq!(models, vec![b(0), b(4)]),
        now => panic!("{now:?}"),
    }
    ok(&mut g, Action::Activate { model: b(4) });
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
        Action::RollOff {
            rolls: vec![[9, 1]],
            starts: Some(Side::A),
        },
    );
    // Brann acts in round 4, not 6.
    refused(&mut g, Action::Activate { model: a(1) });
    ok(&mut g, Action::Activate { model: a(0) });
    refused(&mut g, Action::Activate { model: a(0) });
    assert_eq!(
        refused(&mut g, Action::Move { model: b(0) }).kind,
        ErrorKind::NotNow
    );
    end(&mut g, a(0));
    refused(&mut g, Action::Activate { model: a(0) });
}

#[test]
fn r05_the_turn_ends_when_every_model_has_acted() {
    let mut g = game();
    turn(&mut g, 4);
    assert_eq!(
        refused(
            &mut g,
            Action::StartTurn {
                dark_forces: vec![3]
            }
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
    ok(&mut g, Action::EndTurn);
    assert_eq!(g.now(), Now::StartTurn { turn: 2 });
}

// --- R20–R25 combat ---

#[test]
fn r23_fight_is_an_opposed_combat_roll_with_the_weapon_and_the_higher_hits() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
    );
    let e = refused(&mut g, Action::Move { model: a(0) });
    assert_eq!(e.rule, Some("R21"));
    assert!(e.message(Lang::Es).contains("trabada"));
    let prep = g
        .assault_check(a(0), b(4), false, &FightOptions::default())
        .unwrap();
    refused(
        &mut g,
        Action::Assault {
            attacker: a(0),
            defender: b(4),
            brutal: false,
            options: FightOptions::default(),
            roll: Some(typed(prep.spec, 5, 5)),
        },
    );
    // Fighting a model it is not engaged with is refused too.
    let prep = g.fight_check(a(0), b(4), &FightOptions::default()).unwrap();
    let e = refused(
        &mut g,
        Action::Fight {
            attacker: a(0),
            defender: b(4),
            options: FightOptions::default(),
            roll: Some(typed(prep.spec, 5, 5)),
        },
    );
    assert_eq!(e.rule, Some("R21"));
}

#[test]
fn r20_assault_gives_plus_one_per_assault_earlier_moves_and_an_unseen_attacker() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
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
        Action::Assault {
            attacker: a(1),
            defender: b(2),
            brutal: false,
            options: opts,
            roll: Some(roll),
        },
    );
    assert_eq!(pool(&g, Side::A), 8);
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
        Action::Assault {
            attacker: a(0),
            defender: b(0),
            brutal: false,
            options: opts,
            roll: Some(typed(prep.spec, 9, 1)),
        },
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
        Action::Assault {
            attacker: a(1),
            defender: b(2),
            brutal: true,
            options: FightOptions::default(),
            roll: Some(typed(prep.spec, 5, 5)),
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
    );
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(1),
            b: b(0),
            engaged: true,
        },
    );
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(4),
            b: b(0),
            engaged: true,
        },
    );
    ok(
        &mut g,
        Action::SetEngaged {
            a: b(4),
            b: a(0),
            engaged: true,
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
    );
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        },
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
        Action::Disengage {
            model: a(0),
            rolls: rolls[..1].to_vec(),
        },
    );
    ok(&mut g, Action::Disengage { model: a(0), rolls });
    assert!(g.state().model(a(0)).unwrap().engaged.is_empty());
    assert!(g.state().model(b(0)).unwrap().engaged.is_empty());
    assert!(g.state().pending_hits.is_empty());
    ok(&mut g, Action::Move { model: a(0) });
}

#[test]
fn r25_every_opponent_that_wins_the_disengage_hits_and_the_model_stays_engaged() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
    );
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        },
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
    ok(&mut g, Action::Disengage { model: a(0), rolls });
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
        Action::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts,
            roll: Some(roll),
            stray: None,
        },
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
        Action::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts.clone(),
            roll: Some(miss),
            stray: Some(a(1)),
        },
    );
    // A 2 misses only because of the penalty: it hits Brann.
    let roll = typed_check(prep.spec, 2);
    refused(
        &mut g,
        Action::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts.clone(),
            roll: Some(roll.clone()),
            stray: Some(b(2)),
        },
    );
    ok(
        &mut g,
        Action::Shoot {
            shooter: a(2),
            target: b(1),
            options: opts,
            roll: Some(roll),
            stray: Some(a(1)),
        },
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
        Action::SetEngaged {
            a: a(2),
            b: b(3),
            engaged: true,
        },
    );
    let prep = g.shoot_check(a(2), b(1), &ShootOptions::default()).unwrap();
    let e = refused(
        &mut g,
        Action::Shoot {
            shooter: a(2),
            target: b(1),
            options: ShootOptions::default(),
            roll: Some(typed_check(prep.spec, 1)),
            stray: None,
        },
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
        Action::ResolveHit {
            attacker: a(0),
            target: b(0),
            options: HitOptions::default(),
            roll: Some(typed(prep.spec, 1, 9)),
            witnesses: vec![b(2)],
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(2),
            engaged: true,
        },
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
        Action::AdjustOwnDp {
            model: b(0),
            delta: -1,
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
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

// --- R18 falls ---

#[test]
fn r18_a_short_fall_leaves_the_model_prone_and_its_next_action_is_standing_up() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    assert!(g.fall_check(a(2), 4.0).unwrap().is_none());
    ok(
        &mut g,
        Action::Fall {
            model: a(2),
            height_cm: 4.0,
            roll: None,
            witnesses: vec![],
        },
    );
    assert_eq!(status(&g, a(2)), Status::Prone);
    let e = refused(&mut g, Action::Move { model: a(2) });
    assert_eq!(e.rule, Some("R18"));
    ok(&mut g, Action::StandUp { model: a(2) });
    assert_eq!(status(&g, a(2)), Status::Standing);
    ok(&mut g, Action::Move { model: a(2) });
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
        Action::Fall {
            model: a(0),
            height_cm: 12.0,
            roll: None,
            witnesses: vec![],
        },
    );
    ok(
        &mut g,
        Action::Fall {
            model: a(0),
            height_cm: 12.0,
            roll: Some(typed(prep.spec, 1, 9)),
            witnesses: vec![a(1)],
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        },
    );
    fight(&mut g, a(0), b(1), 9, 1);
    // Only friends of the Down model can be listed.
    let prep = g.hit_check(a(0), b(1), &HitOptions::default()).unwrap();
    refused(
        &mut g,
        Action::ResolveHit {
            attacker: a(0),
            target: b(1),
            options: HitOptions::default(),
            roll: Some(typed(prep.spec, 9, 1)),
            witnesses: vec![a(1)],
        },
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
        Action::SetEngaged {
            a: a(1),
            b: b(0),
            engaged: true,
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(1),
            engaged: true,
        },
    );
    fight(&mut g, a(0), b(1), 9, 1);
    hit(&mut g, a(0), b(1), 9, 1, vec![]);
    assert_eq!(g.scoreboard().a.kills, 1);
    end(&mut g, a(0));
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(4),
            b: b(2),
            engaged: true,
        },
    );
    fight(&mut g, a(4), b(2), 9, 1);
    hit(&mut g, a(4), b(2), 9, 1, vec![]);
    assert_eq!(g.scoreboard().a.kills, 1, "only the Leader's kills score");
    ok(
        &mut g,
        Action::ScenarioPoints {
            side: Side::A,
            points: 3,
            note: "objetivo".into(),
        },
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
        Action::SetEngaged {
            a: a(0),
            b: b(4),
            engaged: true,
        },
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
        Action::AdjustFear {
            model: a(0),
            delta: -3,
        },
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
        Action::LeaderRally {
            leader: a(0),
            models: vec![b(1)],
        },
    );
    ok(
        &mut g,
        Action::LeaderRally {
            leader: a(0),
            models: vec![a(1), a(2), a(3)],
        },
    );
    assert_eq!(
        (fear_of(&g, a(1)), fear_of(&g, a(2)), fear_of(&g, a(3))),
        (1, 0, 0)
    );
    end(&mut g, a(0));
    skip_to(&mut g, a(3));
    let e = refused(
        &mut g,
        Action::LeaderRally {
            leader: a(3),
            models: vec![a(1)],
        },
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
        Action::LeaderOrder {
            leader: a(0),
            model: a(1),
        },
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
    refused(&mut g, Action::Move { model: a(0) });
    ok(&mut g, Action::Move { model: a(1) });
    assert_eq!(pool(&g, Side::A), 8);
    // One action only.
    refused(&mut g, Action::Move { model: a(1) });
    ok(&mut g, Action::Move { model: a(0) });
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
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
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
        Action::Fight {
            attacker: a(0),
            defender: b(0),
            options: FightOptions::default(),
            roll: Some(wrong),
        },
    );
    ok(
        &mut g,
        Action::Fight {
            attacker: a(0),
            defender: b(0),
            options: FightOptions::default(),
            roll: Some(roll),
        },
    );
    assert!(!g.can_reroll(a(0)));
    assert!(g.can_reroll(b(0)), "each warband has its own");
    let prep = g.hit_check(a(0), b(0), &HitOptions::default()).unwrap();
    let again = typed(prep.spec, 1, 9).rerolled(a(0), Role::Active, SideDice::new(9, vec![]));
    let e = refused(
        &mut g,
        Action::ResolveHit {
            attacker: a(0),
            target: b(0),
            options: HitOptions::default(),
            roll: Some(again),
            witnesses: vec![],
        },
    );
    assert_eq!(e.rule, Some("R33"));
    // B re-rolls Vask's Toughness.
    // 6 + 3 against 4 + 1, then 4 + 10.
    let saved = typed(prep.spec, 3, 1).rerolled(b(0), Role::Passive, SideDice::new(10, vec![]));
    ok(
        &mut g,
        Action::ResolveHit {
            attacker: a(0),
            target: b(0),
            options: HitOptions::default(),
            roll: Some(saved),
            witnesses: vec![],
        },
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
    ok(&mut g, Action::TotemOwn { model: a(0) });
    assert_eq!(fear_of(&g, a(0)), 1);
    assert_eq!(
        pool(&g, Side::A),
        8,
        "2 DP: the Leader's own 1 and 1 from the pool"
    );
    ok(&mut g, Action::TotemEnemy { model: a(0) });
    assert_eq!(fear_of(&g, a(0)), 4);
    assert_eq!(g.scoreboard().a.totem, 1);
    assert!(!g.state().side(Side::B).unwrap().totem_standing);
    refused(&mut g, Action::TotemEnemy { model: a(0) });
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
        Action::EndActivation {
            model: a(0),
            terrain: vec![],
            near_enemy_totem: true,
        },
    );
    assert_eq!(fear_of(&g, a(0)), 1);
}

// --- R14 terrain ---

#[test]
fn r14_terrain_fear_and_toughness_lost_for_good() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::TouchTerrain {
            model: a(0),
            terrain: "cursed".into(),
        },
    );
    ok(
        &mut g,
        Action::TouchTerrain {
            model: a(0),
            terrain: "cursed".into(),
        },
    );
    assert_eq!(fear_of(&g, a(0)), 1, "at most once per activation");
    ok(
        &mut g,
        Action::EndActivation {
            model: a(0),
            terrain: vec!["cursed".into(), "tainted".into()],
            near_enemy_totem: false,
        },
    );
    assert_eq!(fear_of(&g, a(0)), 2);
    assert_eq!(g.state().model(a(0)).unwrap().toughness(), 3);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::EndActivation {
            model: a(4),
            terrain: vec!["volcanic".into(), "water".into()],
            near_enemy_totem: false,
        },
    );
    assert_eq!(g.state().model(a(4)).unwrap().toughness(), 3);
    assert_eq!(fear_of(&g, a(4)), 1);
    skip_to(&mut g, a(1));
    refused(
        &mut g,
        Action::EndActivation {
            model: a(1),
            terrain: vec!["lava".into()],
            near_enemy_totem: false,
        },
    );
    ok(
        &mut g,
        Action::EndActivation {
            model: a(1),
            terrain: vec!["icy".into()],
            near_enemy_totem: false,
        },
    );
    assert_eq!(status(&g, a(1)), Status::Prone);
}

// --- R38 spells ---

fn cast(
    g: &mut Game,
    spell: SpellChoice,
    within_15cm: Vec<ModelRef>,
    die: u32,
    within_30cm: Vec<ModelRef>,
) -> Result<(), impia::core::game::GameError> {
    g.apply(Action::CastSpell {
        caster: a(3),
        spell,
        target: None,
        within_15cm,
        backlash: vec![die],
        within_30cm,
        targets: Vec::new(),
    })?;
    if g.pending().is_some() {
        accept(g);
    }
    Ok(())
}

#[test]
fn r38_a_spell_costs_its_dp_and_frightens_everyone_within_15cm_but_sorcerers() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    cast(
        &mut g,
        SpellChoice::Known { index: 0 },
        vec![a(0), b(0)],
        5,
        vec![],
    )
    .unwrap();
    assert_eq!(pool(&g, Side::A), 8);
    assert_eq!(
        (fear_of(&g, a(0)), fear_of(&g, b(0)), fear_of(&g, a(3))),
        (1, 1, 0)
    );
    // 1d10 5 + level 1 + fear 0 = 6: nothing.
    assert_eq!(g.state().model(a(3)).unwrap().toughness(), 3);
    // Not a sorcerer, no spell.
    end(&mut g, a(3));
    skip_to(&mut g, a(4));
    let e = g
        .apply(Action::CastSpell {
            caster: a(4),
            spell: SpellChoice::Custom {
                name: String::new(),
                level: 1,
                cost: 1,
            },
            target: None,
            within_15cm: vec![],
            backlash: vec![3],
            within_30cm: vec![],
            targets: Vec::new(),
        })
        .unwrap_err();
    assert_eq!(e.rule, Some("R38"));
}

#[test]
fn r38_the_backlash_adds_level_and_fear_and_applies_the_rows_effect() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    // 7 + 1 + 0 = 8: the caster gains a fear marker.
    cast(&mut g, SpellChoice::Known { index: 0 }, vec![], 7, vec![]).unwrap();
    assert_eq!(fear_of(&g, a(3)), 1);
    // "level 2, cost 2": 9 + 2 + 1 = 12: a point of Toughness for good.
    cast(
        &mut g,
        SpellChoice::Custom {
            name: "Rayo".into(),
            level: 2,
            cost: 2,
        },
        vec![],
        9,
        vec![],
    )
    .unwrap();
    assert_eq!(g.state().model(a(3)).unwrap().toughness(), 2);
    assert_eq!(
        g.backlash_modifier(a(3), &SpellChoice::Known { index: 0 }),
        Some(2)
    );
    // Nobody within 30 cm gains fear unless the row says so: named anyway,
    // they are ignored (rules 2), refused in a game of rules 1.
    let mut h = g.clone();
    cast(
        &mut h,
        SpellChoice::Known { index: 0 },
        vec![],
        1,
        vec![a(0)],
    )
    .unwrap();
    assert_eq!(fear_of(&h, a(0)), fear_of(&g, a(0)));
    // 10 + 3 + 1 = 14: removed, and every model within 30 cm gains fear.
    cast(
        &mut g,
        SpellChoice::Custom {
            name: String::new(),
            level: 3,
            cost: 1,
        },
        vec![],
        10,
        vec![a(0), b(1)],
    )
    .unwrap();
    assert_eq!(status(&g, a(3)), Status::Removed);
    assert_eq!((fear_of(&g, a(0)), fear_of(&g, b(1))), (1, 1));
    assert!(!matches!(g.now(), Now::Acting { model, .. } if model == a(3)));
    let line = g.log().last().unwrap().describe(Lang::En).to_string();
    assert!(line.contains("10 + 3 + 1 = 14"), "{line}");
}

#[test]
fn r42_arcane_void_refuses_spells_cast_on_it() {
    let mut b_roster = roster_b();
    b_roster.models[4].upgrades.push("arcane_void".into());
    let mut g = Game::new(
        impia::core::game::GameSetup::new(roster_a(), b_roster).with_seed(1),
        &rules(),
    );
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    let e = g
        .apply(Action::CastSpell {
            caster: a(3),
            spell: SpellChoice::Known { index: 0 },
            target: Some(b(4)),
            within_15cm: vec![],
            backlash: vec![1],
            within_30cm: vec![],
            targets: Vec::new(),
        })
        .unwrap_err();
    assert_eq!(e.rule, Some("R42"));
    ok(
        &mut g,
        Action::CastSpell {
            caster: a(3),
            spell: SpellChoice::Known { index: 0 },
            target: Some(b(0)),
            within_15cm: vec![],
            backlash: vec![1],
            within_30cm: vec![],
            targets: Vec::new(),
        },
    );
}

// --- R41 Breath ---

#[test]
fn r41_breath_hits_every_model_under_the_template_then_recharges_a_turn() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::Breath {
            model: a(4),
            targets: vec![b(0), b(1)],
        },
    );
    assert_eq!(pool(&g, Side::A), 6);
    let hits: Vec<_> = g
        .state()
        .pending_hits
        .iter()
        .map(|h| (h.target, h.strength, h.penetration))
        .collect();
    assert_eq!(hits, vec![(b(0), 4, 3), (b(1), 4, 3)]);
    hit(&mut g, a(4), b(0), 1, 9, vec![]);
    hit(&mut g, a(4), b(1), 1, 9, vec![]);
    end(&mut g, a(4));
    finish_turn(&mut g);
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    let e = refused(
        &mut g,
        Action::Breath {
            model: a(4),
            targets: vec![b(0)],
        },
    );
    assert!(
        e.message(Lang::En).contains("until turn 3"),
        "{}",
        e.message(Lang::En)
    );
    end(&mut g, a(4));
    finish_turn(&mut g);
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::Breath {
            model: a(4),
            targets: vec![],
        },
    );
    // Only with Breath.
    end(&mut g, a(4));
    skip_to(&mut g, a(1));
    refused(
        &mut g,
        Action::Breath {
            model: a(1),
            targets: vec![],
        },
    );
}

// --- Dice, checks and adjustments ---

#[test]
fn r04_dice_that_do_not_fit_the_check_are_refused() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let prep = g.attribute_check(a(2), Stat::Agility, -1).unwrap();
    assert_eq!((prep.spec.value, prep.spec.modifier), (3, -1));
    let bad = CheckDice {
        spec: prep.spec,
        roll: SideDice::new(12, vec![]),
        reroll: None,
    };
    let e = refused(
        &mut g,
        Action::Check {
            model: a(2),
            stat: Stat::Agility,
            modifier: -1,
            reason: "salto".into(),
            options: Default::default(),
            roll: Some(bad),
        },
    );
    assert_eq!(e.kind, ErrorKind::BadRoll);
    // A check built for another modifier is stale.
    let other = g.attribute_check(a(2), Stat::Agility, 0).unwrap();
    let e = refused(
        &mut g,
        Action::Check {
            model: a(2),
            stat: Stat::Agility,
            modifier: -1,
            reason: String::new(),
            options: Default::default(),
            roll: Some(typed_check(other.spec, 3)),
        },
    );
    assert_eq!(e.kind, ErrorKind::StaleCheck);
    ok(
        &mut g,
        Action::Check {
            model: a(2),
            stat: Stat::Agility,
            modifier: -1,
            reason: "salto".into(),
            options: Default::default(),
            roll: Some(typed_check(prep.spec, 2)),
        },
    );
    assert!(g.log().last().unwrap().describe(Lang::Es).contains("éxito"));
}

#[test]
fn adjustments_by_hand_are_logged_and_undone_like_any_action() {
    let mut g = game();
    turn(&mut g, 4);
    let before = g.state().clone();
    ok(
        &mut g,
        Action::AdjustFear {
            model: a(1),
            delta: 2,
        },
    );
    ok(
        &mut g,
        Action::AdjustPool {
            side: Side::B,
            delta: 3,
        },
    );
    ok(
        &mut g,
        Action::AdjustToughness {
            model: b(2),
            delta: -1,
        },
    );
    ok(
        &mut g,
        Action::AdjustOwnDp {
            model: a(0),
            delta: 1,
        },
    );
    ok(
        &mut g,
        Action::SetStatus {
            model: b(3),
            status: Status::Prone,
        },
    );
    ok(
        &mut g,
        Action::SetRound {
            model: b(3),
            round: 9,
        },
    );
    ok(
        &mut g,
        Action::Note {
            text: "niebla en el río".into(),
        },
    );
    assert_eq!(fear_of(&g, a(1)), 2);
    assert_eq!(pool(&g, Side::B), 11);
    assert_eq!(g.state().model(b(2)).unwrap().toughness(), 3);
    assert_eq!(g.state().model(a(0)).unwrap().own_dp, 2);
    assert_eq!(status(&g, b(3)), Status::Prone);
    let lines: Vec<String> = g.log().map(|e| e.describe(Lang::En).to_string()).collect();
    assert!(
        lines.iter().any(|l| l == "Adjustment: Brann fear +2"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("Note: niebla")));
    refused(
        &mut g,
        Action::AdjustOwnDp {
            model: a(1),
            delta: -1,
        },
    );
    refused(
        &mut g,
        Action::SetRound {
            model: a(1),
            round: 0,
        },
    );
    refused(
        &mut g,
        Action::SetEngaged {
            a: a(1),
            b: a(2),
            engaged: true,
        },
    );
    for _ in 0..7 {
        assert!(g.undo().unwrap());
    }
    assert_eq!(g.state(), &before);
}

#[test]
fn every_action_has_a_line_in_both_languages() {
    let mut g = game();
    turn(&mut g, 6);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
    );
    fight(&mut g, a(0), b(0), 9, 1);
    hit(&mut g, a(0), b(0), 9, 1, vec![b(4)]);
    let es: Vec<&str> = g.log().map(|e| e.describe(Lang::Es)).collect();
    let en: Vec<&str> = g.log().map(|e| e.describe(Lang::En)).collect();
    assert!(
        es[0].starts_with("Turno 1 — Fuerzas Oscuras 6: Las sombras"),
        "{}",
        es[0]
    );
    assert!(
        en[0].starts_with("Turn 1 — Dark Forces 6: The shadows"),
        "{}",
        en[0]
    );
    assert!(
        es.iter()
            .any(|l| l.contains("Ulrak combate con Vask") && l.contains("Ulrak impacta a Vask")),
        "{es:?}"
    );
    assert!(
        en.iter().any(|l| l.contains("Hit by Ulrak on Vask")
            && l.contains("Vask is Down")
            && l.contains("fear to: Sarn")),
        "{en:?}"
    );
    assert_eq!(es.len(), g.actions().len());
    for (e, n) in es.iter().zip(&en) {
        assert!(!e.is_empty() && !n.is_empty());
    }
}

#[test]
fn errors_speak_both_languages() {
    let mut g = game();
    let e = refused(&mut g, Action::Activate { model: a(0) });
    assert_ne!(e.message(Lang::Es), e.message(Lang::En));
    assert_eq!(e.to_string(), e.message(Lang::En));
    let e = refused(
        &mut g,
        Action::AdjustFear {
            model: a(42),
            delta: 1,
        },
    );
    assert_eq!(e.kind, ErrorKind::Unknown);
    assert!(e.message(Lang::Es).contains("a42"));
}

#[test]
fn the_numbers_the_tracker_applies_come_from_the_tables() {
    let rs = rules();
    let effect = |id: &str| rs.action(id).unwrap().effect.clone();
    assert_eq!(effect("assault").modifier, 1);
    assert_eq!(effect("brutal_assault").advantages, 1);
    assert_eq!(effect("aimed_shot").advantages, 1);
    assert_eq!(effect("iron_defence").advantages, 1);
    assert_eq!(effect("leader_rally").fear_listed, -1);
    assert_eq!(effect("totem_own").fear_self, -2);
    let t = effect("totem_enemy");
    assert_eq!((t.fear_self, t.vp, t.destroys_enemy_totem), (3, 1, true));
    let b = effect("breath");
    assert_eq!(
        (b.strength, b.penetration, b.recharge_turns),
        (Some(4), Some(3), 1)
    );
    assert_eq!(effect("cast_spell").fear_listed, 1);
    assert!(effect("cast_spell").ask.unwrap().en.contains("15 cm"));
    assert_eq!(rs.action("stand_up").unwrap().dp, Some(1));
    let shoot: Vec<(&str, i32, u32)> = rs
        .action("shoot")
        .unwrap()
        .options
        .iter()
        .map(|o| (o.id.as_str(), o.modifier, o.complications))
        .collect();
    assert_eq!(
        shoot,
        vec![
            ("target_unaware", 1, 0),
            ("short_range", 1, 0),
            ("long_range", -1, 0),
            ("avoid_cover", 0, 2),
            ("defensive_shot", 0, 1),
            ("into_combat", -3, 0)
        ]
    );
    let f = &rs.warband.fear;
    assert_eq!((f.complications, f.flee_at_courage_times), (1, 2));
    assert_eq!(
        (
            f.friend_down.fear,
            f.friend_down_by_two_fear.fear,
            f.own_leader_down.fear,
            f.enemy_totem.fear
        ),
        (1, 2, 1, 1)
    );
    assert!(f.friend_down.ask.es.contains("15 cm"));
    assert_eq!(
        (
            rs.warband.leader.vp_per_kill,
            rs.warband.leader.vp_enemy_leader
        ),
        (1, 1)
    );
    assert_eq!(rs.warband.totem.rerolls_per_turn, 1);
    let terrain: Vec<(&str, i32, i32, i32)> = rs
        .warband
        .terrain
        .iter()
        .map(|t| (t.id.as_str(), t.touch_fear, t.end_fear, t.end_toughness))
        .collect();
    assert_eq!(
        terrain,
        vec![
            ("tainted", 0, 0, -1),
            ("water", 0, 1, 0),
            ("icy", 0, 0, 0),
            ("cursed", 1, 1, 0),
            ("volcanic", 0, 0, -2)
        ]
    );
}
