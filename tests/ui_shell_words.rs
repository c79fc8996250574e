//! Issue 27, the shell's words: the first screen names the game tracker
//! beside the warband builder, and a message already shown follows a change
//! of language (one language per screen, status line included).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn app(lang: Lang, view: View) -> ImpiaApp {
    ImpiaApp::with_rules(
        Prefs {
            lang,
            dark: true,
            last_roster: None,
            last_game: None,
            view,
            ui_scale: 1.0,
        },
        RuleSet::builtin().expect("tables"),
    )
}

fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

#[test]
fn the_first_screen_should_offer_to_play_a_game_beside_building_a_warband() {
    for (lang, build, play) in [
        (Lang::Es, "Crear una banda", "Jugar una partida"),
        (Lang::En, "Build a warband", "Play a game"),
    ] {
        let mut h = harness(app(lang, View::Warband));
        h.run();
        let b = h.get_by_label(build).rect();
        let p = h.get_by_label(play).rect();
        // Side by side on the top bar, play right after build.
        assert!((b.center().y - p.center().y).abs() < 2.0, "{b:?} {p:?}");
        assert!(
            p.left() > b.right() && p.left() - b.right() < 40.0,
            "{b:?} {p:?}"
        );
        h.get_by_label(play).click();
        h.run();
        assert_eq!(h.state().prefs.view, View::Game);
        // The game tracker's setup: two warbands and a start button.
        h.get_by_label_contains(lang.pick("Empezar la partida", "Start the game"));
    }
}

#[test]
fn the_status_line_should_follow_a_change_of_language() {
    let mut a = app(Lang::Es, View::Warband);
    let missing = std::env::temp_dir().join("impia-no-such-roster-27.yaml");
    a.open_path(&missing);
    let mut h = harness(a);
    h.run();
    h.get_by_label_contains("No se pudo abrir");
    h.get_by_label("English").click();
    h.run();
    h.get_by_label_contains("Could not open");
    assert!(h.query_by_label_contains("No se pudo abrir").is_none());
    h.get_by_label("Español").click();
    h.run();
    h.get_by_label_contains("No se pudo abrir");
    assert!(h.query_by_label_contains("Could not open").is_none());
}

#[test]
fn the_game_views_message_should_follow_a_change_of_language() {
    let rules = RuleSet::builtin().expect("tables");
    let mut a = app(Lang::En, View::Game);
    let missing = std::env::temp_dir().join("impia-no-such-game-27.yaml");
    assert!(!a.game.open(&missing, &rules));
    let mut h = harness(a);
    h.run();
    h.get_by_label_contains("Could not open the game");
    h.get_by_label("Español").click();
    h.run();
    h.get_by_label_contains("No se pudo abrir la partida");
    assert!(
        h.query_by_label_contains("Could not open the game")
            .is_none()
    );
}

/// At 150 % in a 1280×800 window the views' tabs wrap rather than slide
/// under the zoom, language and theme controls.
#[test]
fn the_top_bar_should_never_lay_a_tab_under_a_control() {
    for scale in [1.0, 1.3, 1.5, 2.0] {
        for lang in [Lang::Es, Lang::En] {
            let mut a = app(lang, View::Game);
            a.prefs.ui_scale = scale;
            // A 1280×800 window at this zoom has 1280/zoom points across.
            let mut h = Harness::builder()
                .with_size([1280.0 / scale, 800.0 / scale])
                .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), a);
            for _ in 0..4 {
                h.step();
            }
            h.run();
            let screen_w = h.ctx.content_rect().width();
            assert!(screen_w <= 1280.0 / scale + 1.0, "{scale}: {screen_w}");
            let tabs: Vec<_> = [
                View::Warband,
                View::Game,
                View::Dice,
                View::Tables,
                View::Reference,
            ]
            .iter()
            .map(|v| h.get_by_label(v.label(lang)).rect())
            .collect();
            for c in ["A+", "A−", "English", "Español"] {
                let c = h.get_by_label(c).rect();
                assert!(c.right() <= screen_w + 1.0, "{scale}: {c:?} cut");
                // The bar stays a bar: at most three rows of tabs (two up to 150 %).
                assert!(c.bottom() < 90.0, "{scale}: {c:?} far down");
                let rows = if scale > 1.5 { 90.0 } else { 62.0 };
                assert!(tabs.iter().all(|t| t.bottom() < rows), "{scale}: {tabs:?}");
                for t in &tabs {
                    assert!(
                        !t.intersects(c.shrink(1.0)),
                        "{scale} {lang:?}: {t:?} under {c:?}"
                    );
                    assert!(t.right() <= screen_w + 1.0, "{scale}: {t:?} cut");
                }
            }
        }
    }
}

/// Issue 35: the zoom and language controls stay under the pointer: a
/// second click on A+ (or A−) lands on it again, and a click on a language
/// leaves both language buttons where they were.
#[test]
fn the_zoom_and_language_controls_should_not_move_under_the_pointer() {
    let mut h = harness(app(Lang::Es, View::Game));
    h.run();
    // Where a control is on the screen, in pixels (the zoom scales points).
    let rect = |h: &Harness<'static, ImpiaApp>, label: &str| {
        let z = h.ctx.zoom_factor();
        let r = h.get_by_label(label).rect();
        egui::Rect::from_min_max(r.min * z, r.max * z)
    };
    let at = |h: &Harness<'static, ImpiaApp>, label: &str| rect(h, label).center();
    for control in ["A+", "A+", "A−", "A−"] {
        let before = at(&h, control);
        h.get_by_label(control).click();
        h.run();
        // The pointer has not moved: the next click lands on it again.
        let after = rect(&h, control).shrink(2.0);
        assert!(after.contains(before), "{control}: {before:?} → {after:?}");
    }
    for (click, others) in [("English", "Español"), ("Español", "English")] {
        let (b0, o0) = (at(&h, click), at(&h, others));
        h.get_by_label(click).click();
        h.run();
        h.run();
        assert!((at(&h, click) - b0).length() < 1.0, "{click} moved");
        assert!((at(&h, others) - o0).length() < 1.0, "{others} moved");
    }
}
