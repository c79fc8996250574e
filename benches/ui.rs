//! Frame cost of the app's views (issue goal: a Warband frame with 20 models
//! under 2 ms of CPU), measured on a bare egui context: layout and
//! tessellation, no GPU.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use impia::core::roster::{Model, Roster, RosterDoc};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn twenty_models() -> Roster {
    let mut r = Roster::starter("Bench");
    let troops = ["hero", "veteran", "warrior", "creature", "sorcerer"];
    for i in 1..20 {
        r.models.push(Model {
            name: format!("Miniatura {i}"),
            troop: troops[i % troops.len()].into(),
            weapons: vec!["mace".into()],
            armour: Some("tough_clothes".into()),
            equipment: vec!["mystic_herbs".into()],
            ..Default::default()
        });
    }
    r
}

fn app(view: View) -> ImpiaApp {
    let rules = RuleSet::builtin().expect("tables");
    let mut app = ImpiaApp::with_rules(
        Prefs {
            lang: Lang::Es,
            dark: true,
            last_roster: None,
            last_game: None,
            view,
            ui_scale: 1.0,
        },
        rules,
    );
    app.warband.replace(RosterDoc::new(twenty_models(), None));
    app
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    }
}

fn frame(c: &mut Criterion, name: &str, view: View) {
    let ctx = egui::Context::default();
    let mut app = app(view);
    // Warm up: fonts, caches, the first layout.
    for _ in 0..3 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        out.textures_delta.clear();
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    c.bench_function(name, |b| {
        b.iter(|| {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

fn views(c: &mut Criterion) {
    frame(c, "frame_warband_20_models", View::Warband);
    frame(c, "frame_dice", View::Dice);
    frame(c, "frame_reference", View::Reference);
}

fn first_frame(c: &mut Criterion) {
    // From nothing to the first laid-out frame: tables loaded, app built,
    // fonts installed, one frame run (what the user waits for after the
    // window opens).
    c.bench_function("start_to_first_frame", |b| {
        b.iter(|| {
            let ctx = egui::Context::default();
            let mut app = app(View::Warband);
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(20);
    targets = views, first_frame
}

/// A game view frame with 2 × 20 models and 1,000 log entries (issue goal
/// < 2 ms), and the same game ended by the players (issue 32: its report
/// laid out whole each repaint, 17 ms for a 6-turn game).
fn game_frame(c: &mut Criterion) {
    use impia::core::dice::Roller;
    use impia::core::game::{Action, Game, GameSetup, act, sim};
    let rules = RuleSet::builtin().expect("tables");
    let mut b = twenty_models();
    b.name = "Rival".into();
    let setup = GameSetup::new(twenty_models(), b).with_seed(3);
    let mut game = Game::new(setup, &rules);
    let mut rng = Roller::seeded(11);
    while game.actions().len() < 1000 {
        if sim::step(&mut game, &mut rng).is_err() {
            break;
        }
    }
    // Ended by the players as soon as no roll waits.
    let mut ended = game.clone();
    while ended.state().ended.is_none() {
        if ended.act(Action::EndGame(act::EndGame {})).is_err() {
            sim::step(&mut ended, &mut rng).expect("random play");
        }
    }
    eprintln!(
        "1,000-action game: turn {}, ended {}",
        game.state().turn,
        game.state().ended.is_some()
    );
    game_view_benches(c, "game_2x20_models_1000_log", game);
    game_view_benches(c, "game_2x20_models_1000_log_ended", ended);
}

/// A random 100,000-action game of 2 × 20 models, and where it ended (the
/// random game ends once a warband has none standing; then only notes).
fn played_100000(rules: &RuleSet) -> (impia::core::game::Game, Option<usize>) {
    use impia::core::dice::Roller;
    use impia::core::game::{Game, GameSetup, sim};
    let mut b = twenty_models();
    b.name = "Rival".into();
    let setup = GameSetup::new(twenty_models(), b).with_seed(3);
    let mut game = Game::new(setup, rules);
    let mut rng = Roller::seeded(11);
    let started = std::time::Instant::now();
    let mut ended_at = None;
    while game.actions().len() < 100_000 {
        sim::step(&mut game, &mut rng).expect("random play");
        if ended_at.is_none() && game.state().ended.is_some() {
            ended_at = Some(game.actions().len());
        }
    }
    eprintln!(
        "game of 100,000 actions played in {:.1} s, ended at action {ended_at:?}",
        started.elapsed().as_secs_f64()
    );
    (game, ended_at)
}

/// The first frame of the Game view on `log` replayed (its history lines
/// not built yet, as for an opened file), then its repaints.
fn game_view_benches(c: &mut Criterion, name: &str, g: impia::core::game::Game) {
    use impia::core::game::{Game, Host};
    let rules = RuleSet::builtin().expect("tables");
    let (setup, log) = (g.setup().clone(), g.actions().to_vec());
    c.bench_function(&format!("first_frame_{name}"), |bench| {
        bench.iter_batched(
            || {
                let g = Game::from_log(setup.clone(), &rules, log.clone()).expect("replays");
                let mut app = app(View::Game);
                app.game.game = Some(Host::detached(g));
                app
            },
            |mut app| {
                let ctx = egui::Context::default();
                let mut out = ctx.run_ui(input(), |ui| app.show(ui));
                out.textures_delta.clear();
                black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
            },
            criterion::BatchSize::PerIteration,
        )
    });
    let mut app = app(View::Game);
    app.game.game = Some(Host::detached(g));
    let ctx = egui::Context::default();
    for _ in 0..3 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        out.textures_delta.clear();
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    c.bench_function(&format!("frame_{name}"), |bench| {
        bench.iter(|| {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

/// The Game view with a 100,000-action game (issue 27: every repaint cost
/// 54–69 ms, the log building every line; goal < 8 ms, first frame
/// < 300 ms), live and ended (issue 32: the ended game's report was laid
/// out whole on every repaint, 74 ms). The log lists its rows without text
/// and describes only those in view; the report lays out only its turns in
/// view. The live game is the same log up to the action that ended it.
fn game_frame_100000(c: &mut Criterion) {
    use impia::core::game::Game;
    let rules = RuleSet::builtin().expect("tables");
    let (ended, ended_at) = played_100000(&rules);
    if let Some(at) = ended_at {
        let live = Game::from_log(
            ended.setup().clone(),
            &rules,
            ended.actions()[..at - 1].to_vec(),
        )
        .expect("replays");
        assert!(live.state().ended.is_none());
        let name = format!("game_live_{}_log", live.actions().len());
        game_view_benches(c, &name, live);
    }
    game_view_benches(c, "game_ended_100000_log", ended);
}

criterion_group! {
    name = game_benches;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(20);
    targets = game_frame, game_frame_100000
}

criterion_main!(benches, game_benches);
