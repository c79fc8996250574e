//! Benchmarks of the game log: replaying 10,000 logged actions (the issue
//! asks for under 50 ms), loading a game with its history, opening a
//! 100,000-action game file (issue 14: the app's first frame under 300 ms;
//! `game status` close to `game replay`), the two ways of saving (append
//! one line vs rewrite the whole file), and the snapshot of the game now.
//!
//! Run with `cargo bench --bench game`. `IMPIA_BENCH_GAME_FILE=PATH` also
//! writes the 100,000-action game there, to time the app and the CLI on it.

use impia::core::game::act;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use impia::core::dice::Roller;
use impia::core::game::{Game, GameSetup, file, replay, sim};
use impia::core::roster::{Model, Roster};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;

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
        effect: Default::default(),
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

/// An `n`-action game played at random from a fixed seed.
fn played(rules: &RuleSet, n: usize) -> Game {
    let setup = GameSetup::new(roster("A"), roster("B")).with_seed(1);
    let mut g = Game::new(setup, rules);
    let mut rng = Roller::seeded(1);
    while g.actions().len() < n {
        sim::step(&mut g, &mut rng).expect("random play");
    }
    g
}

fn ten_thousand(rules: &RuleSet) -> Game {
    played(rules, 10_000)
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
    grp.bench_function("load_10000_actions_lines_on_demand", |b| {
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
        Action::StartTurn(act::StartTurn {
            dark_forces: vec![4],
        }),
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    ] {
        g.apply(a).expect("turn starts");
    }
    for _ in 0..20 {
        match g.now() {
            Now::Acting { .. } => break,
            Now::RollOff { .. } => g
                .apply(Action::RollOff(act::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(Side::A),
                }))
                .expect("roll-off"),
            Now::Pick { models, .. } => g
                .apply(Action::Activate(act::Activate { model: models[0] }))
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
            h.act(Action::Move(act::Move { model: actor }))
                .map(|_| h.actions().len())
        })
    });
    grp.finish();
}

/// Opening a 100,000-action game file: what the app does before its first
/// frame (`Game::recover`, then the log's last lines for the visible rows),
/// what `game status` does (`Game::load`) and what `game replay` does (read
/// the file, replay the log).
fn open_benches(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("tables");
    let started = std::time::Instant::now();
    let g = played(&rules, 100_000);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game-100000.yaml");
    let text = file::to_text(g.setup(), &[], &[], g.actions()).expect("text");
    std::fs::write(&path, &text).expect("write");
    eprintln!(
        "game of 100,000 actions: played in {:.1} s, {} bytes",
        started.elapsed().as_secs_f64(),
        text.len()
    );
    if let Some(out) = std::env::var_os("IMPIA_BENCH_GAME_FILE") {
        std::fs::write(&out, &text).expect("IMPIA_BENCH_GAME_FILE");
    }
    let (setup, log) = (g.setup().clone(), g.actions().to_vec());
    drop(g);

    let mut grp = c.benchmark_group("open");
    grp.measurement_time(Duration::from_secs(10))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(10);
    grp.bench_function("load_100000_actions", |b| {
        b.iter(|| Game::load(black_box(&path), &rules).map(|g| g.actions().len()))
    });
    // The app: recover, then the 40 lines the log view shows at its bottom.
    grp.bench_function("first_frame_data_100000_actions", |b| {
        b.iter(|| {
            let (g, problem) = Game::recover(black_box(&path), &rules).expect("recover");
            assert!(problem.is_none());
            g.log()
                .rev()
                .take(40)
                .map(|e| e.describe(Lang::En).len())
                .sum::<usize>()
        })
    });
    // Every line of the history, once built on demand (scrolling the whole
    // log, or a language switch over all of it): the replayed game is made
    // outside the measure.
    grp.bench_function("all_history_lines_100000_actions", |b| {
        b.iter_batched(
            || Game::from_log(setup.clone(), &rules, log.clone()).expect("replays"),
            |g| g.log().map(|e| e.describe(Lang::Es).len()).sum::<usize>(),
            criterion::BatchSize::PerIteration,
        )
    });
    grp.bench_function("replay_file_100000_actions", |b| {
        b.iter(|| {
            let f = file::read(black_box(&path)).expect("read");
            replay(&f.setup, &rules, &f.log).map(|s| s.turn)
        })
    });
    grp.finish();
}

/// The snapshot of the game now (issue 23): built on every change for
/// every client, so it must not cost a replay. Of a 10,000-action game
/// played in memory (its lines built as it was played), of the same game
/// just opened (its last lines described on first use), and as JSON.
fn snapshot_benches(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("tables");
    let g = ten_thousand(&rules);
    let s = g.snapshot(Lang::En);
    assert_eq!(s.index, 10_000);
    assert_eq!(s.log.len(), impia::core::game::LOG_LINES);
    let json = serde_json::to_string(&s).expect("JSON");
    eprintln!(
        "snapshot of a 10,000-action game: {} bytes of JSON",
        json.len()
    );
    let facing = acting_game(&rules);
    let (setup, log) = (g.setup().clone(), g.actions().to_vec());

    let mut grp = c.benchmark_group("snapshot");
    grp.measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(30);
    grp.bench_function("of_a_game_of_10000_actions", |b| {
        b.iter(|| black_box(&g).snapshot(Lang::En).index)
    });
    grp.bench_function("first_of_a_game_of_10000_actions_just_opened", |b| {
        b.iter_batched(
            || Game::from_log(setup.clone(), &rules, log.clone()).expect("replays"),
            |g| g.snapshot(Lang::Es).log.len(),
            criterion::BatchSize::PerIteration,
        )
    });
    grp.bench_function("json_of_a_game_of_10000_actions", |b| {
        b.iter(|| serde_json::to_string(&black_box(&g).snapshot(Lang::En)).map(|j| j.len()))
    });
    grp.bench_function("of_a_model_facing_6_enemies", |b| {
        b.iter(|| black_box(&facing).snapshot(Lang::En).offers.offers.len())
    });
    grp.finish();
}

criterion_group!(
    benches,
    game_benches,
    offers_benches,
    snapshot_benches,
    open_benches
);
criterion_main!(benches);
