//! The chance of each outcome and a lookup's grid, as egui grids.

use crate::core::packs::roll::{OutcomeOdds, key_text, row_label};
use crate::core::packs::{Body, Key, LookupBody, Pack, PackTable};
use crate::core::text::Lang;

/// The chance of each outcome: fraction and percent; for a roll table the
/// row last rolled picked out, and the table a row sends to.
pub(super) fn odds_ui(
    ui: &mut egui::Ui,
    pack: &Pack,
    t: &PackTable,
    list: &[OutcomeOdds],
    rolled: Option<usize>,
    l: Lang,
) {
    let hi = ui.visuals().selection.bg_fill;
    egui::Grid::new("table_odds")
        .striped(true)
        .num_columns(if matches!(t.body, Body::Roll(_)) {
            3
        } else {
            2
        })
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for (i, o) in list.iter().enumerate() {
                let mut then = None;
                if let Body::Roll(rb) = &t.body {
                    let mut key = egui::RichText::new(&o.key).strong();
                    if rolled == Some(i) {
                        key = key.background_color(hi);
                    }
                    ui.label(key);
                    then = rb
                        .rows
                        .get(i)
                        .and_then(|r| r.then.as_deref())
                        .and_then(|id| pack.table(id));
                }
                let zero = *o.odds.0.numer() == 0;
                let odds =
                    egui::RichText::new(format!("{}  ({})", o.odds.exact(), o.odds.percent(l)))
                        .monospace();
                ui.label(if zero { odds.weak() } else { odds.strong() });
                let text = match then {
                    Some(next) => format!(
                        "{}  → {} {}",
                        o.name.get(l),
                        l.pick("tira en", "roll on"),
                        next.name.get(l)
                    ),
                    None => o.name.get(l).to_string(),
                };
                let name = egui::RichText::new(text);
                ui.add(egui::Label::new(if zero { name.weak() } else { name }).wrap());
                ui.end_row();
            }
        });
}

/// A lookup as printed, the cell the inputs cross picked out.
pub(super) fn grid_ui(
    ui: &mut egui::Ui,
    t: &PackTable,
    lk: &LookupBody,
    row: Option<usize>,
    column: Option<usize>,
    l: Lang,
) {
    let hi = ui.visuals().selection.bg_fill;
    if lk.columns.is_empty() {
        egui::Grid::new(("lookup_rows", &t.id))
            .striped(true)
            .num_columns(2)
            .show(ui, |ui| {
                for (i, r) in lk.rows.iter().enumerate() {
                    let key = match &r.key {
                        Key::Choice(_) => crate::core::packs::choice_name(
                            &lk.inputs[0],
                            &key_text(&r.key, &lk.inputs[0]),
                            l,
                        )
                        .unwrap_or("")
                        .to_string(),
                        _ => row_label(lk, i),
                    };
                    let mut k = egui::RichText::new(key).strong();
                    if row == Some(i) {
                        k = k.background_color(hi);
                    }
                    ui.label(k);
                    let text = r
                        .cells
                        .first()
                        .map(|c| c.describe(lk, l))
                        .unwrap_or_default();
                    ui.add(egui::Label::new(text).wrap());
                    ui.end_row();
                }
            });
    } else {
        let col_input = lk.inputs.get(1).unwrap_or(&lk.inputs[0]);
        let columns = match (lk.inputs.get(1), lk.column_dice) {
            (Some(i), _) => i.name.get(l).to_string(),
            (None, Some(d)) => d.to_string(),
            (None, None) => String::new(),
        };
        ui.weak(format!(
            "{}: {} · {}: {columns}",
            l.pick("Filas", "Rows"),
            lk.inputs[0].name.get(l),
            l.pick("Columnas", "Columns")
        ));
        egui::Grid::new(("lookup_grid", &t.id))
            .striped(true)
            .spacing([6.0, 2.0])
            .show(ui, |ui| {
                ui.label("");
                for c in &lk.columns {
                    let label = match c {
                        Key::Choice(_) => {
                            crate::core::packs::choice_name(col_input, &key_text(c, col_input), l)
                                .unwrap_or("")
                                .to_string()
                        }
                        _ => key_text(c, col_input),
                    };
                    ui.label(egui::RichText::new(label).small().strong());
                }
                ui.end_row();
                for (i, r) in lk.rows.iter().enumerate() {
                    let key = match &r.key {
                        Key::Choice(_) => crate::core::packs::choice_name(
                            &lk.inputs[0],
                            &key_text(&r.key, &lk.inputs[0]),
                            l,
                        )
                        .unwrap_or("")
                        .to_string(),
                        _ => key_text(&r.key, &lk.inputs[0]),
                    };
                    ui.label(egui::RichText::new(key).small().strong());
                    for (j, c) in r.cells.iter().enumerate() {
                        let mut text = egui::RichText::new(c.short(lk, l)).monospace();
                        if row == Some(i) && column == Some(j) {
                            text = text.background_color(hi).strong();
                        }
                        ui.label(text).on_hover_text(c.describe(lk, l));
                    }
                    ui.end_row();
                }
            });
    }
    for (code, text) in lk.legend_lines(l) {
        ui.label(format!("{code}: {text}"));
    }
    if let Some(text) = lk.out_of_range.text() {
        ui.add(egui::Label::new(egui::RichText::new(text.get(l)).italics()).wrap());
    }
}
