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

/// A game view frame with 2 × 20 models and 1,000 log entries (issue goal < 2 ms).
fn game_frame(c: &mut Criterion) {
    use impia::core::dice::Roller;
    use impia::core::game::{Game, GameSetup, sim};
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
    let mut app = app(View::Game);
    app.game.game = Some(impia::core::game::Host::detached(game));
    let ctx = egui::Context::default();
    for _ in 0..3 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        out.textures_delta.clear();
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    c.bench_function("frame_game_2x20_models_1000_log", |b| {
        b.iter(|| {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

/// The Game view with a 100,000-action game (issue 27: every repaint cost
/// 54–69 ms, the log building every line; goal < 8 ms, first frame
/// < 300 ms). The log lists its rows without text and describes only those
/// in view.
fn game_frame_100000(c: &mut Criterion) {
    use impia::core::dice::Roller;
    use impia::core::game::{Game, GameSetup, Host, sim};
    let rules = RuleSet::builtin().expect("tables");
    let mut b = twenty_models();
    b.name = "Rival".into();
    let setup = GameSetup::new(twenty_models(), b).with_seed(3);
    let mut game = Game::new(setup.clone(), &rules);
    let mut rng = Roller::seeded(11);
    let started = std::time::Instant::now();
    while game.actions().len() < 100_000 {
        sim::step(&mut game, &mut rng).expect("random play");
    }
    eprintln!(
        "game of 100,000 actions played in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let log = game.actions().to_vec();
    // The first frame of a game just opened: its history lines not built
    // yet (a replayed game describes them on demand, as an opened file does).
    c.bench_function("first_frame_game_100000_log", |bench| {
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
    app.game.game = Some(Host::detached(game));
    let ctx = egui::Context::default();
    for _ in 0..3 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        out.textures_delta.clear();
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    c.bench_function("frame_game_2x20_models_100000_log", |bench| {
        bench.iter(|| {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
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
