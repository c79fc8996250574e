//! UI tests driving the real views with egui_kittest: what a player clicks,
//! what the app then shows.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::dice::{CheckSpec, Roller, roll_check};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn app(lang: Lang) -> ImpiaApp {
    let prefs = Prefs {
        lang,
        dark: true,
        last_roster: None,
        last_game: None,
        view: View::Warband,
        ui_scale: 1.0,
    };
    ImpiaApp::with_rules(prefs, RuleSet::builtin().expect("tables"))
}

fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

#[test]
fn building_a_hero_by_clicking_should_show_its_cost_and_profile() {
    let mut h = harness(app(Lang::Es));
    h.run();
    h.get_by_label("➕ Añadir").click();
    h.run();
    h.get_by_label("Héroe (40 pts)").click();
    h.run();
    h.get_by_label_contains("Filo medio ·").click();
    h.run();
    h.get_by_label("Ágil · 10 pts").click();
    h.run();
    // The new hero: 40 + 12 + 10.
    h.get_by_label("62 pts");
    // The starter leader (52) plus the new hero.
    h.get_by_label("114 / 200 pts");
    let app = h.state();
    let m = &app.warband.doc.roster.models[1];
    assert_eq!(m.troop, "hero");
    assert_eq!(m.weapons, vec!["medium_blade".to_string()]);
    assert_eq!(m.upgrades, vec!["agile".to_string()]);
    // Agile shows in the profile grid as Agility 7.
    assert!(h.query_all_by_label("7").count() >= 1);
}

#[test]
fn breaking_a_restriction_should_list_the_problem() {
    let mut h = harness(app(Lang::En));
    h.run();
    h.get_by_label_contains("Heavy blade ·").click();
    h.run();
    h.get_by_label("Shield · 6 pts").click();
    h.run();
    // Heavy blade with the starter's medium blade and a shield: two R34 problems.
    let problems = h.query_all_by_label_contains("(R34)").count();
    assert!(problems >= 2, "expected R34 problems, found {problems}");
    h.get_by_label_contains("Problems (");
}

#[test]
fn clicking_a_problem_should_select_its_model() {
    let mut app = app(Lang::En);
    app.warband.doc.edit(|r| {
        r.models.push(impia::core::roster::Model {
            name: "Grunt".into(),
            troop: "warrior".into(),
            upgrades: vec!["agile".into()],
            ..Default::default()
        });
    });
    let mut h = harness(app);
    h.run();
    assert_eq!(h.state().warband.selected, 0);
    h.get_by_label_contains("Grunt (R42)").click();
    h.run();
    assert_eq!(h.state().warband.selected, 1);
}

#[test]
fn switching_language_should_change_labels() {
    let mut h = harness(app(Lang::Es));
    h.run();
    h.get_by_label("Crear una banda");
    assert!(h.query_by_label("Build a warband").is_none());
    h.get_by_label("English").click();
    h.run();
    h.get_by_label("Build a warband");
    h.get_by_label("Melee weapons");
    assert!(h.query_by_label("Crear una banda").is_none());
    assert_eq!(h.state().prefs.lang, Lang::En);
}

#[test]
fn undo_should_revert_the_last_edit() {
    let mut h = harness(app(Lang::En));
    h.run();
    h.get_by_label("Shield · 6 pts").click();
    h.run();
    assert_eq!(h.state().warband.doc.roster.models[0].equipment.len(), 1);
    h.get_by_label("↶ Undo").click();
    h.run();
    assert!(h.state().warband.doc.roster.models[0].equipment.is_empty());
    h.get_by_label("↷ Redo").click();
    h.run();
    assert_eq!(h.state().warband.doc.roster.models[0].equipment.len(), 1);
}

#[test]
fn rolling_with_a_seed_should_show_the_seeded_result() {
    let mut a = app(Lang::En);
    a.prefs.view = View::Dice;
    a.dice.seed_text = "42".into();
    let mut h = harness(a);
    h.run();
    // The exact odds of the default check (value 5) are shown before rolling.
    h.get_by_label("Success: 1/2  (50.0 %)");
    h.get_by_label("🎲 Roll").click();
    h.run();
    let expected = roll_check(&mut Roller::seeded(42), CheckSpec::new(5));
    let shown = h.state().dice.last.clone().unwrap_or_default();
    // The core's sentence (issue 34), the same the CLI prints.
    assert_eq!(shown, expected.words(Lang::En));
    assert!(
        shown.starts_with(&format!("d10 {} ", expected.d10.value)),
        "{shown}"
    );
    let verdict = if expected.success {
        "SUCCESS"
    } else {
        "FAILURE"
    };
    assert!(shown.ends_with(verdict), "{shown}");
    // Shown large under the button and as the newest history entry.
    assert_eq!(h.query_all_by_label(&shown).count(), 2);
}

#[test]
fn a_seed_that_is_no_number_should_be_flagged_not_ignored() {
    let warning = "⚠ not a seed (a whole number from 0): rolls are random";
    let mut a = app(Lang::En);
    a.prefs.view = View::Dice;
    a.dice.seed_text = "42".into();
    let mut h = harness(a);
    h.run();
    assert!(h.query_by_label(warning).is_none());
    h.state_mut().dice.seed_text = "-3".into();
    h.run();
    h.get_by_label(warning);
}

#[test]
fn the_reference_should_filter_rules_by_search() {
    let mut a = app(Lang::En);
    a.prefs.view = View::Reference;
    a.reference.query = "nightmare creatures".into();
    let mut h = harness(a);
    h.run();
    assert!(h.query_by_label_contains("R38 ·").is_some());
    assert!(h.query_by_label_contains("R01 ·").is_none());
}

/// Issue 37: on a phone (390 points) the reference's tabs wrap: one row
/// wider than the screen widened the rules' text under it, which was cut
/// at the screen's edge.
#[test]
fn a_phone_should_show_the_reference_within_the_screen() {
    let mut a = app(Lang::En);
    a.prefs.view = View::Reference;
    let mut h = Harness::builder()
        .with_size([390.0, 844.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), a);
    h.run();
    for label in ["Upgrades", "Armour and equipment"] {
        let r = h.get_by_label(label).rect();
        assert!(r.right() <= 390.0, "{label}: {r:?} off the screen");
    }
    let rule = h.get_by_label_contains("Roll 1d10").rect();
    assert!(rule.right() <= 390.0, "{rule:?} off the screen");
    // The dice's seed keeps its width (squeezed to two letters, it was).
    h.state_mut().prefs.view = View::Dice;
    h.run();
    let seed = h.get_by_label("Seed:").rect();
    let field = h
        .get_all_by_role(egui::accesskit::Role::TextInput)
        .map(|n| n.rect())
        .find(|r| r.top() >= seed.top() - 20.0 && r.left() >= seed.left())
        .expect("the seed's field");
    assert!(field.width() >= 80.0 && field.right() <= 390.0, "{field:?}");
}

#[test]
fn f1_should_open_the_reference() {
    let mut h = harness(app(Lang::En));
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    assert_eq!(h.state().prefs.view, View::Reference);
}
