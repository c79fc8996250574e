//! Small pieces shared by the views.

use crate::core::tables::{Stat, Stats};
use crate::core::text::Lang;

/// The six stat abbreviations as the summary's profile line prints them.
pub fn stat_labels(l: Lang) -> [&'static str; 6] {
    Stat::ALL.map(|s| s.abbrev(l))
}

/// Full stat names.
pub fn stat_names(l: Lang) -> [&'static str; 6] {
    Stat::ALL.map(|s| s.name(l))
}

pub fn stat_values(s: &Stats) -> [i32; 6] {
    [
        s.agility,
        s.combat,
        s.accuracy,
        s.strength,
        s.toughness,
        s.courage,
    ]
}

/// A profile as a grid: the summary's column heads over the values.
pub fn profile_grid(ui: &mut egui::Ui, id: &str, l: Lang, stats: &Stats, extra: &[(&str, String)]) {
    egui::Grid::new(id)
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for name in stat_names(l) {
                ui.label(egui::RichText::new(name).small().strong());
            }
            for (name, _) in extra {
                ui.label(egui::RichText::new(*name).small().strong());
            }
            ui.end_row();
            for v in stat_values(stats) {
                ui.label(
                    egui::RichText::new(v.to_string())
                        .size(crate::ui::style::SIZE_RESULT)
                        .strong(),
                );
            }
            for (_, v) in extra {
                ui.label(
                    egui::RichText::new(v)
                        .size(crate::ui::style::SIZE_RESULT)
                        .strong(),
                );
            }
            ui.end_row();
        });
}

/// The advantage or complication d3s of a roll (R04), the kept one in
/// brackets: " ventaja d3 [2] 1 → +2". Empty when none were rolled.
pub fn edge_text(l: Lang, e: &crate::core::dice::EdgeRoll) -> String {
    if e.dice.is_empty() {
        return String::new();
    }
    let dice: Vec<String> = e
        .dice
        .iter()
        .map(|d| {
            if d.kept {
                format!("[{}]", d.value)
            } else {
                d.value.to_string()
            }
        })
        .collect();
    format!(
        " {} d3 {} → {:+}",
        if e.net > 0 {
            l.pick("ventaja", "advantage")
        } else {
            l.pick("complicación", "complication")
        },
        dice.join(" "),
        e.value
    )
}
