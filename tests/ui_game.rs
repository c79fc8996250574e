//! The Game view driven as players would: start a turn, pass the change of
//! rounds, activate a model, move it, end its activation, undo.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::game::{Game, GameSetup, Now, Side};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn app_with_game(lang: Lang) -> ImpiaApp {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let setup = GameSetup::new(a, b).with_seed(7).with_players("Ana", "Bea");
    let game = Game::new(setup, &rules);
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
    app.game.game = Some(impia::core::game::Host::detached(game));
    app
}

fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

fn game<'a>(h: &'a Harness<'static, ImpiaApp>) -> &'a Game {
    h.state().game.game.as_ref().expect("a game")
}

#[test]
fn r39_rolling_the_dark_forces_should_start_the_turn_and_fill_the_pools() {
    let mut h = harness(app_with_game(Lang::En));
    h.run();
    assert_eq!(game(&h).state().turn, 0);
    h.get_by_label("🎲 Roll the Dark Forces  [Space]").click();
    h.run();
    let st = game(&h).state();
    assert_eq!(st.turn, 1);
    // R10: every model not Down gives DP to its pool (warriors 1), so the pool shows.
    let pool_a = st.side(Side::A).map_or(0, |s| s.pool);
    assert!(pool_a > 0);
    h.get_by_label(&format!("{pool_a} DP"));
    // The log has the turn start.
    assert_eq!(game(&h).actions().len(), 1);
}

#[test]
fn a_typed_real_die_should_be_used_for_the_dark_forces() {
    let mut a = app_with_game(Lang::En);
    a.game.real_die = 10;
    let mut h = harness(a);
    h.run();
    h.get_by_label("Use this die").click();
    h.run();
    // R39 10: every model gives 1 DP less this turn.
    assert_eq!(game(&h).state().dp_per_model, -1);
}

#[test]
fn undo_should_take_back_the_turn_start() {
    let mut h = harness(app_with_game(Lang::Es));
    h.run();
    h.get_by_label("🎲 Tirar Fuerzas Oscuras  [Space]").click();
    h.run();
    assert_eq!(game(&h).state().turn, 1);
    h.get_by_label("↶ Deshacer").click();
    h.run();
    assert_eq!(game(&h).state().turn, 0);
    assert!(game(&h).can_redo());
}

#[test]
fn r13_a_model_should_move_paying_one_dp_then_end_its_activation() {
    let mut h = harness(app_with_game(Lang::En));
    h.run();
    h.get_by_label("Use this die").click(); // a 1: no DP change.
    h.run();
    // R09: both players pass the change of rounds.
    h.get_by_label("Done changing for Ana").click();
    h.run();
    h.get_by_label("Done changing for Bea").click();
    h.run();
    // Only warband B has a model in round 6 (its Hero): B picks it.
    let Now::Pick { side, models, .. } = game(&h).now() else {
        panic!("expected a pick, got {:?}", game(&h).now());
    };
    assert_eq!(side, Side::B);
    let name = game(&h).state().name(models[0]);
    h.get_by_label(&name).click();
    h.run();
    let pool_before = game(&h).state().side(Side::B).map_or(0, |s| s.pool);
    let dp_before = game(&h).dp_available(models[0]);
    h.get_by_label("Move (1 DP)  [M]").click();
    h.run();
    let dp_after = game(&h).dp_available(models[0]);
    assert_eq!(dp_after, dp_before - 1);
    let pool_after = game(&h).state().side(Side::B).map_or(0, |s| s.pool);
    assert!(pool_after <= pool_before);
    // Nothing to declare: one click ends it.
    h.get_by_label("End activation  [E]").click();
    h.run();
    let st = game(&h).state();
    assert!(st.model(models[0]).is_some_and(|m| m.acted));
    // The log on the right lists the move.
    assert!(
        h.query_by_label_contains(&format!("{name} moves"))
            .is_some()
    );
}

#[test]
fn the_side_cards_should_show_fear_and_status_in_both_languages() {
    let mut h = harness(app_with_game(Lang::Es));
    h.run();
    assert!(h.query_all_by_label("En pie").count() >= 10);
    h.get_by_label("English").click();
    h.run();
    assert!(h.query_all_by_label("Standing").count() >= 10);
}

#[test]
fn keys_should_drive_the_frequent_actions() {
    let mut h = harness(app_with_game(Lang::En));
    h.run();
    // Space rolls the dark forces.
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(game(&h).state().turn, 1);
    h.get_by_label("Done changing for Ana").click();
    h.run();
    h.get_by_label("Done changing for Bea").click();
    h.run();
    let Now::Pick { models, .. } = game(&h).now() else {
        panic!("expected a pick");
    };
    let name = game(&h).state().name(models[0]);
    h.get_by_label(&name).click();
    h.run();
    let n = game(&h).actions().len();
    // M moves the acting model.
    h.key_press(egui::Key::M);
    h.run();
    assert_eq!(game(&h).actions().len(), n + 1);
    // Ctrl+Z takes it back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(game(&h).actions().len(), n);
}
