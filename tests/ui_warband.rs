//! The Warband view's papercuts (issue 13): ticking never moves what is
//! below, spell fields show their text, default names follow the UI language,
//! every problem cites a rule.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use impia::core::roster::{Model, Spell};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::warband::{SPELL_NAME_WIDTH, SPELL_TEXT_MIN_WIDTH};
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

/// The rects of every checkbox and radio whose label contains " pts".
fn choice_rects(h: &Harness<'_, ImpiaApp>) -> Vec<(String, egui::Rect)> {
    h.query_all_by_label_contains(" pts")
        .filter_map(|n| {
            let label = n.accesskit_node().label()?;
            // Only the choices of the editor: "Name · 10 pts".
            label.contains(" · ").then(|| (label, n.rect()))
        })
        .collect()
}

#[test]
fn ticking_an_upgrade_should_not_move_the_checkboxes_below() {
    let mut h = harness(app(Lang::En));
    h.run();
    let before = choice_rects(&h);
    assert!(before.len() > 20, "{before:?}");
    // The starter's Leader is a hero: Agile adds a rule line and a weapon
    // line would too; neither may push anything.
    h.get_by_label("Agile · 10 pts").click();
    h.run();
    h.get_by_label("Small blade · 6 pts · Cb+0 St+1 P2").click();
    h.run();
    let after = choice_rects(&h);
    assert_eq!(before.len(), after.len());
    for ((label, a), (_, b)) in before.iter().zip(&after) {
        assert!(
            (a.min - b.min).length() < 0.5,
            "{label} moved from {a:?} to {b:?}"
        );
    }
    // The click aimed at Inspiring ticks Inspiring, not the one below it.
    h.get_by_label("Inspiring · 10 pts").click();
    h.run();
    let m = &h.state().warband.doc.roster.models[0];
    assert_eq!(
        m.upgrades,
        vec!["agile".to_string(), "inspiring".to_string()]
    );
    assert!(m.weapons.contains(&"small_blade".to_string()));
}

#[test]
fn spell_fields_should_be_wide_enough_for_their_text() {
    let mut a = app(Lang::En);
    a.warband.doc.edit(|r| {
        r.models.push(Model {
            name: "Hermana Úrsula".into(),
            troop: "sorcerer".into(),
            spells: vec![Spell {
                effect: Default::default(),
                name: "Niebla del Cenagal Rojo".into(),
                level: 1,
                cost: 1,
                text: "Una miniatura enemiga a 15 cm gana 1 marcador de Pavor.".into(),
                hit: None,
            }],
            ..Default::default()
        });
    });
    a.warband.selected = 1;
    let mut h = harness(a);
    h.run();
    // The field's node and its text's node both carry the value: the field
    // is the wider.
    let width = |value: &str| {
        h.query_all_by_value(value)
            .map(|n| n.rect().width())
            .fold(0.0_f32, f32::max)
    };
    let name = width("Niebla del Cenagal Rojo");
    assert!(name >= SPELL_NAME_WIDTH - 1.0, "name field {name}");
    let text = width("Una miniatura enemiga a 15 cm gana 1 marcador de Pavor.");
    assert!(text >= SPELL_TEXT_MIN_WIDTH - 1.0, "effect field {text}");
}

#[test]
fn r38_a_spell_hit_is_entered_in_the_spell_editor() {
    let mut a = app(Lang::Es);
    a.warband.doc.edit(|r| {
        r.models.push(Model {
            name: "Hermana Úrsula".into(),
            troop: "sorcerer".into(),
            spells: vec![Spell {
                effect: Default::default(),
                name: "Rayo".into(),
                level: 1,
                cost: 1,
                text: String::new(),
                hit: None,
            }],
            ..Default::default()
        });
    });
    a.warband.selected = 1;
    let mut h = harness(a);
    h.run();
    let fields = |h: &Harness<'static, ImpiaApp>| h.query_all_by_label("Penetración").count();
    let before = fields(&h);
    h.get_by_label("Impacto:").scroll_to_me();
    h.run();
    h.get_by_label("Impacto:").click();
    h.run();
    let hit = h.state().warband.doc.roster.models[1].spells[0].hit;
    assert_eq!(hit.map(|x| (x.strength, x.penetration)), Some((3, 0)));
    // Its Penetración field shows (Fuerza's too).
    assert_eq!(fields(&h), before + 1);
}

#[test]
fn a_new_warband_in_english_should_have_english_default_names() {
    let mut h = harness(app(Lang::En));
    h.run();
    h.get_by_label("New").click();
    h.run();
    let r = &h.state().warband.doc.roster;
    assert_eq!(r.models[0].name, "Leader");
    assert_eq!(r.totem.as_deref(), Some("Totem"));
    assert!(h.query_by_label("Líder").is_none());
    // And in Spanish, the Spanish ones.
    let mut h = harness(app(Lang::Es));
    h.run();
    h.get_by_label("Nueva").click();
    h.run();
    assert_eq!(h.state().warband.doc.roster.models[0].name, "Líder");
}

