//! The Warband view: the models as cards, the selected model's editor, the
//! derived profile as you click, the total against the limit, the problems.

mod editor;
mod models;
mod problems;
mod record;
mod sections;

pub use editor::DETAILS_LINES;
pub use sections::{SPELL_NAME_WIDTH, SPELL_TEXT_MIN_WIDTH};

use crate::core::roster::{self, Roster, RosterDoc, RosterReport};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// What the view asks the shell to do (files and dialogs live in the shell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarbandIntent {
    New,
    Open,
    Save,
    SaveAs,
    ExportPdf,
}

pub struct WarbandView {
    pub doc: RosterDoc,
    pub selected: usize,
    /// The report of the roster it was computed for: recomputed only on change.
    cache: Option<(Roster, RosterReport)>,
    /// A typing session already recorded one undo step.
    typing_recorded: bool,
    /// Undo (false) or redo (true) clicked this frame.
    history_step: Option<bool>,
    /// Copy as text, paste a roster.
    pub text: super::roster_text::RosterText,
    /// The warband's record of games (issue 15).
    record: record::RecordCache,
}

impl WarbandView {
    pub fn new(doc: RosterDoc) -> Self {
        WarbandView {
            doc,
            selected: 0,
            cache: None,
            typing_recorded: false,
            history_step: None,
            text: Default::default(),
            record: Default::default(),
        }
    }

    /// Where the warband's record is read (the library's `records/`).
    pub fn set_records_dir(&mut self, dir: std::path::PathBuf) {
        self.record = record::RecordCache::in_dir(dir);
    }

    /// Replace the open roster (open, new).
    pub fn replace(&mut self, doc: RosterDoc) {
        self.doc = doc;
        self.selected = 0;
        self.cache = None;
    }

