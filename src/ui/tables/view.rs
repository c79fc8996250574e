//! The Tables view's frame: the seed field and "open pack folder…", the
//! searchable list of packs and tables, and the history of rolls.

use super::TablesView;
use crate::core::packs::{Origin, PackTable};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
#[cfg(target_arch = "wasm32")]
use crate::ui::web::page::no_dialog as rfd;

impl TablesView {
    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        self.ensure_loaded(rules);
        ui.horizontal(|ui| {
            let seed_lbl = ui.label(l.pick("Semilla:", "Seed:"));
            ui.add(
                egui::TextEdit::singleline(&mut self.seed_text)
                    .desired_width(90.0)
                    .hint_text(l.pick("al azar", "random")),
            )
            .labelled_by(seed_lbl.id)
            .on_hover_text(l.pick(
                "Con una semilla, las tiradas se pueden repetir exactamente (como impia table roll --seed).",
                "With a seed, rolls can be reproduced exactly (as impia table roll --seed).",
            ));
            crate::ui::dice::seed_problem(ui, &self.seed_text, l);
            ui.separator();
            // Issue 37: a page cannot read a folder (the button is not shown).
            if !cfg!(target_arch = "wasm32")
                && ui
                .button(l.pick("Abrir carpeta de tablas…", "Open pack folder…"))
                .on_hover_text(l.pick(
                    "Una carpeta con tus tablas (un archivo YAML por tabla), o con packs: archivos que empiezan por «pack:» o subcarpetas.",
                    "A folder with your tables (one YAML file per table), or with packs: files that start with `pack:` or sub-folders.",
                ))
                .clicked()
                && let Some(dir) = rfd::FileDialog::new().pick_folder()
            {
                self.add_folder(&dir, rules);
            }
        });
        ui.separator();
        // Issue 37: on a phone the list, the table and the history are one
        // column (side panels would leave the table no room).
        if crate::ui::style::narrow(ui) {
            egui::ScrollArea::vertical().show(ui, |ui| {
                egui::CollapsingHeader::new(l.pick("Tablas", "Tables"))
                    .default_open(true)
                    .show(ui, |ui| self.list_ui(ui, l));
                ui.separator();
                self.table_ui(ui, l);
                ui.separator();
                egui::CollapsingHeader::new(l.pick("Historial", "History"))
                    .show(ui, |ui| self.history_ui(ui, l));
            });
            return;
        }
        egui::Panel::left("tables_list")
            .resizable(true)
            .default_size(290.0)
            .min_size(200.0)
            .show(ui, |ui| self.list_ui(ui, l));
        egui::Panel::right("tables_history")
            .resizable(true)
            .default_size(330.0)
            .min_size(240.0)
            .show(ui, |ui| self.history_ui(ui, l));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| self.table_ui(ui, l));
        });
    }

    fn list_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Buscar:", "Search:"));
            ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .hint_text(l.pick("nombre de tabla", "table name"))
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(lbl.id);
        });
        let q = self.query.trim().to_lowercase();
        let Some(set) = &self.packs else {
            return;
        };
        let mut clicked: Option<(String, String)> = None;
        egui::ScrollArea::vertical()
            .id_salt("tables_list_scroll")
            .show(ui, |ui| {
                for p in &set.packs {
                    let pack_hit = p.name.get(l).to_lowercase().contains(&q) || p.id.contains(&q);
                    let tables: Vec<&PackTable> = p
                        .tables
                        .iter()
                        .filter(|t| {
                            q.is_empty()
                                || pack_hit
                                || t.name.es.to_lowercase().contains(&q)
                                || t.name.en.to_lowercase().contains(&q)
                                || t.id.contains(&q)
                        })
                        .collect();
                    if tables.is_empty() {
                        continue;
                    }
                    ui.add_space(4.0);
                    let mut head = p.name.get(l).to_string();
                    if let Origin::User(_) = p.origin {
                        head.push_str(l.pick(" (tuyo)", " (yours)"));
                    }
                    ui.strong(head);
                    for t in tables {
                        let sel = self
                            .selected
                            .as_ref()
                            .is_some_and(|(sp, st)| *sp == p.id && *st == t.id);
                        let dice = t
                            .dice_label()
                            .map(|d| format!("  · {d}"))
                            .unwrap_or_default();
                        if ui
                            .selectable_label(sel, format!("{}{dice}", t.name.get(l)))
                            .clicked()
                        {
                            clicked = Some((p.id.clone(), t.id.clone()));
                        }
                    }
                }
                if !set.problems.is_empty() {
                    ui.add_space(8.0);
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        l.pick(
                            "⚠ Packs con errores (no cargados):",
                            "⚠ Packs with errors (not loaded):",
                        ),
                    );
                    for e in &set.problems {
                        ui.add_space(4.0);
                        ui.add(
                            egui::Label::new(
                                egui::RichText::new(e.to_string())
                                    .color(ui.visuals().error_fg_color),
                            )
                            .wrap(),
                        );
                    }
                }
            });
        if let Some(c) = clicked {
            self.selected = Some(c);
            self.error = None;
        }
    }

    fn history_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.horizontal(|ui| {
            ui.heading(l.pick("Historial", "History"));
            if ui.button(l.pick("Borrar", "Clear")).clicked() {
                self.history.clear();
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("tables_history_scroll")
            .show(ui, |ui| {
                for h in &self.history {
                    let name = self
                        .packs
                        .as_ref()
                        .and_then(|s| s.find(&h.table).ok())
                        .map(|(_, t)| t.name.get(l).to_string())
                        .unwrap_or_else(|| h.table.clone());
                    ui.strong(name);
                    for line in &h.lines {
                        ui.add(egui::Label::new(line).wrap());
                    }
                    let seed = if h.nth > 1 {
                        format!(
                            "{} {} · {} {}",
                            l.pick("semilla", "seed"),
                            h.seed,
                            l.pick("tirada", "roll"),
                            h.nth
                        )
                    } else {
                        format!("{} {}", l.pick("semilla", "seed"), h.seed)
                    };
                    ui.weak(seed);
                    ui.separator();
                }
            });
    }
}
