//! Files never silent (issue 13 item 9, issue 14): without a system file
//! dialog Save writes `rosters/NAME.yaml` and says so, never replaces another
//! file without asking; Open lists the rosters folder; errors wrap and clear
//! when the user moves on; remembered paths are absolute.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::roster::{self, Roster};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn rules() -> RuleSet {
    RuleSet::builtin().expect("tables")
}

/// An app whose rosters folder is `dir` (tests never write the repo's own);
/// `with_rules` has no system dialogs, as on a bare X server.
fn app(lang: Lang, dir: &Path) -> ImpiaApp {
    let prefs = Prefs {
        lang,
        dark: true,
        last_roster: None,
        last_game: None,
        view: View::Warband,
        ui_scale: 1.0,
    };
    let mut a = ImpiaApp::with_rules(prefs, rules());
    a.rosters_dir = dir.to_path_buf();
    a
}

fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name)
}

#[test]
fn save_without_a_dialog_should_write_rosters_name_and_say_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rosters = dir.path().join("rosters");
    let mut a = app(Lang::En, &rosters);
    a.warband.doc.edit(|r| r.name = "Hijos del Pantano".into());
    let mut h = harness(a);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let file = rosters.join("hijos-del-pantano.yaml");
    let saved = roster::load_roster(&file, &rules()).expect("saved roster loads");
    assert_eq!(saved.name, "Hijos del Pantano");
    let app = h.state();
    assert!(!app.status.error, "{:?}", app.status.text);
    assert!(
        app.status.text.en.contains("hijos-del-pantano.yaml"),
        "{}",
        app.status.text.en
    );
    assert!(!app.warband.doc.dirty());
    assert_eq!(app.warband.doc.path.as_deref(), Some(file.as_path()));
    assert!(
        app.prefs
            .last_roster
            .as_ref()
            .is_some_and(|p| p.is_absolute())
    );
}

#[test]
fn save_should_ask_before_replacing_a_different_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("hijos-del-pantano.yaml");
    let mut other = Roster::starter("Otra banda");
    other.points_limit = Some(321);
    roster::save_roster(&file, &other).expect("save");
    let before = std::fs::read_to_string(&file).expect("read");

    let mut a = app(Lang::En, dir.path());
    a.warband.doc.edit(|r| r.name = "Hijos del Pantano".into());
    let mut h = harness(a);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    // Not written: the in-app dialog asks, naming the warband in the file.
    assert_eq!(std::fs::read_to_string(&file).expect("read"), before);
    assert!(h.state().save_form.is_some());
    h.get_by_label_contains("«Otra banda»");
    // Cancel keeps both, and says so.
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&file).expect("read"), before);
    assert!(h.state().warband.doc.dirty());
    assert!(h.state().status.text.en.contains("Not saved"));
    // Asked again, "Replace" writes.
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("Replace").click();
    h.run();
    let now = roster::load_roster(&file, &rules()).expect("loads");
    assert_eq!(now.name, "Hijos del Pantano");
    assert!(!h.state().warband.doc.dirty());
}

#[test]
fn save_as_without_a_dialog_should_offer_a_file_name_in_rosters() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(app(Lang::Es, dir.path()));
    h.run();
    h.get_by_label("Guardar como…").click();
    h.run();
    assert!(h.state().save_form.is_some());
    // The dialog's button, drawn over the toolbar's own "Guardar".
    let buttons: Vec<_> = h.get_all_by_label("Guardar").collect();
    assert_eq!(buttons.len(), 2);
    buttons[1].click();
    h.run();
    assert!(dir.path().join("nueva-banda.yaml").is_file());
    assert!(h.state().save_form.is_none());
}

#[test]
fn open_should_list_the_rosters_folder_with_name_points_and_validity() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::copy(
        example("jauria-de-la-cienaga.yaml"),
        dir.path().join("jauria.yaml"),
    )
    .expect("copy");
    let mut bad = Roster::starter("Banda cara");
    bad.points_limit = Some(10);
    roster::save_roster(&dir.path().join("cara.yaml"), &bad).expect("save");
    std::fs::write(dir.path().join("roto.yaml"), "name: [").expect("write");

    let mut h = harness(app(Lang::En, dir.path()));
    h.run();
    h.get_by_label("Open…").click();
    h.run();
    h.get_by_label_contains("Jauría de la Ciénaga Roja\n250 / 250 pts · ✔ valid");
    h.get_by_label_contains("Banda cara\n52 / 10 pts · ⚠ 1 problem(s)");
    h.get_by_label_contains("Cannot open:");
    h.get_by_label_contains("Jauría de la Ciénaga Roja").click();
    h.run();
    let app = h.state();
    assert!(app.open_list.is_none());
    assert_eq!(app.warband.doc.roster.name, "Jauría de la Ciénaga Roja");
    assert_eq!(
        app.prefs.last_roster.as_deref(),
        Some(dir.path().join("jauria.yaml").as_path())
    );
}

#[test]
fn an_error_should_wrap_and_clear_when_the_view_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let broken = dir.path().join("roto.yaml");
    std::fs::write(&broken, format!("name: {}\nmodels: [", "x".repeat(3000))).expect("write");
    let mut a = app(Lang::En, dir.path());
    a.open_path(&broken);
    assert!(a.status.error);
    let mut h = harness(a);
    h.run();
    let status = h.get_by_label_contains("Could not open");
    assert!(
        status.rect().right() <= 1280.0 && status.rect().height() < 80.0,
        "status runs off or grows: {:?}",
        status.rect()
    );
    h.get_by_label("Dice").click();
    h.run();
    assert!(h.state().status.is_empty());
    assert!(h.query_by_label_contains("Could not open").is_none());
}

#[test]
fn relative_remembered_paths_should_become_absolute() {
    let mut prefs = Prefs {
        last_roster: Some(PathBuf::from("rosters/jauria-de-la-cienaga.yaml")),
        last_game: Some(PathBuf::from("games/a-vs-b.yaml")),
        ..Default::default()
    };
    prefs.make_paths_absolute();
    let cwd = std::env::current_dir().expect("cwd");
    assert_eq!(
        prefs.last_roster,
        Some(cwd.join("rosters/jauria-de-la-cienaga.yaml"))
    );
    assert_eq!(prefs.last_game, Some(cwd.join("games/a-vs-b.yaml")));
    // Already absolute values stay as they are.
    let again = prefs.clone();
    prefs.make_paths_absolute();
    assert_eq!(prefs, again);
}

#[test]
fn opening_a_relative_path_should_remember_it_absolute() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut a = app(Lang::En, dir.path());
    a.open_path(Path::new("rosters/guardia-del-paso.yaml"));
    assert!(!a.status.error, "{:?}", a.status.text);
    let remembered = a.prefs.last_roster.clone().expect("remembered");
    assert!(remembered.is_absolute(), "{}", remembered.display());
    assert!(remembered.ends_with("rosters/guardia-del-paso.yaml"));
}
