//! The Tables view driven with egui_kittest: what a player clicks and types,
//! what the view then shows.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::dice::Roller;
use impia::core::packs::PackSet;
use impia::core::packs::roll::InputValue;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn app(lang: Lang) -> ImpiaApp {
    let prefs = Prefs {
        lang,
        view: View::Tables,
        ui_scale: 1.0,
        ..Default::default()
    };
    ImpiaApp::with_rules(prefs, RuleSet::builtin().expect("tables"))
}

/// The app on one table, with its inputs set.
fn on_table(lang: Lang, table: &str, values: &[InputValue]) -> ImpiaApp {
    let mut a = app(lang);
    assert!(a.tables.select(table, &a.rules), "no table {table}");
    if let Some(st) = a.tables.state_mut() {
        st.values = values.to_vec();
    }
    a
}

fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

fn write(dir: &std::path::Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write");
}

#[test]
fn the_view_should_list_every_pack_and_show_the_odds_before_rolling() {
    let mut h = harness(app(Lang::En));
    h.run();
    h.get_by_label("Tables");
    // The list: each table with its dice.
    for table in [
        "Dark Forces  · 1d10",
        "Events table  · 1d100",
        "Complete combat results table  · 1d6/2d6",
        "Cover",
    ] {
        h.get_by_label(table);
    }
    // Dark forces, the first table: every row's exact chance, before any roll.
    // 1 and 10: 1/10 each; 2-5: 2/5; 6-7 and 8-9: 1/5 each.
    assert_eq!(h.query_all_by_label("1/10  (10.0 %)").count(), 2);
    h.get_by_label("2/5  (40.0 %)");
    assert_eq!(h.query_all_by_label("1/5  (20.0 %)").count(), 2);
    assert!(h.state().tables.history.is_empty());
}

#[test]
fn searching_should_keep_only_matching_tables() {
    let mut a = app(Lang::En);
    a.tables.query = "illness".into();
    let mut h = harness(a);
    h.run();
    h.get_by_label("A leader's illness  · 1d10");
    assert!(h.query_by_label("Events table  · 1d100").is_none());
    assert!(h.query_by_label("Dark Forces  · 1d10").is_none());
}

#[test]
fn clicking_a_table_should_show_its_inputs() {
    let mut h = harness(app(Lang::En));
    h.run();
    h.get_by_label_contains("Complete combat results table")
        .click();
    h.run();
    let selected = h.state().tables.selected.clone();
    assert_eq!(
        selected,
        Some(("dragon_rage".to_string(), "combat".to_string()))
    );
    // The inputs are fields labelled with their names.
    assert!(h.query_all_by_label("Attacker strength").count() >= 1);
    assert!(h.query_all_by_label("Defender strength").count() >= 1);
}

#[test]
fn a_lookup_should_show_its_result_and_the_chance_it_destroys_or_hits() {
    let a = on_table(
        Lang::En,
        "dragon_rage/combat",
        &[InputValue::Number(12), InputValue::Number(3)],
    );
    let mut h = harness(a);
    h.run();
    h.get_by_label("Hit on 3+ with 1d6");
    h.get_by_label("2/3  (66.7 %)");
    h.get_by_label("1/3  (33.3 %)");
    h.get_by_label("0/1  (0.0 %)");
}

#[test]
fn rolling_with_a_seed_should_show_every_die_as_the_cli_rolls_it() {
    let values = [InputValue::Number(12), InputValue::Number(3)];
    let mut a = on_table(Lang::En, "dragon_rage/combat", &values);
    a.tables.seed_text = "11".into();
    let mut h = harness(a);
    h.run();
    h.get_by_label("🎲 Roll").click();
    h.run();
    let set = PackSet::shipped(&RuleSet::builtin().expect("rules"));
    let (pack, t) = set.find("dragon_rage/combat").expect("combat");
    let want = t
        .roll(pack, 0, &values, &mut Roller::seeded(11))
        .expect("roll")
        .lines(pack, Lang::En, false);
    let shown = h.state().tables.history[0].clone();
    assert_eq!(shown.lines, want);
    assert_eq!((shown.seed, shown.nth), (11, 1));
    assert!(want[0].contains("1d6 ["), "the die is shown: {want:?}");
    // Under the button and in the history.
    assert_eq!(h.query_all_by_label(&want[0]).count(), 2);
}

