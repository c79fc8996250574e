//! The selected model's editor: name, troop and Leader, the derived profile,
//! a fixed-height box with its weapon lines, special rules and problems, then
//! the choices (weapons | armour, equipment, upgrades), spells and notes.
//!
//! Nothing above a checkbox changes height when a box is ticked: what a
//! choice adds (a weapon line, an upgrade's rule, a problem) goes into the
//! fixed-height box, which scrolls, so the next click lands where the eye
//! aimed (issue 13: a click meant for *Inspiring* ticked *Cruel*).

use crate::core::glossary;
use crate::core::roster::{self, Model, RosterReport};
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::Lang;

use super::sections::{gear_ui, spells_ui, upgrades_ui, weapons_ui};
use crate::ui::widgets::profile_grid;

/// Text lines the details box always takes, whatever it holds.
pub const DETAILS_LINES: f32 = 6.0;

/// Narrower than this (points), the weapons and the gear are one column:
/// two columns cut the armour's names (the editor is 410 points wide on a
/// tablet upright).
const TWO_COLUMNS: f32 = 560.0;

/// About the troop's label and list together (points).
const TROOP_WIDTH: f32 = 170.0;

pub fn editor_ui(
    ui: &mut egui::Ui,
    rules: &RuleSet,
    l: Lang,
    report: &RosterReport,
    m: &mut Model,
    i: usize,
) {
    let cost = report.models.get(i).map_or(0, |r| r.cost);
    crate::ui::style::row(ui, |ui| {
        let lbl = ui.label(l.pick("Nombre:", "Name:"));
        ui.add(egui::TextEdit::singleline(&mut m.name).desired_width(220.0))
            .labelled_by(lbl.id);
        if ui.layout().main_wrap() && ui.available_width() < TROOP_WIDTH {
            // A wrapped row keeps the troop's label with its list.
            ui.end_row();
        }
        let troop_lbl = ui.label(l.pick("Tropa:", "Troop:"));
        let current = rules
            .troop(&m.troop)
            .map_or(m.troop.clone(), |t| t.name.get(l).to_string());
        egui::ComboBox::from_id_salt("troop")
            .selected_text(current)
            .show_ui(ui, |ui| {
                for t in &rules.troops {
                    ui.selectable_value(
                        &mut m.troop,
                        t.id.clone(),
                        format!("{} ({} pts)", t.name.get(l), t.cost),
                    );
                }
            })
            .response
            .labelled_by(troop_lbl.id);
        ui.checkbox(&mut m.leader, crate::core::glossary::LEADER.get(l));
        ui.label(
            egui::RichText::new(format!("{cost} pts"))
                .size(crate::ui::style::SIZE_RESULT)
                .strong(),
        );
    });
    ui.add_space(4.0);
    if let Some(mr) = report.models.get(i) {
        profile_view(ui, l, &mr.profile);
        details_ui(ui, l, report, &mr.profile, i);
    }
    ui.separator();
    if crate::ui::style::narrow(ui) || ui.available_width() < TWO_COLUMNS {
        // Issue 37: on a phone, or where the editor is narrow (a tablet
        // upright), the weapons, then the gear, in one column.
        weapons_ui(ui, rules, l, m);
        gear_ui(ui, rules, l, m);
        ui.add_space(6.0);
        upgrades_ui(ui, rules, l, m);
    } else {
        ui.columns(2, |cols| {
            weapons_ui(&mut cols[0], rules, l, m);
            gear_ui(&mut cols[1], rules, l, m);
            cols[1].add_space(6.0);
            upgrades_ui(&mut cols[1], rules, l, m);
        });
    }
    spells_ui(ui, rules, l, m);
    ui.separator();
    let notes_lbl = ui.label(l.pick("Notas:", "Notes:"));
    ui.add(
        egui::TextEdit::multiline(&mut m.notes)
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    )
    .labelled_by(notes_lbl.id);
}

fn profile_view(ui: &mut egui::Ui, l: Lang, p: &roster::Profile) {
    let dp = if p.own_dp > 0 {
        format!("{} (+{})", p.dp, p.own_dp)
    } else {
        p.dp.to_string()
    };
    profile_grid(
        ui,
        "profile",
        l,
        &p.stats,
        &[
            (glossary::DP.get(l), dp),
            (glossary::ARMOUR.get(l), p.armour.to_string()),
            (glossary::MOVE.get(l), format!("{} cm", p.movement_cm)),
        ],
    );
}

/// The model's problems, weapon lines and special rules in a box of fixed
/// height that scrolls when they are more than it shows.
fn details_ui(ui: &mut egui::Ui, l: Lang, report: &RosterReport, p: &roster::Profile, i: usize) {
    let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let height = row * DETAILS_LINES;
    let width = ui.available_width();
    let frame = egui::Frame::group(ui.style()).inner_margin(4.0);
    frame.show(ui, |ui| {
        ui.set_min_size(egui::vec2(width - 10.0, height));
        ui.set_max_height(height);
        egui::ScrollArea::vertical()
            .id_salt("model_details")
            .auto_shrink([false, false])
            .max_height(height)
            .show(ui, |ui| details_lines(ui, l, report, p, i));
    });
}

fn details_lines(ui: &mut egui::Ui, l: Lang, report: &RosterReport, p: &roster::Profile, i: usize) {
    for pr in report.problems_of(i) {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("⚠ ({}) {}", pr.cite.get(l), pr.message.get(l)),
        );
    }
    for w in &p.melee {
        ui.label(format!(
            "⚔ {}{}: {} {} · {} {} · {} {}",
            w.name.get(l),
            if w.carried {
                ""
            } else {
                l.pick(" (sin coste)", " (free)")
            },
            glossary::stat(Stat::Combat).get(l),
            w.combat,
            glossary::stat(Stat::Strength).get(l),
            w.strength,
            glossary::PENETRATION.get(l),
            w.penetration
        ));
    }
    for w in &p.ranged {
        let per = |v: [i32; 3]| {
            if v[0] == v[1] && v[1] == v[2] {
                v[0].to_string()
            } else {
                format!("{}/{}/{}", v[0], v[1], v[2])
            }
        };
        ui.label(format!(
            "🎯 {}: {} {}/{}/{} cm · {} {} · {} {}",
            w.name.get(l),
            glossary::RANGE.get(l),
            w.range_cm[0],
            w.range_cm[1],
            w.range_cm[2],
            glossary::stat(Stat::Strength).get(l),
            per(w.strength),
            glossary::PENETRATION.get(l),
            per(w.penetration)
        ));
    }
    for t in &p.rules {
        ui.label(format!("• {}", t.get(l)));
    }
}
