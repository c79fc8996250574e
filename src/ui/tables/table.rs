//! The table shown: its inputs and modifiers as fields, what they cross,
//! the exact chances and the roll button.

use super::grid::{grid_ui, odds_ui};
use super::{TableState, TablesView, table_ref};
use crate::core::packs::roll::{InputValue, applied_modifier};
use crate::core::packs::{Body, InputKind, LookupBody, PackTable};
use crate::core::text::Lang;
use crate::ui::style;

impl TablesView {
    pub(super) fn table_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some((pack, t)) = self.current() else {
            ui.label(l.pick(
                "Elige una tabla de la lista.",
                "Pick a table from the list.",
            ));
            return;
        };
        let pack = pack.clone();
        let t = t.clone();
        ui.heading(t.name.get(l));
        let mut sub = vec![pack.name.get(l).to_string()];
        if let Some(r) = &t.rule {
            sub.push(r.clone());
        }
        if let Some(d) = t.dice_label() {
            sub.push(d);
        }
        ui.weak(sub.join(" · "));
        if let Some(d) = &t.description {
            ui.add(egui::Label::new(d.get(l)).wrap());
        }
        ui.add_space(4.0);
        let Some(st) = self.state_mut() else {
            return;
        };
        inputs_ui(ui, &t, st, l);
        let st = st.clone();
        let modifier = applied_modifier(&t, &st.mods, &st.values);
        if let Body::Lookup(lk) = &t.body {
            ui.add_space(6.0);
            result_ui(ui, lk, &st.values, l);
        }
        // A reference table (fall, jump, cover) has nothing to roll: its
        // result above is all there is.
        if t.rolls() {
            ui.add_space(8.0);
            let label = l.pick("🎲 Tirar", "🎲 Roll");
            let button = egui::Button::new(egui::RichText::new(label).size(style::SIZE_BUTTON));
            if ui.add(button).clicked() {
                self.roll(l);
            }
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {e}"));
            }
            let table = table_ref(&pack, &t);
            if let Some(last) = self.history.first().filter(|r| r.table == table) {
                ui.add_space(6.0);
                for (i, line) in last.lines.iter().enumerate() {
                    let text = egui::RichText::new(line).size(if i == 0 { 18.0 } else { 16.0 });
                    ui.add(egui::Label::new(text.strong()).wrap());
                }
            }
            ui.add_space(6.0);
            ui.strong(l.pick(
                "Probabilidad exacta antes de tirar",
                "Exact chance before rolling",
            ));
            match t.odds(modifier, &st.values) {
                Ok(list) => {
                    let rolled = self
                        .history
                        .first()
                        .filter(|r| r.table == table_ref(&pack, &t))
                        .and_then(|r| r.row);
                    odds_ui(ui, &pack, &t, &list, rolled, l)
                }
                // A lookup's error is shown with its result above.
                Err(e) if matches!(t.body, Body::Roll(_)) => {
                    ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {e}"));
                }
                Err(_) => {}
            }
        }
        ui.add_space(10.0);
        if let Body::Lookup(lk) = &t.body {
            let at = lk.locate(&st.values).ok();
            egui::CollapsingHeader::new(l.pick("La tabla completa", "The whole table"))
                .default_open(lk.rows.len() <= 12)
                .show(ui, |ui| {
                    grid_ui(
                        ui,
                        &t,
                        lk,
                        at.as_ref().and_then(|a| a.row),
                        at.as_ref().and_then(|a| a.column),
                        l,
                    )
                });
        }
        for n in &t.notes {
            ui.add(egui::Label::new(egui::RichText::new(n.get(l)).italics()).wrap());
        }
    }
}

/// A field per input and per modifier of the table.
fn inputs_ui(ui: &mut egui::Ui, t: &PackTable, st: &mut TableState, l: Lang) {
    egui::Grid::new("table_inputs")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            if let Body::Lookup(lk) = &t.body {
                for (i, input) in lk.inputs.iter().enumerate() {
                    let Some(v) = st.values.get_mut(i) else {
                        continue;
                    };
                    let lbl = ui.label(input.name.get(l));
                    match (&input.kind, v) {
                        (InputKind::Number { min, max }, InputValue::Number(n)) => {
                            // The loader keeps min ≤ max; a lone min may be high.
                            let lo = min.unwrap_or(-999);
                            let hi = max.unwrap_or(lo.saturating_add(999).max(999)).max(lo);
                            ui.add(egui::DragValue::new(n).range(lo..=hi))
                                .labelled_by(lbl.id);
                        }
                        (InputKind::Measure, InputValue::Measure(x)) => {
                            ui.add(
                                egui::DragValue::new(x)
                                    .range(0.0..=1000.0)
                                    .speed(0.5)
                                    .suffix(" cm"),
                            )
                            .labelled_by(lbl.id);
                        }
                        (InputKind::Choice(cs), InputValue::Choice(c)) => {
                            let current = cs.get(*c).map(|c| c.name.get(l)).unwrap_or("—");
                            egui::ComboBox::from_id_salt(("table_input", i))
                                .selected_text(current)
                                .show_ui(ui, |ui| {
                                    for (k, ch) in cs.iter().enumerate() {
                                        ui.selectable_value(c, k, ch.name.get(l));
                                    }
                                })
                                .response
                                .labelled_by(lbl.id);
                        }
                        _ => {
                            ui.label("?");
                        }
                    }
                    ui.end_row();
                }
            }
            for (m, v) in t.modifiers.iter().zip(st.mods.iter_mut()) {
                match m.value {
                    Some(fixed) => {
                        let mut on = *v != 0;
                        ui.label("");
                        if ui
                            .checkbox(&mut on, format!("{} ({fixed:+})", m.name.get(l)))
                            .changed()
                        {
                            *v = if on { fixed } else { 0 };
                        }
                    }
                    None => {
                        let lbl = ui.label(m.name.get(l));
                        ui.add(egui::DragValue::new(v).range(-40..=40))
                            .labelled_by(lbl.id);
                    }
                }
                ui.end_row();
            }
        });
}

/// What the inputs cross, before any roll: `Hit on 3+ with 1d6`, and how an
/// input outside the table was read.
fn result_ui(ui: &mut egui::Ui, lk: &LookupBody, values: &[InputValue], l: Lang) {
    match lk.locate(values) {
        Ok(at) => {
            let text = match (&at.cell, lk.column_dice) {
                (Some(c), _) => c.describe(lk, l),
                (None, Some(d)) => format!(
                    "{} {d}",
                    l.pick("La columna sale de tirar", "The column comes from rolling")
                ),
                (None, None) => String::new(),
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(l.pick("Resultado:", "Result:")).size(style::SIZE_RESULT),
                );
                ui.label(egui::RichText::new(text).size(style::SIZE_RESULT).strong());
            });
            if let Some(n) = at.note {
                ui.add(egui::Label::new(egui::RichText::new(n.get(l)).italics()).wrap());
            }
        }
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {e}"));
        }
    }
}