#[test]
fn an_event_00_should_show_its_illness_roll_too() {
    let mut a = on_table(Lang::Es, "crisis/events", &[]);
    // Seed 29 rolls 100 (00) on the d100, as `impia table roll crisis/events --seed 29`.
    a.tables.seed_text = "29".into();
    let mut h = harness(a);
    h.run();
    h.get_by_label("🎲 Tirar").click();
    h.run();
    let shown = h.state().tables.history[0].lines.clone();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(
        shown[0].starts_with("1d100 [100] = 100 → 00: Enfermedad de un líder"),
        "{shown:?}"
    );
    assert!(
        shown[1].starts_with("Enfermedad de un líder: 1d10 ["),
        "{shown:?}"
    );
}

#[test]
fn ticking_a_modifier_should_change_the_odds() {
    // Trolls climbing: 5+ on 1d6; +1 with no enemy adjacent.
    let a = on_table(
        Lang::En,
        "dragon_rage/climb_break",
        &[InputValue::Choice(4), InputValue::Choice(0)],
    );
    let mut h = harness(a);
    h.run();
    h.get_by_label("Succeeds on 5+ with 1d6");
    h.get_by_label("1/3  (33.3 %)");
    h.get_by_label("No enemy adjacent (+1 to climb) (+1)")
        .click();
    h.run();
    // Succeeds and fails alike.
    assert_eq!(h.query_all_by_label("1/2  (50.0 %)").count(), 2);
}

#[test]
fn an_input_outside_the_table_should_say_how_it_was_read() {
    let a = on_table(
        Lang::En,
        "dragon_rage/combat",
        &[InputValue::Number(40), InputValue::Number(25)],
    );
    let mut h = harness(a);
    h.run();
    h.get_by_label("Hit on 6+ with 1d6");
    h.get_by_label_contains("outside the table: 7 − 40/25 rounded down = 6");
}

#[test]
fn a_broken_pack_folder_should_list_its_errors_and_keep_the_rest() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "weather.yaml",
        "pack: weather\nname: Weather\ntables:\n  - id: w\n    name: Weather\n    dice: 1d6\n    rows:\n      - {range: 1-4, text: Sun}\n      - {range: \"6\", text: Storm}\n",
    );
    let mut a = app(Lang::En);
    a.tables.add_folder(dir.path(), &a.rules);
    let mut h = harness(a);
    h.run();
    h.get_by_label("⚠ Packs with errors (not loaded):");
    let file = dir.path().join("weather.yaml").display().to_string();
    h.get_by_label_contains(&format!("{file}:7:5: table 'w' has a gap: no row for 5"));
    // The shipped packs are still there.
    h.get_by_label("Events table  · 1d100");
}

#[test]
fn a_folder_of_tables_should_become_a_pack_in_the_list() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "omens.yaml",
        "id: omens\nname: {es: Augurios, en: Omens}\ndice: 1d6\nrows:\n  - {range: 1-3, text: {es: Malo, en: Bad omen}}\n  - {range: 4-6, text: {es: Bueno, en: Good omen}}\n",
    );
    let mut a = app(Lang::En);
    a.tables.add_folder(dir.path(), &a.rules);
    let mut h = harness(a);
    h.run();
    assert!(h.query_by_label_contains("(yours)").is_some());
    h.get_by_label("Omens  · 1d6").click();
    h.run();
    let (p, t) = h
        .state()
        .tables
        .current()
        .map(|(p, t)| (p.id.clone(), t.id.clone()))
        .expect("selected");
    assert_eq!(t, "omens");
    assert!(!p.is_empty());
    assert_eq!(h.query_all_by_label("1/2  (50.0 %)").count(), 2);
}

#[test]
fn opening_a_folder_again_should_pick_up_the_fix() {
    let dir = tempfile::tempdir().expect("temp dir");
    let broken = "pack: weather\nname: Weather\ntables:\n  - id: w\n    name: Weather\n    dice: 1d6\n    rows:\n      - {range: 1-4, text: Sun}\n      - {range: \"6\", text: Storm}\n";
    write(dir.path(), "weather.yaml", broken);
    let mut a = app(Lang::En);
    a.tables.add_folder(dir.path(), &a.rules);
    assert_eq!(a.tables.packs.as_ref().map(|s| s.problems.len()), Some(1));
    write(dir.path(), "weather.yaml", &broken.replace("\"6\"", "5-6"));
    a.tables.add_folder(dir.path(), &a.rules);
    let set = a.tables.packs.as_ref().expect("packs");
    assert!(set.problems.is_empty(), "{:?}", set.problems);
    assert!(set.pack("weather").is_some());
    assert_eq!(a.tables.opened.len(), 1);
    let mut h = harness(a);
    h.run();
    h.get_by_label("Weather  · 1d6");
    assert!(h.query_by_label_contains("Packs with errors").is_none());
}
