//! Benchmarks of the game log: replaying 10,000 logged actions (the issue
//! asks for under 50 ms), loading a game with its history, and the two ways
//! of saving (append one line vs rewrite the whole file).
//!
//! Run with `cargo bench --bench game`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use impia::core::dice::Roller;
use impia::core::game::{Game, GameSetup, file, replay, sim};
use impia::core::roster::{Model, Roster};
use impia::core::tables::RuleSet;

fn model(name: &str, troop: &str, weapons: &[&str], leader: bool) -> Model {
    Model {
        name: name.into(),
        troop: troop.into(),
        leader,
        weapons: weapons.iter().map(|w| w.to_string()).collect(),
        ..Default::default()
    }
}

fn roster(name: &str) -> Roster {
    let mut sorcerer = model("Hechicero", "sorcerer", &["small_blade"], false);
    sorcerer.spells = vec![impia::core::roster::Spell {
        name: "Niebla".into(),
        level: 1,
        cost: 1,
        text: String::new(),
        hit: None,
    }];
    Roster {
        version: 1,
        name: name.into(),
        points_limit: None,
        totem: Some("Tótem".into()),
        models: vec![
            model("Líder", "hero", &["medium_blade"], true),
            model("Veterano", "veteran", &["spear"], false),
            model("Arquero", "warrior", &["bow"], false),
            model(
                "Guerrero",
                "warrior",
                &["thrown_weapons", "small_blade"],
                false,
            ),
            sorcerer,
            model("Criatura", "creature", &["claws"], false),
        ],
    }
}

/// A 10,000-action game played at random from a fixed seed.
fn ten_thousand(rules: &RuleSet) -> Game {
    let setup = GameSetup::new(roster("A"), roster("B")).with_seed(1);
    let mut g = Game::new(setup, rules);
    let mut rng = Roller::seeded(1);
    while g.actions().len() < 10_000 {
        sim::step(&mut g, &mut rng).expect("random play");
    }
    g
}

fn game_benches(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("tables");
    let g = ten_thousand(&rules);
    let log = g.actions().to_vec();
    assert_eq!(log.len(), 10_000);

    let mut grp = c.benchmark_group("game");
    grp.measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(30);
    grp.bench_function("replay_10000_actions", |b| {
        b.iter(|| replay(black_box(g.setup()), &rules, black_box(&log)).map(|s| s.turn))
    });
    grp.bench_function("load_10000_actions_with_history", |b| {
        b.iter(|| {
            Game::from_log(g.setup().clone(), &rules, black_box(log.clone()))
                .map(|g| g.state().turn)
        })
    });
    let text = file::to_text(g.setup(), &[], &[], &log).expect("text");
    grp.bench_function("parse_file_10000_actions", |b| {
        b.iter(|| file::parse("bench.yaml", black_box(&text)).map(|f| f.log.len()))
    });
    grp.finish();

    // Saving: with fsync, so these measure the disk too.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.yaml");
    let mut saved = g.clone();
    saved.save(&path).expect("save");
    let mut grp = c.benchmark_group("save");
    grp.measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(10);
    grp.bench_function("rewrite_whole_file_10000_actions", |b| {
        b.iter(|| saved.save(&path))
    });
    let mut rng = Roller::seeded(9);
    grp.bench_function("append_one_action_at_10000", |b| {
        b.iter(|| sim::step(&mut saved, &mut rng))
    });
    grp.finish();
    eprintln!(
        "game file of 10,000 actions: {} bytes",
        std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0)
    );
}

/// A model in its activation facing the 6 enemies of the other warband.
fn acting_game(rules: &RuleSet) -> Game {
    use impia::core::game::{Action, Now, Side};
    let setup = GameSetup::new(roster("A"), roster("B")).with_seed(3);
    let mut g = Game::new(setup, rules);
    for a in [
        Action::StartTurn {
            dark_forces: vec![4],
        },
        Action::EndChangeRound { side: Side::A },
        Action::EndChangeRound { side: Side::B },
    ] {
        g.apply(a).expect("turn starts");
    }
    for _ in 0..20 {
        match g.now() {
            Now::Acting { .. } => break,
            Now::RollOff { .. } => g
                .apply(Action::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(Side::A),
                })
                .expect("roll-off"),
            Now::Pick { models, .. } => g
                .apply(Action::Activate { model: models[0] })
                .expect("activate"),
            _ => break,
        }
    }
    g
}

fn offers_benches(c: &mut Criterion) {
    use impia::core::game::Action;
    let rules = RuleSet::builtin().expect("tables");
    let g = acting_game(&rules);
    let actor = g.offers().actor.expect("a model acts");
    // The figure includes the chance of every attack on every target.
    let chances = g
        .offers()
        .offers
        .iter()
        .flat_map(|o| o.targets.iter())
        .filter(|t| t.p_down.is_some())
        .count();
    assert!(chances >= 12, "two assault offers on 6 enemies: {chances}");
    let mut grp = c.benchmark_group("offers");
    grp.measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    grp.bench_function("offers_of_a_model_facing_6_enemies", |b| {
        b.iter(|| black_box(&g).offers().offers.len())
    });
    grp.bench_function("act_move_rolled_and_applied_in_memory", |b| {
        b.iter(|| {
            let mut h = g.clone();
            h.act(Action::Move { model: actor })
                .map(|_| h.actions().len())
        })
    });
    grp.finish();
}

criterion_group!(benches, game_benches, offers_benches);
criterion_main!(benches);
