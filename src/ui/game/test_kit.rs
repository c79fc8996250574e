//! What the Game view's tests share: a game between two shipped warbands,
//! the app showing it, and a kittest harness around the app. Each view's
//! tests sit at the bottom of its file.

use egui_kittest::Harness;

use crate::core::game::{Action, Game, GameSetup, ModelRef, Now, Side};
use crate::core::roster::load_roster;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use crate::ui::{ImpiaApp, Prefs, View};

/// Ana (Guardia del Paso) against Bea (Jauría de la Ciénaga), seed 7.
pub fn new_game() -> Game {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let setup = GameSetup::new(a, b).with_seed(7).with_players("Ana", "Bea");
    Game::new(setup, &rules)
}

/// The new game in its first turn, with 2 scenario points for A.
pub fn game_under_way() -> Game {
    let mut g = new_game();
    g.act(Action::StartTurn {
        dark_forces: vec![4],
    })
    .expect("turn 1");
    g.act(Action::ScenarioPoints {
        side: Side::A,
        points: 2,
        note: "el vado".into(),
    })
    .expect("VP");
    g
}

/// The first allowed offer of the kinds a game needs to reach an activation.
pub fn step_to_acting(g: &mut Game) {
    for _ in 0..20 {
        if matches!(g.now(), Now::Acting { .. }) {
            return;
        }
        let offers = g.offers();
        let o = offers
            .allowed()
            .find(|o| {
                matches!(
                    o.id,
                    "start_turn" | "end_change_round" | "roll_off" | "choose_start" | "activate"
                )
            })
            .expect("a way on")
            .action
            .clone();
        let o = match o {
            Action::StartTurn { .. } => Action::StartTurn {
                dark_forces: vec![1],
            },
            other => other,
        };
        g.act(o).expect("allowed");
    }
    panic!("no activation reached: {:?}", g.now());
}

/// The app on the Game view with `game` open.
pub fn app(game: Game, lang: Lang) -> ImpiaApp {
    let rules = RuleSet::builtin().expect("tables");
    let mut app = ImpiaApp::with_rules(
        Prefs {
            lang,
            dark: true,
            last_roster: None,
            last_game: None,
            view: View::Game,
            ui_scale: 1.0,
        },
        rules,
    );
    app.game.game = Some(crate::core::game::Host::detached(game));
    app
}

pub fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

pub fn game<'a>(h: &'a Harness<'static, ImpiaApp>) -> &'a Game {
    h.state().game.game.as_ref().expect("a game")
}

pub fn actor(h: &Harness<'static, ImpiaApp>) -> ModelRef {
    game(h).state().actor().expect("a model acting")
}
