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
fn a_scripted_game_of_three_turns() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vado.yaml");
    // Rules 2: this table plays on after Beto's last model falls in turn 2
    // (a rules-3 game ends there: see tests/game_report.rs).
    let mut g = Game::new(setup(7).with_rules(2), &rules());
    g.save(&path).unwrap();

    // ===== Turn 1 =====
    turn_1_round_6(&mut g);
    turn_1_round_5(&mut g);
    turn_1_round_4(&mut g);
    turn_1_round_3(&mut g);
    // ===== Turn 2 =====
    turn_2_round_6_beto(&mut g);
    turn_2_round_6_ana(&mut g);
    turn_2_round_3(&mut g);
    // ===== Turn 3 =====
    turn_3(&mut g);
    the_score_and_the_file(&g, &path);
}

/// Turn 1: the dark forces, the rounds changed, and round 6 (Sarn moves,
/// Ulrak assaults Vask).
fn turn_1_round_6(g: &mut Game) {
    start_turn(g, 3); // R39 2–5: nothing.
    assert_eq!((pool(g, Side::A), pool(g, Side::B)), (9, 8));
    // R09: Ana moves Kel up to round 4 for 1 DP; Beto changes nothing.
    ok(
        g,
        Action::ChangeRound(act::ChangeRound {
            model: a(2),
            steps: 1,
        }),
    );
    ok(
        g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
    );
    ok(
        g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    );
    assert_eq!(pool(g, Side::A), 8);

    // Round 6: Ulrak against Vask and Sarn. Two ties, then Beto wins and starts.
    assert_eq!(g.now(), Now::RollOff { round: 6 });
    ok(
        g,
        Action::RollOff(act::RollOff {
            rolls: vec![[4, 4], [3, 8]],
            starts: Some(Side::B),
        }),
    );
    ok(g, Action::Activate(act::Activate { model: b(4) }));
    ok(g, Action::Move(act::Move { model: b(4) }));
    ok(g, Action::Move(act::Move { model: b(4) }));
    end(g, b(4));
    assert_eq!(pool(g, Side::B), 6);

    // Ulrak assaults Vask: 6 + 1 + 7 = 14 against 4 + 3 = 7.
    ok(g, Action::Activate(act::Activate { model: a(0) }));
    assert_eq!(assault(g, a(0), b(0), 7, 3), OpposedOutcome::ActiveWins);
    // The hit: Strength 6 + 5 against Toughness 4 + 6; Vask is Down and Sarn saw it.
    hit(g, a(0), b(0), 5, 6, vec![b(4)]);
    assert_eq!(st(g, b(0)), Status::Down);
    assert_eq!(
        fear_of(g, b(4)),
        2,
        "a friend Down within 15 cm and the Leader Down"
    );
    assert_eq!(
        (fear_of(g, b(1)), fear_of(g, b(2)), fear_of(g, b(3))),
        (1, 1, 1)
    );
    assert_eq!(g.scoreboard().a.kills, 2);
    end(g, a(0));
}

/// Turn 1, round 5: Grim breathes on Tuk and Pell; Mira casts Niebla.
fn turn_1_round_5(g: &mut Game) {
    // Round 5: only Ana's models. Grim breathes on Tuk and Pell.
    match g.now() {
        Now::Pick {
            round: 5,
            side: Side::A,
            models,
        } => assert_eq!(models, vec![a(3), a(4)]),
        now => panic!("{now:?}"),
    }
    ok(g, Action::Activate(act::Activate { model: a(4) }));
    ok(
        g,
        Action::Breath(act::Breath {
            model: a(4),
            targets: vec![b(1), b(3)],
        }),
    );
    assert_eq!(pool(g, Side::A), 5);
    hit(g, a(4), b(1), 6, 2, vec![b(3)]);
    assert_eq!(st(g, b(1)), Status::Down);
    // Grim is Brutal: 2 fear markers to Pell.
    assert_eq!(fear_of(g, b(3)), 3);
    hit(g, a(4), b(3), 2, 8, vec![]);
    assert_eq!(st(g, b(3)), Status::Standing);
    end(g, a(4));

    // Mira casts Niebla next to Orm: 1 DP, fear to Orm; backlash 4 + 1 + 0 = 5.
    ok(g, Action::Activate(act::Activate { model: a(3) }));
    ok(
        g,
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
        (pool(g, Side::A), fear_of(g, b(2)), fear_of(g, a(3))),
        (4, 2, 0)
    );
    end(g, a(3));
}