    /// The checked report of the current roster.
    pub fn report(&mut self, rules: &RuleSet) -> &RosterReport {
        let stale = self
            .cache
            .as_ref()
            .is_none_or(|(r, _)| *r != self.doc.roster);
        if stale {
            let report = roster::check(&self.doc.roster, rules);
            self.cache = Some((self.doc.roster.clone(), report));
        }
        match &self.cache {
            Some((_, rep)) => rep,
            None => unreachable!("cache filled above"),
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) -> Vec<WarbandIntent> {
        let mut intents = Vec::new();
        let before = self.doc.roster.clone();
        let report = self.report(rules).clone();

        self.toolbar(ui, l, &mut intents);
        ui.separator();
        self.header(ui, l, &report);
        ui.separator();

        let Self {
            doc,
            selected,
            record,
            ..
        } = self;
        // Side panels in proportion to the window, so the editor keeps its
        // room when the UI is scaled up (issue 13).
        let total = ui.available_width();
        // Issue 37: on a phone the models, the selected one and the
        // problems are one column.
        if crate::ui::style::narrow(ui) {
            egui::ScrollArea::vertical().show(ui, |ui| {
                egui::CollapsingHeader::new(l.pick("Miniaturas", "Models"))
                    .default_open(true)
                    .show(ui, |ui| {
                        models::model_list_ui(ui, rules, l, &report, &mut doc.roster, selected);
                    });
                ui.separator();
                if let Some(m) = doc.roster.models.get_mut(*selected) {
                    editor::editor_ui(ui, rules, l, &report, m, *selected);
                }
                ui.separator();
                egui::CollapsingHeader::new(l.pick("Problemas e historial", "Problems and record"))
                    .show(ui, |ui| {
                        if let Some(i) = problems::problems_ui(ui, l, &report) {
                            *selected = i;
                        }
                        ui.separator();
                        record::record_ui(ui, l, record, &doc.roster.name);
                    });
            });
        } else {
            egui::Panel::left("models")
                .resizable(true)
                .default_size((total * 0.2).clamp(180.0, 270.0))
                .show(ui, |ui| {
                    models::model_list_ui(ui, rules, l, &report, &mut doc.roster, selected);
                });
            egui::Panel::right("problems")
                .resizable(true)
                .default_size((total * 0.2).clamp(180.0, 300.0))
                .show(ui, |ui| {
                    if let Some(i) = problems::problems_ui(ui, l, &report) {
                        *selected = i;
                    }
                    ui.separator();
                    record::record_ui(ui, l, record, &doc.roster.name);
                });
            egui::CentralPanel::default().show(ui, |ui| {
                // Both ways: at a large scale nothing is cut off out of reach.
                egui::ScrollArea::both().show(ui, |ui| {
                    match doc.roster.models.get_mut(*selected) {
                        Some(m) => editor::editor_ui(ui, rules, l, &report, m, *selected),
                        None => {
                            ui.label(l.pick(
                                "La banda está vacía: añade una miniatura con «➕ Añadir».",
                                "The warband is empty: add a model with “➕ Add”.",
                            ));
                        }
                    }
                });
            });
        }

        self.record_edit(ui.ctx(), before);
        self.text.ui(ui, rules, l, &mut self.doc);
        // Undo/redo apply after the edit is recorded, or they would be
        // recorded as an edit themselves (and clear the redo stack).
        match self.history_step.take() {
            Some(false) => {
                self.doc.undo();
            }
            Some(true) => {
                self.doc.redo();
            }
            None => {}
        }
        if self.selected >= self.doc.roster.models.len() {
            self.selected = self.doc.roster.models.len().saturating_sub(1);
        }
        intents
    }

    /// One undo step per click; typing in a field is one step until it loses focus.
    fn record_edit(&mut self, ctx: &egui::Context, before: Roster) {
        let typing = ctx.memory(|m| m.focused().is_some());
        if before != self.doc.roster {
            if !(typing && self.typing_recorded) {
                self.doc.record(before);
            }
            self.typing_recorded = typing;
        } else if !typing {
            self.typing_recorded = false;
        }
    }

    fn toolbar(&mut self, ui: &mut egui::Ui, l: Lang, intents: &mut Vec<WarbandIntent>) {
        crate::ui::style::row(ui, |ui| {
            if ui
                .button(l.pick("Nueva", "New"))
                .on_hover_text("Ctrl+N")
                .clicked()
            {
                intents.push(WarbandIntent::New);
            }
            if ui
                .button(l.pick("Abrir…", "Open…"))
                .on_hover_text("Ctrl+O")
                .clicked()
            {
                intents.push(WarbandIntent::Open);
            }
            if ui
                .button(l.pick("Guardar", "Save"))
                .on_hover_text("Ctrl+S")
                .clicked()
            {
                intents.push(WarbandIntent::Save);
            }
            if ui
                .button(l.pick("Guardar como…", "Save as…"))
                .on_hover_text("Ctrl+Shift+S")
                .clicked()
            {
                intents.push(WarbandIntent::SaveAs);
            }
            if ui
                .button(l.pick("Exportar PDF", "Export PDF"))
                .on_hover_text("Ctrl+P")
                .clicked()
            {
                intents.push(WarbandIntent::ExportPdf);
            }
            self.text.buttons_ui(ui, l);
            ui.separator();
            if ui
                .add_enabled(
                    self.doc.can_undo(),
                    egui::Button::new(l.pick("↶ Deshacer", "↶ Undo")),
                )
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.history_step = Some(false);
            }
            if ui
                .add_enabled(
                    self.doc.can_redo(),
                    egui::Button::new(l.pick("↷ Rehacer", "↷ Redo")),
                )
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                self.history_step = Some(true);
            }
        });
    }

    fn header(&mut self, ui: &mut egui::Ui, l: Lang, report: &RosterReport) {
        let r = &mut self.doc.roster;
        crate::ui::style::row(ui, |ui| {
            let lbl = ui.label(l.pick("Banda:", "Warband:"));
            ui.add(egui::TextEdit::singleline(&mut r.name).desired_width(220.0))
                .labelled_by(lbl.id);
            let lbl = ui.label(format!("{}:", crate::core::glossary::TOTEM.get(l)));
            let mut totem = r.totem.clone().unwrap_or_default();
            if ui
                .add(egui::TextEdit::singleline(&mut totem).desired_width(240.0))
                .labelled_by(lbl.id)
                .changed()
            {
                r.totem = if totem.trim().is_empty() {
                    None
                } else {
                    Some(totem)
                };
            }
            ui.label(l.pick("Límite:", "Limit:"));
            let mut limit = report.points_limit;
            if ui
                .add(
                    egui::DragValue::new(&mut limit)
                        .range(1..=5000)
                        .suffix(" pts"),
                )
                .changed()
            {
                r.points_limit = Some(limit);
            }
            let total = |ui: &mut egui::Ui| -> f32 {
                let over = report.total > report.points_limit;
                let color = if over {
                    ui.visuals().error_fg_color
                } else {
                    ui.visuals().strong_text_color()
                };
                // One piece: a wrapped row moves it whole, never splits it.
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(format!(
                            "{} / {} pts",
                            report.total, report.points_limit
                        ))
                        .size(crate::ui::style::SIZE_BIG)
                        .strong()
                        .color(color),
                    )
                    .extend(),
                )
                .on_hover_text(l.pick(
                    "Coste total contra el límite",
                    "Total cost against the limit",
                ))
                .rect
                .width()
            };
            // Issue 37: in a wrapped row a right-aligned total is drawn
            // over the limit; there (a phone, a tablet upright) it follows it.
            if ui.layout().main_wrap() {
                total(ui);
            } else {
                let used = ui.min_rect().width() + ui.spacing().item_spacing.x;
                let right = ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), total);
                crate::ui::style::row_needs(ui, used + right.inner);
            }
        });
    }
}
