//! The Game view at the table (issue 13): outcomes announced, a readable
//! log, the summary, few clicks, a layout that does not move, and the view
//! at arm's length. Each test drives the app as players would.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use impia::core::game::{Action, Game, GameSetup, ModelRef, Now, Phase, Side};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn new_game() -> Game {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let setup = GameSetup::new(a, b).with_seed(7).with_players("Ana", "Bea");
    Game::new(setup, &rules)
}

/// The first allowed offer of the kinds a game needs to reach an activation.
fn step_to_acting(g: &mut Game) {
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

fn app(game: Game, lang: Lang) -> ImpiaApp {
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

fn actor(h: &Harness<'static, ImpiaApp>) -> ModelRef {
    game(h).state().actor().expect("a model acting")
}

#[test]
fn the_dark_forces_banner_should_show_the_row_text_until_the_next_step() {
    let rules = RuleSet::builtin().expect("tables");
    let table = rules.roll_table("dark_forces").expect("table");
    let row = table.rows[table.row_for(4)].text.get(Lang::En).to_string();
    let mut a = app(new_game(), Lang::En);
    a.game.real_die = 4;
    let mut h = harness(a);
    h.run();
    h.get_by_label("Use this die").click();
    h.run();
    // The banner: the total and the row's own words.
    h.get_by_label("Turn 1 — Dark Forces: 4");
    assert!(h.query_by_label(&row).is_some(), "row text {row:?} shown");
    // The next step (both players done changing rounds) takes it away.
    h.get_by_label("Done changing for Ana").click();
    h.run();
    h.get_by_label("Done changing for Bea").click();
    h.run();
    assert_ne!(game(&h).state().phase, Phase::ChangeRound);
    assert!(h.query_by_label("Turn 1 — Dark Forces: 4").is_none());
}

#[test]
fn each_roll_should_be_followed_by_one_line_that_says_what_happened() {
    let mut h = harness(app(new_game(), Lang::En));
    h.run();
    h.get_by_label("Use this die").click();
    h.run();
    let last = game(&h).log().last().expect("an entry").describe(Lang::En);
    h.get_by_label(&format!("Last: {last}"));
}

#[test]
fn end_turn_with_models_left_should_ask_naming_them() {
    let mut g = new_game();
    step_to_acting(&mut g);
    let m = g.state().actor().expect("actor");
    g.act(Action::EndActivation {
        model: m,
        terrain: Vec::new(),
        near_enemy_totem: false,
    })
    .expect("end");
    let turn = g.state().turn;
    let mut h = harness(app(g, Lang::En));
    h.run();
    let left: Vec<String> = game(&h)
        .state()
        .models()
        .filter(|(r, s)| r.side.is_warband() && s.status.in_play() && !s.acted)
        .map(|(r, _)| game(&h).state().name(r))
        .collect();
    assert!(!left.is_empty());
    h.get_by_label(&format!("⏹ End the turn ({} not acted)", left.len()))
        .click();
    h.run();
    // It asks, naming them, and nothing has happened yet.
    h.get_by_label(&format!("These have not acted yet: {}", left.join(", ")));
    assert_eq!(game(&h).state().turn, turn);
    assert!(!matches!(game(&h).actions().last(), Some(Action::EndTurn)));
    h.get_by_label("Keep playing  [Esc]").click();
    h.run();
    assert!(
        h.query_by_label_contains("These have not acted yet:")
            .is_none()
    );
    h.get_by_label(&format!("⏹ End the turn ({} not acted)", left.len()))
        .click();
    h.run();
    h.get_by_label("End the turn anyway").click();
    h.run();
    assert!(matches!(game(&h).actions().last(), Some(Action::EndTurn)));
}

#[test]
fn a_disabled_action_should_not_move_the_layout() {
    let mut g = new_game();
    step_to_acting(&mut g);
    let m = g.state().actor().expect("actor");
    // No DP left: every paid action is refused.
    let pool = g.state().side(m.side).map_or(0, |s| s.pool);
    g.apply(Action::AdjustPool {
        side: m.side,
        delta: -pool,
    })
    .expect("pool to 0");
    let own = g.state().model(m).map_or(0, |s| s.own_dp);
    if own > 0 {
        g.apply(Action::AdjustOwnDp {
            model: m,
            delta: -own,
        })
        .expect("own DP to 0");
    }
    assert_eq!(g.dp_available(m), 0);
    let mut h = harness(app(g, Lang::En));
    h.run();
    let before = h.get_by_label("End activation  [E]").rect();
    let log_len = game(&h).actions().len();
    let moved = h.get_by_label("Move (1 DP)  [M]");
    // Shown, not hidden: disabled, with the reason on hover.
    assert!(moved.accesskit_node().is_disabled());
    moved.click();
    h.run();
    h.key_press(egui::Key::M);
    h.run();
    assert_eq!(game(&h).actions().len(), log_len, "nothing was sent");
    assert_eq!(h.get_by_label("End activation  [E]").rect(), before);
    assert!(h.state().game.message.is_none(), "no error line added");
}

#[test]
fn the_six_click_flow_should_move_assault_and_roll_the_hit() {
    let mut g = new_game();
    step_to_acting(&mut g);
    let mut h = harness(app(g, Lang::En));
    h.run();
    let me = actor(&h);
    let mut clicks = 0;
    let mut click = |h: &mut Harness<'static, ImpiaApp>, label: &str| {
        h.get_by_label(label).click();
        h.run();
        clicks += 1;
    };
    click(&mut h, "Move (1 DP)  [M]");
    click(&mut h, "Assault (1 DP)  [A]");
    // R20: the Move just made is counted as consecutive, from the log.
    assert_eq!(
        h.state().game.form,
        impia::ui::game::Form::Melee {
            kind: impia::ui::game::MeleeKind::Assault,
            options: impia::core::game::FightOptions::default().with("consecutive_moves", 1),
        }
    );
    let offers = game(&h).offers();
    let target = offers
        .allowed()
        .find_map(|o| match &o.action {
            Action::Assault { brutal: false, .. } => o.targets.first().map(|t| t.model),
            _ => None,
        })
        .expect("an enemy to assault");
    let name = game(&h).state().name(target);
    click(&mut h, &format!("🎲 {name}"));
    assert!(
        matches!(game(&h).now(), Now::Rolled),
        "{:?} {:?}",
        game(&h).now(),
        h.state().game.message
    );
    click(&mut h, "✔ Accept the roll  [Enter]");
    assert!(
        matches!(game(&h).now(), Now::ResolveHits { .. }),
        "{:?}",
        game(&h).now()
    );
    click(&mut h, "🎲 Roll  [Space]");
    click(&mut h, "✔ Accept the roll  [Enter]");
    assert_eq!(clicks, 6);
    let ids: Vec<&str> = game(&h).actions().iter().map(|a| a.id()).collect();
    let tail = &ids[ids.len() - 5..];
    assert_eq!(
        tail,
        ["move", "assault", "accept", "resolve_hit", "accept"],
        "{ids:?}"
    );
    assert!(!matches!(
        game(&h).now(),
        Now::Rolled | Now::ResolveHits { .. }
    ));
    // The assault engages the two (R21) unless one went Down: the card says so.
    let st = game(&h).state();
    if st.model(me).is_some_and(|m| m.engaged.contains(&target)) {
        assert!(h.query_by_label_contains("engaged with").is_some());
    }
}

#[test]
fn enter_should_accept_a_pending_roll_and_e_should_end_the_activation() {
    let mut g = new_game();
    step_to_acting(&mut g);
    let m = g.state().actor().expect("actor");
    g.act(Action::Check {
        model: m,
        stat: impia::core::tables::Stat::Agility,
        modifier: 0,
        reason: String::new(),
        options: Default::default(),
        roll: None,
    })
    .expect("check rolled");
    assert!(matches!(g.now(), Now::Rolled));
    let mut h = harness(app(g, Lang::En));
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(matches!(
        game(&h).actions().last(),
        Some(Action::Accept { .. })
    ));
    h.key_press(egui::Key::E);
    h.run();
    assert!(matches!(
        game(&h).actions().last(),
        Some(Action::EndActivation { .. })
    ));
    assert!(game(&h).state().model(m).is_some_and(|s| s.acted));
}

#[test]
fn the_log_should_filter_by_model_and_mark_undone_actions() {
    let mut g = new_game();
    step_to_acting(&mut g);
    let m = g.state().actor().expect("actor");
    g.act(Action::Move { model: m }).expect("move");
    g.undo().expect("undo");
    let name = g.state().name(m);
    let mut h = harness(app(g, Lang::En));
    h.run();
    // Undone, waiting for redo: still in the log, marked.
    h.get_by_label(&format!("↶ (undone) {name} moves"));
    // A filter by another model hides this model's lines.
    let other = game(&h)
        .state()
        .models_of(Side::B)
        .map(|(r, _)| r)
        .find(|r| *r != m)
        .expect("another model");
    h.state_mut().game.log_filter = impia::ui::game::LogFilter::Model(other);
    h.run();
    // The log's lines are numbered ("12. …"); the header's "Last:" line is not.
    let line = format!(". {name} activates");
    assert!(h.query_by_label_contains(&line).is_none());
    h.state_mut().game.log_filter = impia::ui::game::LogFilter::Model(m);
    h.run();
    assert!(h.query_by_label_contains(&line).is_some());
}

#[test]
fn the_summary_should_count_models_by_status_under_the_players_names() {
    let mut g = new_game();
    let down = ModelRef::b(1);
    g.apply(Action::SetStatus {
        model: down,
        status: impia::core::game::Status::Down,
    })
    .expect("down");
    let standing = g.state().models_of(Side::B).count() - 1;
    let mut h = harness(app(g, Lang::En));
    h.run();
    h.get_by_label("Ana");
    h.get_by_label("Bea");
    h.get_by_label(&format!("{standing} standing · 1 Down · 0 fled"));
    h.get_by_label("VP tied 0–0");
}

#[test]
fn game_buttons_should_be_at_least_32_px_high_and_acted_models_marked() {
    let mut g = new_game();
    step_to_acting(&mut g);
    let mut h = harness(app(g, Lang::Es));
    h.run();
    let r = h.get_by_label_contains("Mover (1 PD)").rect();
    assert!(r.height() >= 32.0, "{r:?}");
    let r = h.get_by_label("↶ Deshacer").rect();
    assert!(r.height() >= 32.0, "{r:?}");
    h.key_press(egui::Key::E);
    h.run();
    assert!(h.query_all_by_label("✔ En pie").count() >= 1);
}

#[test]
fn the_scale_control_should_zoom_and_be_remembered() {
    let mut h = harness(app(new_game(), Lang::En));
    h.run();
    h.get_by_label("100 %");
    h.get_by_label("A+").click();
    h.run();
    assert!((h.state().prefs.ui_scale - 1.1).abs() < 1e-4);
    assert!((h.ctx.zoom_factor() - 1.1).abs() < 1e-4);
    h.get_by_label("110 %");
}

#[test]
fn every_action_button_should_stay_inside_the_centre() {
    let mut g = new_game();
    step_to_acting(&mut g);
    let mut h = harness(app(g, Lang::Es));
    h.run();
    let log = h.get_by_label("Registro").rect();
    for label in ["Terminar activación  [E]", "Mover (1 PD)  [M]"] {
        let r = h.get_by_label(label).rect();
        assert!(r.right() <= log.left(), "{label}: {r:?} vs log {log:?}");
    }
}