/// Turn 1, round 4: Brann moves (undone and redone), Orm assaults Brann,
/// Kel shoots into that combat.
fn turn_1_round_4(g: &mut Game) {
    // Round 4: Brann and Kel (moved up) against Orm. Ana wins and starts.
    ok(
        g,
        Action::RollOff(act::RollOff {
            rolls: vec![[6, 2]],
            starts: Some(Side::A),
        }),
    );
    ok(g, Action::Activate(act::Activate { model: a(1) }));
    ok(g, Action::Move(act::Move { model: a(1) }));
    // Undo and redo a step: the history is unchanged.
    let before = g
        .log()
        .map(|e| e.describe(Lang::Es).to_string())
        .collect::<Vec<_>>();
    assert!(g.undo().expect("undo"));
    assert!(g.redo().expect("redo"));
    assert_eq!(
        g.log()
            .map(|e| e.describe(Lang::Es).to_string())
            .collect::<Vec<_>>(),
        before
    );
    end(g, a(1));
    // Orm assaults Brann: 3 + 1 + 8 = 12 against 4 + 2; the mace hit bounces.
    ok(g, Action::Activate(act::Activate { model: b(2) }));
    assert_eq!(assault(g, b(2), a(1), 8, 2), OpposedOutcome::ActiveWins);
    hit(g, b(2), a(1), 3, 9, vec![]);
    assert_eq!(st(g, a(1)), Status::Standing);
    end(g, b(2));
    // Kel shoots into that combat at short range: 3 + 1 − 3 = 1, and rolls a 1.
    ok(g, Action::Activate(act::Activate { model: a(2) }));
    let opts = ShootOptions {
        band: RangeBand::Short,
        ..Default::default()
    }
    .with("into_combat", 1);
    let prep = g.shoot_check(a(2), b(2), &opts).expect("a shot's check");
    assert_eq!(prep.spec.value + prep.spec.modifier, 1);
    ok(
        g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(2),
            options: opts,
            roll: Some(typed_check(prep.spec, 1)),
            stray: None,
        }),
    );
    // Bow Strength 3 + 9 against Toughness 4 + max(0, 2 − 2) + 1.
    hit(g, a(2), b(2), 9, 1, vec![]);
    assert_eq!(st(g, b(2)), Status::Down);
    assert!(g.state().model(a(1)).expect("the model").engaged.is_empty());
    end(g, a(2));
}

/// Turn 1, round 3: Pell, frightened, shoots Mira Down.
fn turn_1_round_3(g: &mut Game) {
    // Round 3: only Pell. Its fear 3 equals its Courage: 1 complication (R31).
    match g.now() {
        Now::Pick {
            round: 3,
            side: Side::B,
            models,
        } => assert_eq!(models, vec![b(3)]),
        now => panic!("{now:?}"),
    }
    ok(g, Action::Activate(act::Activate { model: b(3) }));
    let prep = g
        .shoot_check(b(3), a(3), &ShootOptions::default())
        .expect("a shot's check");
    assert_eq!(prep.spec.complications, 1);
    let roll = prep.with_dice(SideDice::new(2, vec![1])).expect("the dice");
    assert!(roll.success());
    ok(
        g,
        Action::Shoot(act::Shoot {
            shooter: b(3),
            target: a(3),
            options: ShootOptions::default(),
            roll: Some(roll),
            stray: None,
        }),
    );
    let hit_prep = g
        .hit_check(b(3), a(3), &HitOptions::default())
        .expect("a hit's check");
    assert_eq!(hit_prep.spec.active.value, 4, "a javelin at medium range");
    let roll = OpposedDice::typed(
        hit_prep.spec,
        SideDice::new(7, vec![1]),
        SideDice::new(1, vec![]),
    )
    .expect("the typed dice");
    ok(
        g,
        Action::ResolveHit(act::ResolveHit {
            attacker: b(3),
            target: a(3),
            options: HitOptions::default(),
            roll: Some(roll),
            witnesses: vec![a(4)],
        }),
    );
    assert_eq!(st(g, a(3)), Status::Down);
    end(g, b(3));
    assert_eq!(
        st(g, b(3)),
        Status::Standing,
        "fear 3 is not twice its Courage"
    );
    assert_eq!(g.now(), Now::StartTurn { turn: 2 });
}

