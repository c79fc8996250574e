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
/// On a narrow screen (issue 37) five columns a row, so it fits a phone.
pub fn profile_grid(ui: &mut egui::Ui, id: &str, l: Lang, stats: &Stats, extra: &[(&str, String)]) {
    let cells: Vec<(&str, String)> = stat_names(l)
        .into_iter()
        .zip(stat_values(stats).map(|v| v.to_string()))
        .chain(extra.iter().cloned())
        .collect();
    let (per_row, gap) = if crate::ui::style::narrow(ui) {
        (5, 8.0)
    } else {
        (fitting_per_row(ui, &cells, 14.0), 14.0)
    };
    egui::Grid::new(id)
        .striped(true)
        .spacing([gap, 4.0])
        .show(ui, |ui| {
            for row in cells.chunks(per_row.max(1)) {
                for (name, _) in row {
                    ui.label(egui::RichText::new(*name).small().strong());
                }
                ui.end_row();
                for (_, v) in row {
                    ui.label(
                        egui::RichText::new(v)
                            .size(crate::ui::style::SIZE_RESULT)
                            .strong(),
                    );
                }
                ui.end_row();
            }
        });
}

/// Issue 37: as many cells a row as fit the width there is (a tablet
/// upright has a narrow centre), in rows of even length: each column as
/// wide as its widest name or value.
fn fitting_per_row(ui: &egui::Ui, cells: &[(&str, String)], gap: f32) -> usize {
    let measure = |text: egui::RichText| {
        egui::WidgetText::from(text)
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Body,
            )
            .size()
            .x
    };
    let widths: Vec<f32> = cells
        .iter()
        .map(|(name, v)| {
            let name = measure(egui::RichText::new(*name).small().strong());
            let value = measure(
                egui::RichText::new(v)
                    .size(crate::ui::style::SIZE_RESULT)
                    .strong(),
            );
            name.max(value)
        })
        .collect();
    let room = ui.available_width();
    for rows in 1..=cells.len() {
        let per_row = cells.len().div_ceil(rows);
        let width: f32 = (0..per_row)
            .map(|col| {
                widths
                    .iter()
                    .skip(col)
                    .step_by(per_row)
                    .fold(0.0_f32, |a, b| a.max(*b))
            })
            .sum::<f32>()
            + gap * (per_row - 1) as f32;
        if width <= room {
            return per_row;
        }
    }
    1
}