#[test]
fn the_points_limit_problem_should_cite_a_rule_not_a_section() {
    let mut a = app(Lang::En);
    a.warband.doc.edit(|r| r.points_limit = Some(10));
    let mut h = harness(a);
    h.run();
    let problem = h.get_by_label_contains("over the limit of 10");
    let label = problem.accesskit_node().label().unwrap_or_default();
    assert!(label.contains("(R40)"), "{label}");
    assert!(!label.contains('§'), "{label}");
}

#[test]
fn duplicate_names_should_cite_the_reading_by_its_title() {
    let mut a = app(Lang::Es);
    a.warband.doc.edit(|r| {
        let twin = r.models[0].clone();
        r.models.push(Model {
            leader: false,
            ..twin
        });
    });
    let mut h = harness(a);
    h.run();
    assert!(
        h.query_all_by_label_contains("lectura «Nombres distintos»")
            .count()
            >= 1
    );
}

/// Issue 37: on a phone (390 points across) the models, the model and the
/// problems are one column, the problems below the models and inside the
/// screen; a 1280-point window keeps the side panels.
#[test]
fn a_phone_screen_should_stack_the_warband_in_one_column() {
    let mut h = Harness::builder()
        .with_size([390.0, 844.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app(Lang::En));
    h.run();
    // The collapsing header and its body's heading both say "Models".
    let models = h.get_all_by_label("Models").next().expect("models").rect();
    let problems = h.get_by_label("Problems and record").rect();
    assert!(problems.top() > models.bottom(), "{models:?} {problems:?}");
    assert!(problems.right() <= 391.0, "{problems:?} off the screen");
    // The editor too: the gear under the weapons, the profile's last
    // column and the toolbar's last button inside the screen.
    let melee = h.get_by_label("Melee weapons").rect();
    // "Armour" heads a profile column too: the gear's is the lowest.
    let armour = h
        .get_all_by_label("Armour")
        .map(|n| n.rect())
        .max_by(|a, b| a.top().total_cmp(&b.top()))
        .expect("the gear's armour");
    assert!(armour.top() > melee.bottom(), "{melee:?} {armour:?}");
    // The total does not cover the limit (a right-aligned total did).
    let total = h.get_by_label_contains(" / 200 pts").rect();
    let limit = h.get_by_label("Limit:").rect();
    assert!(!total.intersects(limit), "{total:?} over {limit:?}");
    for r in [
        total,
        armour,
        h.get_by_label("Move").rect(),
        h.get_by_label("Paste roster…").rect(),
    ] {
        assert!(r.right() <= 391.0, "{r:?} off the screen");
    }
    let mut wide = harness(app(Lang::En));
    wide.run();
    assert!(wide.query_by_label("Problems and record").is_none());
}

/// Issue 37: on a tablet upright (800 points across) the editor between
/// the two side panels is about 410 points wide: its profile's last
/// columns, the armour's names, the Leader box and the model's cost were
/// drawn under the problems panel, cut. Everything of the editor now ends
/// before that panel, in both languages; the total never covers the limit.
#[test]
fn a_tablet_upright_should_fit_the_editor_between_its_panels() {
    for (lang, valid, moves, leather, leader, limit) in [
        (
            Lang::En,
            "Valid warband",
            "Move",
            "Leather or scales",
            "Leader",
            "Limit:",
        ),
        (
            Lang::Es,
            "Banda válida",
            "Mov.",
            "Cuero o escamas",
            "Líder",
            "Límite:",
        ),
    ] {
        let mut h = Harness::builder()
            .with_size([800.0, 1280.0])
            .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app(lang));
        h.run();
        let edge = h.get_by_label_contains(valid).rect().left();
        let lowest = |label: &str| {
            h.get_all_by_label_contains(label)
                .map(|n| n.rect())
                .max_by(|a, b| a.top().total_cmp(&b.top()))
                .expect(label)
        };
        let cost = h
            .get_all_by_label("52 pts")
            .map(|n| n.rect())
            .max_by(|a, b| a.left().total_cmp(&b.left()))
            .expect("the model's cost");
        for r in [lowest(moves), lowest(leather), lowest(leader), cost] {
            assert!(
                r.right() <= edge,
                "{lang:?}: {r:?} under the panel at {edge}"
            );
        }
        let total = h.get_by_label_contains(" / 200 pts").rect();
        let limit = h.get_by_label(limit).rect();
        assert!(!total.intersects(limit), "{total:?} over {limit:?}");
        assert!(total.right() <= 800.0, "{total:?} off the screen");
    }
}
