//! The model list: add, duplicate, remove and reorder models, and one card
//! per model with its troop, cost and a mark when it breaks a rule.

use crate::core::roster::{Model, Roster, RosterReport};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// The list of models of `roster`; `selected` is the model being edited.
pub fn model_list_ui(
    ui: &mut egui::Ui,
    rules: &RuleSet,
    l: Lang,
    report: &RosterReport,
    roster: &mut Roster,
    selected: &mut usize,
) {
    ui.heading(l.pick("Miniaturas", "Models"));
    ui.horizontal_wrapped(|ui| buttons_ui(ui, rules, l, roster, selected));
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (i, m) in roster.models.iter().enumerate() {
            let cost = report.models.get(i).map_or(0, |r| r.cost);
            let broken = report.problems_of(i).next().is_some();
            let troop = rules
                .troop(&m.troop)
                .map_or(m.troop.as_str(), |t| t.name.get(l));
            let title = card_title(ui, m, troop, cost, broken);
            let resp = ui.add_sized(
                [ui.available_width(), 40.0],
                // The empty right text pushes the title to the left edge.
                egui::Button::selectable(*selected == i, title).right_text(""),
            );
            if resp.clicked() {
                *selected = i;
            }
        }
    });
}

fn buttons_ui(
    ui: &mut egui::Ui,
    rules: &RuleSet,
    l: Lang,
    roster: &mut Roster,
    selected: &mut usize,
) {
    ui.menu_button(l.pick("➕ Añadir", "➕ Add"), |ui| {
        for t in &rules.troops {
            if ui
                .button(format!("{} ({} pts)", t.name.get(l), t.cost))
                .clicked()
            {
                let name = unique_name(roster, t.name.get(l));
                roster.models.push(Model {
                    name,
                    troop: t.id.clone(),
                    ..Default::default()
                });
                *selected = roster.models.len() - 1;
                ui.close();
            }
        }
    });
    let n = roster.models.len();
    let i = *selected;
    let has = i < n;
    if ui
        .add_enabled(has, egui::Button::new(l.pick("Duplicar", "Duplicate")))
        .clicked()
        && let Some(m) = roster.models.get(i)
    {
        let mut m = m.clone();
        m.name = unique_name(roster, &m.name);
        m.leader = false;
        roster.models.insert(i + 1, m);
        *selected = i + 1;
    }
    if ui
        .add_enabled(has, egui::Button::new(l.pick("Quitar", "Remove")))
        .clicked()
    {
        roster.models.remove(i);
        *selected = i.min(roster.models.len().saturating_sub(1));
    }
    if ui
        .add_enabled(has && i > 0, egui::Button::new("↑"))
        .on_hover_text(l.pick("Subir", "Move up"))
        .clicked()
    {
        roster.models.swap(i, i - 1);
        *selected = i - 1;
    }
    if ui
        .add_enabled(has && i + 1 < n, egui::Button::new("↓"))
        .on_hover_text(l.pick("Bajar", "Move down"))
        .clicked()
    {
        roster.models.swap(i, i + 1);
        *selected = i + 1;
    }
}

/// "⚠ ★ Name" over "Troop · cost pts".
fn card_title(
    ui: &egui::Ui,
    m: &Model,
    troop: &str,
    cost: u32,
    broken: bool,
) -> egui::text::LayoutJob {
    let mut title = egui::text::LayoutJob::default();
    let body = ui
        .style()
        .text_styles
        .get(&egui::TextStyle::Body)
        .cloned()
        .unwrap_or_default();
    let strong = ui.visuals().strong_text_color();
    let weak = ui.visuals().weak_text_color();
    if broken {
        title.append(
            "⚠ ",
            0.0,
            egui::TextFormat::simple(body.clone(), ui.visuals().error_fg_color),
        );
    }
    if m.leader {
        title.append(
            "★ ",
            0.0,
            egui::TextFormat::simple(body.clone(), crate::ui::style::LEADER_STAR),
        );
    }
    title.append(&m.name, 0.0, egui::TextFormat::simple(body.clone(), strong));
    title.append(
        &format!("\n{troop} · {cost} pts"),
        0.0,
        egui::TextFormat::simple(body, weak),
    );
    title
}

/// "Guerrero 2", "Guerrero 3", … so that new models never share a name.
pub fn unique_name(r: &Roster, base: &str) -> String {
    let base = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
    let taken = |n: &str| r.models.iter().any(|m| m.name == n);
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|k| format!("{base} {k}"))
        .find(|n| !taken(n))
        .unwrap_or_else(|| base.to_string())
}
