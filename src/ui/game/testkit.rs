//! Shared pieces of the Game view's kittests: a game of the shipped
//! rosters, the app around it, a 1280×800 harness.

use crate::core::game::act;
use egui_kittest::Harness;

use crate::core::game::{Action, Game, GameSetup, Host, Now};
use crate::core::roster::load_roster;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use crate::ui::{ImpiaApp, Prefs, View};

pub fn new_game() -> Game {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let setup = GameSetup::new(a, b)
        .with_seed(7)
        .with_players("Ana", "Bea")
        .with_beast(crate::core::game::sim::sample_beast());
    // In memory, through the one door (no file: a view test writes none).
    crate::core::game::Host::new(setup, &rules).into_game()
}

/// Takes the first allowed way on until a model acts; the dark forces
/// roll `dark` (8 calls a beast, R39).
pub fn step_to_acting(g: &mut Game, dark: u32) {
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
        let o = if let Action::StartTurn(_) = o {
            Action::StartTurn(act::StartTurn {
                dark_forces: vec![dark],
            })
        } else {
            o
        };
        g.act(o).expect("allowed");
    }
    panic!("no activation reached: {:?}", g.now());
}

pub fn app(game: Game, lang: Lang, scale: f32) -> ImpiaApp {
    let rules = RuleSet::builtin().expect("tables");
    let mut app = ImpiaApp::with_rules(
        Prefs {
            lang,
            dark: true,
            last_roster: None,
            last_game: None,
            view: View::Game,
            ui_scale: scale,
        },
        rules,
    );
    app.game.game = Some(Host::detached(game));
    app
}

pub fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

/// Ends the acting model's activation: *End turn* is offered then.
pub fn end_activation(g: &mut Game) {
    let model = g.state().actor().expect("a model acting");
    g.act(Action::EndActivation(act::EndActivation {
        model,
        terrain: Vec::new(),
        near_enemy_totem: false,
    }))
    .expect("end");
}
