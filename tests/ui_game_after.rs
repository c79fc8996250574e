//! After the game (issue 15), in the Game view: ending asks and then shows
//! the winner and the report; the replay steps through the log with the
//! cards showing the state at that point.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::game::{Action, Game, GameSetup, Now, Side, Status};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn new_game() -> Game {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let setup = GameSetup::new(a, b).with_seed(7).with_players("Ana", "Bea");
    let mut g = Game::new(setup, &rules);
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

fn harness(game: Game) -> Harness<'static, ImpiaApp> {
    let rules = RuleSet::builtin().expect("tables");
    let mut app = ImpiaApp::with_rules(
        Prefs {
            lang: Lang::En,
            dark: true,
            last_roster: None,
            last_game: None,
            view: View::Game,
            ui_scale: 1.0,
        },
        rules,
    );
    app.game.game = Some(impia::core::game::Host::detached(game));
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

fn game<'a>(h: &'a Harness<'static, ImpiaApp>) -> &'a Game {
    h.state().game.game.as_ref().expect("a game")
}

#[test]
fn end_the_game_should_ask_then_show_the_winner_and_the_report() {
    let mut h = harness(new_game());
    h.run();
    h.get_by_label("🏁 End the game").click();
    h.run();
    // It asks first, saying who wins on VP.
    h.get_by_label("End the game?");
    assert!(!matches!(game(&h).now(), Now::Ended { .. }));
    h.get_by_label("🏁 End it").click();
    h.run();
    assert!(matches!(
        game(&h).now(),
        Now::Ended {
            winner: Some(Side::A)
        }
    ));
    h.get_by_label("The luck of the dice");
    h.get_by_label("Turn by turn");
    assert!(
        h.query_all_by_label_contains("Game over: won by Guardia del Paso de Hierro")
            .next()
            .is_some()
    );
}

#[test]
fn replay_should_show_the_cards_as_they_were_at_each_step() {
    let mut g = new_game();
    g.act(Action::SetStatus {
        model: impia::core::game::ModelRef::b(1),
        status: Status::Down,
    })
    .expect("a model Down by hand");
    let mut h = harness(g);
    h.run();
    h.get_by_label("↻ Replay").click();
    h.run();
    // After the first turn's start: nobody Down yet.
    let r = h.state().game.replay.as_ref().expect("replaying");
    assert_eq!(r.at, 1);
    assert_eq!(
        r.state
            .model(impia::core::game::ModelRef::b(1))
            .map(|m| m.status),
        Some(Status::Standing)
    );
    h.get_by_label("⇥").click();
    h.run();
    let r = h.state().game.replay.as_ref().expect("replaying");
    assert_eq!(r.at, 3);
    assert_eq!(
        r.state
            .model(impia::core::game::ModelRef::b(1))
            .map(|m| m.status),
        Some(Status::Down)
    );
    // The live game is untouched, and the view goes back to it.
    assert_eq!(game(&h).actions().len(), 3);
    h.get_by_label("Back to the game").click();
    h.run();
    assert!(h.state().game.replay.is_none());
}
