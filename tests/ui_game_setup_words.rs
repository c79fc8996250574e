//! Issue 27, the setup's papercuts: rosters listed by name, points and
//! validity (not by path), a warning when the limits differ, and the last
//! game offered in words.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::game::{GameSetup, Host};
use impia::core::roster::{check, load_roster};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn app(lang: Lang, last_game: Option<std::path::PathBuf>) -> ImpiaApp {
    let rules = RuleSet::builtin().expect("tables");
    ImpiaApp::with_rules(
        Prefs {
            lang,
            dark: true,
            last_roster: None,
            last_game,
            view: View::Game,
            ui_scale: 1.0,
        },
        rules,
    )
}

fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

#[test]
fn a_picked_roster_should_show_its_name_points_and_validity() {
    let rules = RuleSet::builtin().expect("tables");
    let path = "rosters/guardia-del-paso.yaml";
    let r = load_roster(path.as_ref(), &rules).expect("roster");
    let c = check(&r, &rules);
    let mut a = app(Lang::En, None);
    a.game.new_game.roster_b = Some(path.into());
    let mut h = harness(a);
    h.run();
    let want = format!(
        "{} · {}/{} pts {}",
        r.name,
        c.total,
        c.points_limit,
        if c.valid() { "✔" } else { "⚠ not valid" }
    );
    let shown = h.get_by_label("Warband B").value();
    assert_eq!(shown.as_deref(), Some(want.as_str()));
    assert!(h.query_by_label_contains("rosters/").is_none());
}

#[test]
fn the_last_game_should_be_offered_in_words() {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("b");
    let (na, nb) = (a.name.clone(), b.name.clone());
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("partida.yaml");
    let host = Host::create(&path, GameSetup::new(a, b).with_seed(3), &rules, false);
    drop(host.expect("create"));
    let mut h = harness(app(Lang::Es, Some(path)));
    h.run();
    h.get_by_label(&format!(
        "▶ Continuar la última partida ({na} vs {nb}, turno 1)"
    ));
}
