//! A whole game of three turns played through the log, as two players would
//! at the table with real dice typed in: Ana (Hijos del Lobo, A) against
//! Beto (Culto del Cuervo, B). Every step is an action the view sends; the
//! file written at the end replays to the same state.

use crate::game_support::*;
use impia::core::dice::OpposedOutcome;
use impia::core::game::act;
use impia::core::game::{
    Action, ErrorKind, FightOptions, Game, HitOptions, Now, OpposedDice, Phase, RangeBand,
    ShootOptions, Side, SideDice, SpellChoice, Status,
};
use impia::core::text::Lang;

fn st(g: &Game, m: impia::core::game::ModelRef) -> Status {
    g.state().model(m).expect("model").status
}

#[test]
// A whole game told in order, one step after another: cut into parts it
// would no longer read as the game the players played.
#[allow(clippy::too_many_lines)]
fn a_scripted_game_of_three_turns() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vado.yaml");
    // Rules 2: this table plays on after Beto's last model falls in turn 2
    // (a rules-3 game ends there: see tests/game_report.rs).
    let mut g = Game::new(setup(7).with_rules(2), &rules());
    g.save(&path).unwrap();

    // ===== Turn 1 =====
    start_turn(&mut g, 3); // R39 2–5: nothing.
    assert_eq!((pool(&g, Side::A), pool(&g, Side::B)), (9, 8));
    // R09: Ana moves Kel up to round 4 for 1 DP; Beto changes nothing.
    ok(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: a(2),
            steps: 1,
        }),
    );
    ok(
        &mut g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
    );
    ok(
        &mut g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    );
    assert_eq!(pool(&g, Side::A), 8);

    // Round 6: Ulrak against Vask and Sarn. Two ties, then Beto wins and starts.
    assert_eq!(g.now(), Now::RollOff { round: 6 });
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[4, 4], [3, 8]],
            starts: Some(Side::B),
        }),
    );
    ok(&mut g, Action::Activate(act::Activate { model: b(4) }));
    ok(&mut g, Action::Move(act::Move { model: b(4) }));
    ok(&mut g, Action::Move(act::Move { model: b(4) }));
    end(&mut g, b(4));
    assert_eq!(pool(&g, Side::B), 6);

    // Ulrak assaults Vask: 6 + 1 + 7 = 14 against 4 + 3 = 7.
    ok(&mut g, Action::Activate(act::Activate { model: a(0) }));
    assert_eq!(
        assault(&mut g, a(0), b(0), 7, 3),
        OpposedOutcome::ActiveWins
    );
    // The hit: Strength 6 + 5 against Toughness 4 + 6; Vask is Down and Sarn saw it.
    hit(&mut g, a(0), b(0), 5, 6, vec![b(4)]);
    assert_eq!(st(&g, b(0)), Status::Down);
    assert_eq!(
        fear_of(&g, b(4)),
        2,
        "a friend Down within 15 cm and the Leader Down"
    );
    assert_eq!(
        (fear_of(&g, b(1)), fear_of(&g, b(2)), fear_of(&g, b(3))),
        (1, 1, 1)
    );
    assert_eq!(g.scoreboard().a.kills, 2);
    end(&mut g, a(0));

    // Round 5: only Ana's models. Grim breathes on Tuk and Pell.
    match g.now() {
        Now::Pick {
            round: 5,
            side: Side::A,
            models,
        } => assert_eq!(models, vec![a(3), a(4)]),
        now => panic!("{now:?}"),
    }
    ok(&mut g, Action::Activate(act::Activate { model: a(4) }));
    ok(
        &mut g,
        Action::Breath(act::Breath {
            model: a(4),
            targets: vec![b(1), b(3)],
        }),
    );
    assert_eq!(pool(&g, Side::A), 5);
    hit(&mut g, a(4), b(1), 6, 2, vec![b(3)]);
    assert_eq!(st(&g, b(1)), Status::Down);
    // Grim is Brutal: 2 fear markers to Pell.
    assert_eq!(fear_of(&g, b(3)), 3);
    hit(&mut g, a(4), b(3), 2, 8, vec![]);
    assert_eq!(st(&g, b(3)), Status::Standing);
    end(&mut g, a(4));

    // Mira casts Niebla next to Orm: 1 DP, fear to Orm; backlash 4 + 1 + 0 = 5.
    ok(&mut g, Action::Activate(act::Activate { model: a(3) }));
    ok(
        &mut g,
        Action::CastSpell(act::CastSpell {
            caster: a(3),
            spell: SpellChoice::Known { index: 0 },
            target: Some(b(2)),
            within_15cm: vec![b(2)],
            backlash: vec![4],
            within_30cm: vec![],
            targets: Vec::new(),
        }),
    );
    assert_eq!(
        (pool(&g, Side::A), fear_of(&g, b(2)), fear_of(&g, a(3))),
        (4, 2, 0)
    );
    end(&mut g, a(3));

    // Round 4: Brann and Kel (moved up) against Orm. Ana wins and starts.
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[6, 2]],
            starts: Some(Side::A),
        }),
    );
    ok(&mut g, Action::Activate(act::Activate { model: a(1) }));
    ok(&mut g, Action::Move(act::Move { model: a(1) }));
    // Undo and redo a step: the history is unchanged.
    let before = g
        .log()
        .map(|e| e.describe(Lang::Es).to_string())
        .collect::<Vec<_>>();
    assert!(g.undo().unwrap());
    assert!(g.redo().unwrap());
    assert_eq!(
        g.log()
            .map(|e| e.describe(Lang::Es).to_string())
            .collect::<Vec<_>>(),
        before
    );
    end(&mut g, a(1));
    // Orm assaults Brann: 3 + 1 + 8 = 12 against 4 + 2; the mace hit bounces.
    ok(&mut g, Action::Activate(act::Activate { model: b(2) }));
    assert_eq!(
        assault(&mut g, b(2), a(1), 8, 2),
        OpposedOutcome::ActiveWins
    );
    hit(&mut g, b(2), a(1), 3, 9, vec![]);
    assert_eq!(st(&g, a(1)), Status::Standing);
    end(&mut g, b(2));
    // Kel shoots into that combat at short range: 3 + 1 − 3 = 1, and rolls a 1.
    ok(&mut g, Action::Activate(act::Activate { model: a(2) }));
    let opts = ShootOptions {
        band: RangeBand::Short,
        ..Default::default()
    }
    .with("into_combat", 1);
    let prep = g.shoot_check(a(2), b(2), &opts).unwrap();
    assert_eq!(prep.spec.value + prep.spec.modifier, 1);
    ok(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(2),
            options: opts,
            roll: Some(typed_check(prep.spec, 1)),
            stray: None,
        }),
    );
    // Bow Strength 3 + 9 against Toughness 4 + max(0, 2 − 2) + 1.
    hit(&mut g, a(2), b(2), 9, 1, vec![]);
    assert_eq!(st(&g, b(2)), Status::Down);
    assert!(g.state().model(a(1)).unwrap().engaged.is_empty());
    end(&mut g, a(2));

    // Round 3: only Pell. Its fear 3 equals its Courage: 1 complication (R31).
    match g.now() {
        Now::Pick {
            round: 3,
            side: Side::B,
            models,
        } => assert_eq!(models, vec![b(3)]),
        now => panic!("{now:?}"),
    }
    ok(&mut g, Action::Activate(act::Activate { model: b(3) }));
    let prep = g.shoot_check(b(3), a(3), &ShootOptions::default()).unwrap();
    assert_eq!(prep.spec.complications, 1);
    let roll = prep.with_dice(SideDice::new(2, vec![1])).unwrap();
    assert!(roll.success());
    ok(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: b(3),
            target: a(3),
            options: ShootOptions::default(),
            roll: Some(roll),
            stray: None,
        }),
    );
    let hit_prep = g.hit_check(b(3), a(3), &HitOptions::default()).unwrap();
    assert_eq!(hit_prep.spec.active.value, 4, "a javelin at medium range");
    let roll = OpposedDice::typed(
        hit_prep.spec,
        SideDice::new(7, vec![1]),
        SideDice::new(1, vec![]),
    )
    .unwrap();
    ok(
        &mut g,
        Action::ResolveHit(act::ResolveHit {
            attacker: b(3),
            target: a(3),
            options: HitOptions::default(),
            roll: Some(roll),
            witnesses: vec![a(4)],
        }),
    );
    assert_eq!(st(&g, a(3)), Status::Down);
    end(&mut g, b(3));
    assert_eq!(
        st(&g, b(3)),
        Status::Standing,
        "fear 3 is not twice its Courage"
    );
    assert_eq!(g.now(), Now::StartTurn { turn: 2 });

    // ===== Turn 2 =====
    start_turn(&mut g, 6); // R39 6–7: every model on the table gains fear.
    // R10, R12: the Down models give nothing now.
    assert_eq!((pool(&g, Side::A), pool(&g, Side::B)), (7, 3));
    assert_eq!(
        (fear_of(&g, b(4)), fear_of(&g, b(3)), fear_of(&g, a(4))),
        (3, 4, 2)
    );
    assert_eq!(
        fear_of(&g, b(0)),
        0,
        "Vask is Down, not on the table's fighting models"
    );
    ok(
        &mut g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    );
    ok(
        &mut g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
    );
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[9, 9], [2, 5]],
            starts: Some(Side::B),
        }),
    );

    // Sarn's brutal assault on Ulrak: 6 + 1 + 4 + d3 3 = 14 against 6 + 8 = 14: both hit.
    ok(&mut g, Action::Activate(act::Activate { model: b(4) }));
    let prep = g
        .assault_check(b(4), a(0), true, &FightOptions::default())
        .unwrap();
    let roll = OpposedDice::typed(
        prep.spec,
        SideDice::new(4, vec![3]),
        SideDice::new(8, vec![]),
    )
    .unwrap();
    assert_eq!(roll.outcome(), OpposedOutcome::BothHit);
    ok(
        &mut g,
        Action::Assault(act::Assault {
            attacker: b(4),
            defender: a(0),
            brutal: true,
            options: FightOptions::default(),
            roll: Some(roll),
        }),
    );
    assert_eq!(pool(&g, Side::B), 1);
    // Ulrak takes Iron defence (its own DP): 4 + 1 + 6 + d3 2 = 13 against 6 + 5.
    let iron = HitOptions {
        iron_defence: true,
        ..Default::default()
    };
    let prep = g.hit_check(b(4), a(0), &iron).unwrap();
    assert_eq!(prep.active, Some(b(4)));
    let roll = OpposedDice::typed(
        prep.spec,
        SideDice::new(5, vec![]),
        SideDice::new(6, vec![2]),
    )
    .unwrap();
    ok(
        &mut g,
        Action::ResolveHit(act::ResolveHit {
            attacker: b(4),
            target: a(0),
            options: iron,
            roll: Some(roll),
            witnesses: vec![],
        }),
    );
    assert_eq!(st(&g, a(0)), Status::Standing);
    assert_eq!(g.state().model(a(0)).unwrap().own_dp, 0);
    // Sarn is hit in its own activation: it rolls as the active side. 4 + 2 against 6 + 7.
    hit(&mut g, a(0), b(4), 7, 2, vec![b(3)]);
    assert_eq!(st(&g, b(4)), Status::Down);
    assert_eq!(g.scoreboard().a.kills, 3);
    // Down, its activation is over: Ana picks.
    assert!(matches!(
        g.now(),
        Now::Pick {
            round: 6,
            side: Side::A,
            ..
        }
    ));

    // Ulrak destroys Beto's totem: 2 DP, 3 fear, 1 VP.
    ok(&mut g, Action::Activate(act::Activate { model: a(0) }));
    ok(&mut g, Action::TotemEnemy(act::TotemEnemy { model: a(0) }));
    assert_eq!(
        (pool(&g, Side::A), fear_of(&g, a(0)), g.scoreboard().a.totem),
        (5, 4, 1)
    );
    assert!(!g.state().side(Side::B).unwrap().totem_standing);
    end(&mut g, a(0));

    // Grim's breath is still recharging (R41).
    ok(&mut g, Action::Activate(act::Activate { model: a(4) }));
    let e = g
        .apply(Action::Breath(act::Breath {
            model: a(4),
            targets: vec![b(3)],
        }))
        .unwrap_err();
    assert_eq!(e.rule, Some("R41"));
    ok(&mut g, Action::Move(act::Move { model: a(4) }));
    end(&mut g, a(4));

    ok(&mut g, Action::Activate(act::Activate { model: a(1) }));
    ok(&mut g, Action::Move(act::Move { model: a(1) }));
    end(&mut g, a(1));
    // Round 3 (Kel is back in its own round this turn) against Pell: Ana wins and starts.
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[5, 1]],
            starts: Some(Side::A),
        }),
    );
    // Kel at long range misses with a 7 and re-rolls it with the totem: a 2.
    ok(&mut g, Action::Activate(act::Activate { model: a(2) }));
    let opts = ShootOptions {
        band: RangeBand::Long,
        ..Default::default()
    };
    let prep = g.shoot_check(a(2), b(3), &opts).unwrap();
    let first = prep.with_dice(SideDice::new(7, vec![])).unwrap();
    assert!(!first.success());
    assert!(g.can_reroll(a(2)));
    g.apply(Action::Shoot(act::Shoot {
        shooter: a(2),
        target: b(3),
        options: opts,
        roll: Some(first),
        stray: None,
    }))
    .unwrap();
    // The roll waits: Kel re-rolls it with the totem (R33), then it is accepted.
    g.apply(Action::TotemReroll(act::TotemReroll {
        by: a(2),
        roll: 0,
        dice: Some(SideDice::new(2, vec![])),
    }))
    .unwrap();
    accept(&mut g);
    assert!(!g.can_reroll(a(1)));
    // Pell is frightened (fear 5 ≥ Courage 3): 3 + 5 − 1 = 7 against 3 + 4 = 7, and the tie goes to Kel.
    let prep = g.hit_check(a(2), b(3), &HitOptions::default()).unwrap();
    assert_eq!(prep.spec.passive.complications, 1);
    let roll = OpposedDice::typed(
        prep.spec,
        SideDice::new(4, vec![]),
        SideDice::new(5, vec![1]),
    )
    .unwrap();
    assert_eq!(roll.totals(), (7, 7));
    ok(
        &mut g,
        Action::ResolveHit(act::ResolveHit {
            attacker: a(2),
            target: b(3),
            options: HitOptions::default(),
            roll: Some(roll),
            witnesses: vec![],
        }),
    );
    assert_eq!(st(&g, b(3)), Status::Down);
    end(&mut g, a(2));
    assert_eq!(g.now(), Now::StartTurn { turn: 3 });

    // ===== Turn 3 =====
    start_turn(&mut g, 10); // R39 10: every model gives 1 DP less.
    assert_eq!((pool(&g, Side::A), pool(&g, Side::B)), (3, 0));
    no_changes(&mut g);
    ok(
        &mut g,
        Action::ScenarioPoints(act::ScenarioPoints {
            side: Side::B,
            points: 1,
            note: "objetivo del vado".into(),
        }),
    );
    // Ulrak alone in round 6: rally (its own DP), then its own totem (2 from the pool).
    ok(&mut g, Action::Activate(act::Activate { model: a(0) }));
    ok(
        &mut g,
        Action::LeaderRally(act::LeaderRally {
            leader: a(0),
            models: vec![a(1), a(2), a(4)],
        }),
    );
    assert_eq!(
        (fear_of(&g, a(1)), fear_of(&g, a(2)), fear_of(&g, a(4))),
        (0, 0, 1)
    );
    ok(&mut g, Action::TotemOwn(act::TotemOwn { model: a(0) }));
    assert_eq!((fear_of(&g, a(0)), pool(&g, Side::A)), (2, 1));
    end(&mut g, a(0));
    ok(&mut g, Action::Activate(act::Activate { model: a(4) }));
    ok(&mut g, Action::Move(act::Move { model: a(4) }));
    end(&mut g, a(4));
    // Nothing left to pay with (R11).
    ok(&mut g, Action::Activate(act::Activate { model: a(1) }));
    let e = g
        .apply(Action::Move(act::Move { model: a(1) }))
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::CannotPay);
    end(&mut g, a(1));
    ok(&mut g, Action::Activate(act::Activate { model: a(2) }));
    end(&mut g, a(2));
    assert_eq!(g.now(), Now::StartTurn { turn: 4 });
    assert_eq!(g.state().phase, Phase::TurnOver);

    // The scoreboard: Ana 3 kills + 1 totem; Beto 1 scenario point.
    let score = g.scoreboard();
    assert_eq!((score.a.total(), score.b.total()), (4, 1));

    // The autosaved file replays to the same state, anywhere.
    let loaded = Game::load(&path, &rules()).unwrap();
    assert_eq!(loaded.state(), g.state());
    assert_eq!(loaded.actions(), g.actions());
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "replay"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    // And reads as a history.
    let history: Vec<&str> = g.log().map(|e| e.describe(Lang::En)).collect();
    assert!(history.iter().any(|l| l.contains("Vask is Down")));
    assert!(
        history
            .iter()
            .any(|l| l.contains("re-rolls with the totem"))
    );
}