/// Turn 2: fear for every model, then round 6: Sarn's brutal assault on
/// Ulrak, both hit, and Sarn goes Down.
fn turn_2_round_6_beto(g: &mut Game) {
    start_turn(g, 6); // R39 6–7: every model on the table gains fear.
    // R10, R12: the Down models give nothing now.
    assert_eq!((pool(g, Side::A), pool(g, Side::B)), (7, 3));
    assert_eq!(
        (fear_of(g, b(4)), fear_of(g, b(3)), fear_of(g, a(4))),
        (3, 4, 2)
    );
    assert_eq!(
        fear_of(g, b(0)),
        0,
        "Vask is Down, not on the table's fighting models"
    );
    ok(
        g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    );
    ok(
        g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
    );
    ok(
        g,
        Action::RollOff(act::RollOff {
            rolls: vec![[9, 9], [2, 5]],
            starts: Some(Side::B),
        }),
    );

    // Sarn's brutal assault on Ulrak: 6 + 1 + 4 + d3 3 = 14 against 6 + 8 = 14: both hit.
    ok(g, Action::Activate(act::Activate { model: b(4) }));
    let prep = g
        .assault_check(b(4), a(0), true, &FightOptions::default())
        .expect("an assault's check");
    let roll = OpposedDice::typed(
        prep.spec,
        SideDice::new(4, vec![3]),
        SideDice::new(8, vec![]),
    )
    .expect("the typed dice");
    assert_eq!(roll.outcome(), OpposedOutcome::BothHit);
    ok(
        g,
        Action::Assault(act::Assault {
            attacker: b(4),
            defender: a(0),
            brutal: true,
            options: FightOptions::default(),
            roll: Some(roll),
        }),
    );
    assert_eq!(pool(g, Side::B), 1);
    // Ulrak takes Iron defence (its own DP): 4 + 1 + 6 + d3 2 = 13 against 6 + 5.
    let iron = HitOptions {
        iron_defence: true,
        ..Default::default()
    };
    let prep = g.hit_check(b(4), a(0), &iron).expect("a hit's check");
    assert_eq!(prep.active, Some(b(4)));
    let roll = OpposedDice::typed(
        prep.spec,
        SideDice::new(5, vec![]),
        SideDice::new(6, vec![2]),
    )
    .expect("the typed dice");
    ok(
        g,
        Action::ResolveHit(act::ResolveHit {
            attacker: b(4),
            target: a(0),
            options: iron,
            roll: Some(roll),
            witnesses: vec![],
        }),
    );
    assert_eq!(st(g, a(0)), Status::Standing);
    assert_eq!(g.state().model(a(0)).expect("the model").own_dp, 0);
    // Sarn is hit in its own activation: it rolls as the active side. 4 + 2 against 6 + 7.
    hit(g, a(0), b(4), 7, 2, vec![b(3)]);
    assert_eq!(st(g, b(4)), Status::Down);
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
}

/// Turn 2, round 6, Ana's models: Ulrak destroys the totem, Grim's Breath
/// is recharging, Brann moves.
fn turn_2_round_6_ana(g: &mut Game) {
    // Ulrak destroys Beto's totem: 2 DP, 3 fear, 1 VP.
    ok(g, Action::Activate(act::Activate { model: a(0) }));
    ok(g, Action::TotemEnemy(act::TotemEnemy { model: a(0) }));
    assert_eq!(
        (pool(g, Side::A), fear_of(g, a(0)), g.scoreboard().a.totem),
        (5, 4, 1)
    );
    assert!(!g.state().side(Side::B).expect("the side").totem_standing);
    end(g, a(0));

    // Grim's breath is still recharging (R41).
    ok(g, Action::Activate(act::Activate { model: a(4) }));
    let e = g
        .apply(Action::Breath(act::Breath {
            model: a(4),
            targets: vec![b(3)],
        }))
        .expect_err("the Breath is recharging");
    assert_eq!(e.rule, Some("R41"));
    ok(g, Action::Move(act::Move { model: a(4) }));
    end(g, a(4));

    ok(g, Action::Activate(act::Activate { model: a(1) }));
    ok(g, Action::Move(act::Move { model: a(1) }));
    end(g, a(1));
}

