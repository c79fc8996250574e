//! What the Game view's tests share: a game between two shipped warbands,
//! the app showing it, and a kittest harness around the app. Each view's
//! tests sit at the bottom of its file.

use crate::core::game::act;
use egui_kittest::Harness;

use crate::core::game::{Action, Game, GameSetup, ModelRef, Side};
use crate::core::roster::load_roster;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use crate::ui::ImpiaApp;

/// Ana (Guardia del Paso) against Bea (Jauría de la Ciénaga), seed 7.
pub fn new_game() -> Game {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let setup = GameSetup::new(a, b).with_seed(7).with_players("Ana", "Bea");
    // In memory, through the one door (no file: a view test writes none).
    crate::core::game::Host::new(setup, &rules).into_game()
}

/// The new game in its first turn, with 2 scenario points for A.
pub fn game_under_way() -> Game {
    let mut g = new_game();
    g.act(Action::StartTurn(act::StartTurn {
        dark_forces: vec![4],
    }))
    .expect("turn 1");
    g.act(Action::ScenarioPoints(act::ScenarioPoints {
        side: Side::A,
        points: 2,
        note: "el vado".into(),
    }))
    .expect("VP");
    g
}

/// The first allowed offer of the kinds a game needs to reach an activation.
pub fn step_to_acting(g: &mut Game) {
    super::testkit::step_to_acting(g, 1);
}

/// The app on the Game view with `game` open, at 100 %.
pub fn app(game: Game, lang: Lang) -> ImpiaApp {
    super::testkit::app(game, lang, 1.0)
}

pub use super::testkit::harness;

pub fn game<'a>(h: &'a Harness<'static, ImpiaApp>) -> &'a Game {
    h.state().game.game.as_ref().expect("a game")
}

pub fn actor(h: &Harness<'static, ImpiaApp>) -> ModelRef {
    game(h).state().actor().expect("a model acting")
}
