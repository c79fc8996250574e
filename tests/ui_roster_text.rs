//! The Warband view's *Copiar como texto* and *Pegar banda* (issue 15, item
//! 5), driven with egui_kittest as a player would.

use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable as _};
use impia::core::roster::{load_roster, to_text};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::{ImpiaApp, Prefs, View};

fn harness(lang: Lang) -> Harness<'static, ImpiaApp> {
    let prefs = Prefs {
        lang,
        dark: true,
        last_roster: None,
        last_game: None,
        view: View::Warband,
        ui_scale: 1.0,
    };
    let app = ImpiaApp::with_rules(prefs, RuleSet::builtin().expect("tables"));
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut ImpiaApp| app.show(ui), app)
}

/// Open the paste window and paste `text` into its box.
fn paste(h: &mut Harness<'static, ImpiaApp>, button: &str, prompt: &str, text: &str) {
    h.get_by_label(button).click();
    h.run();
    h.get(
        By::new()
            .role(egui::accesskit::Role::MultilineTextInput)
            .label_contains(prompt),
    )
    .focus();
    h.run();
    h.event(egui::Event::Paste(text.to_string()));
    h.run();
}

#[test]
fn paste_roster_should_replace_the_warband_and_undo_should_bring_it_back() {
    let rules = RuleSet::builtin().expect("tables");
    let jauria = load_roster(
        std::path::Path::new("rosters/jauria-de-la-cienaga.yaml"),
        &rules,
    )
    .expect("example");
    // The text a friend sent in English, pasted into the Spanish UI.
    let text = to_text(&jauria, &rules, Lang::En);
    let mut h = harness(Lang::Es);
    h.run();
    let before = h.state().warband.doc.roster.clone();
    paste(&mut h, "Pegar banda…", "Pega aquí", &text);
    h.get_by_label("Reemplazar la banda").click();
    h.run();
    let now = &h.state().warband.doc.roster;
    assert_eq!(now.name, "Jauría de la Ciénaga Roja");
    assert_eq!(now.models.len(), 5);
    assert_eq!(now.models[2].upgrades, ["wings", "breath"]);
    h.get_by_label("250 / 250 pts");
    // The window closed.
    assert!(h.query_by_label("Reemplazar la banda").is_none());
    h.get_by_label("↶ Deshacer").click();
    h.run();
    assert_eq!(h.state().warband.doc.roster, before);
}

#[test]
fn paste_roster_should_list_bad_lines_and_keep_the_warband() {
    let mut h = harness(Lang::En);
    h.run();
    let before = h.state().warband.doc.roster.clone();
    paste(
        &mut h,
        "Paste roster…",
        "Paste the warband",
        "Band — 40 pts\n1. Ana — Hero — Weapons: Greatsword\nnonsense\n",
    );
    h.get_by_label("Replace the warband").click();
    h.run();
    h.get_by_label_contains("line 2, column 26: «Greatsword» is not among the weapons");
    h.get_by_label_contains("line 3, column 1: «nonsense»");
    assert_eq!(h.state().warband.doc.roster, before);
    assert!(!h.state().warband.doc.can_undo());
    // Cancel closes the window and still changes nothing.
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("Replace the warband").is_none());
    assert_eq!(h.state().warband.doc.roster, before);
}

#[test]
fn copy_as_text_should_put_the_roster_on_the_clipboard() {
    let mut h = harness(Lang::En);
    h.run();
    h.get_by_label("Copy as text").click();
    h.step();
    let copied: Vec<String> = h
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    let rules = RuleSet::builtin().expect("tables");
    let expected = to_text(&h.state().warband.doc.roster, &rules, Lang::En);
    assert_eq!(copied, [expected]);
    assert!(
        copied[0].contains("1. Leader — Hero, Leader — Weapons: Medium blade"),
        "{}",
        copied[0]
    );
    h.run();
    h.get_by_label("✔ Copied");
}