/// Turn 2, round 3: Kel shoots Pell, re-rolls with the totem, and Pell goes
/// Down.
fn turn_2_round_3(g: &mut Game) {
    // Round 3 (Kel is back in its own round this turn) against Pell: Ana wins and starts.
    ok(
        g,
        Action::RollOff(act::RollOff {
            rolls: vec![[5, 1]],
            starts: Some(Side::A),
        }),
    );
    // Kel at long range misses with a 7 and re-rolls it with the totem: a 2.
    ok(g, Action::Activate(act::Activate { model: a(2) }));
    let opts = ShootOptions {
        band: RangeBand::Long,
        ..Default::default()
    };
    let prep = g.shoot_check(a(2), b(3), &opts).expect("a shot's check");
    let first = prep.with_dice(SideDice::new(7, vec![])).expect("the dice");
    assert!(!first.success());
    assert!(g.can_reroll(a(2)));
    g.apply(Action::Shoot(act::Shoot {
        shooter: a(2),
        target: b(3),
        options: opts,
        roll: Some(first),
        stray: None,
    }))
    .expect("the shot");
    // The roll waits: Kel re-rolls it with the totem (R33), then it is accepted.
    g.apply(Action::TotemReroll(act::TotemReroll {
        by: a(2),
        roll: 0,
        dice: Some(SideDice::new(2, vec![])),
    }))
    .expect("the re-roll");
    accept(g);
    assert!(!g.can_reroll(a(1)));
    // Pell is frightened (fear 5 ≥ Courage 3): 3 + 5 − 1 = 7 against 3 + 4 = 7, and the tie goes to Kel.
    let prep = g
        .hit_check(a(2), b(3), &HitOptions::default())
        .expect("a hit's check");
    assert_eq!(prep.spec.passive.complications, 1);
    let roll = OpposedDice::typed(
        prep.spec,
        SideDice::new(4, vec![]),
        SideDice::new(5, vec![1]),
    )
    .expect("the typed dice");
    assert_eq!(roll.totals(), (7, 7));
    ok(
        g,
        Action::ResolveHit(act::ResolveHit {
            attacker: a(2),
            target: b(3),
            options: HitOptions::default(),
            roll: Some(roll),
            witnesses: vec![],
        }),
    );
    assert_eq!(st(g, b(3)), Status::Down);
    end(g, a(2));
    assert_eq!(g.now(), Now::StartTurn { turn: 3 });
}

/// Turn 3: fewer DP, a scenario point, Ulrak rallies and uses its totem,
/// and nothing left to pay with.
fn turn_3(g: &mut Game) {
    start_turn(g, 10); // R39 10: every model gives 1 DP less.
    assert_eq!((pool(g, Side::A), pool(g, Side::B)), (3, 0));
    no_changes(g);
    ok(
        g,
        Action::ScenarioPoints(act::ScenarioPoints {
            side: Side::B,
            points: 1,
            note: "objetivo del vado".into(),
        }),
    );
    // Ulrak alone in round 6: rally (its own DP), then its own totem (2 from the pool).
    ok(g, Action::Activate(act::Activate { model: a(0) }));
    ok(
        g,
        Action::LeaderRally(act::LeaderRally {
            leader: a(0),
            models: vec![a(1), a(2), a(4)],
        }),
    );
    assert_eq!(
        (fear_of(g, a(1)), fear_of(g, a(2)), fear_of(g, a(4))),
        (0, 0, 1)
    );
    ok(g, Action::TotemOwn(act::TotemOwn { model: a(0) }));
    assert_eq!((fear_of(g, a(0)), pool(g, Side::A)), (2, 1));
    end(g, a(0));
    ok(g, Action::Activate(act::Activate { model: a(4) }));
    ok(g, Action::Move(act::Move { model: a(4) }));
    end(g, a(4));
    // Nothing left to pay with (R11).
    ok(g, Action::Activate(act::Activate { model: a(1) }));
    let e = g
        .apply(Action::Move(act::Move { model: a(1) }))
        .expect_err("no DP left to pay");
    assert_eq!(e.kind, ErrorKind::CannotPay);
    end(g, a(1));
    ok(g, Action::Activate(act::Activate { model: a(2) }));
    end(g, a(2));
    assert_eq!(g.now(), Now::StartTurn { turn: 4 });
    assert_eq!(g.state().phase, Phase::TurnOver);
}

/// The score after three turns; the autosaved file replays to the same
/// state and reads as a history.
fn the_score_and_the_file(g: &Game, path: &std::path::Path) {
    // The scoreboard: Ana 3 kills + 1 totem; Beto 1 scenario point.
    let score = g.scoreboard();
    assert_eq!((score.a.total(), score.b.total()), (4, 1));

    // The autosaved file replays to the same state, anywhere.
    let loaded = Game::load(path, &rules()).expect("the saved game loads");
    assert_eq!(loaded.state(), g.state());
    assert_eq!(loaded.actions(), g.actions());
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "replay"])
        .arg(path)
        .output()
        .expect("impia runs");
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
