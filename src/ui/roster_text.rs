//! *Copiar como texto* / *Copy as text* and *Pegar banda* / *Paste roster*
//! for the Warband view: the open roster as chat text on the clipboard, and
//! a window to paste a roster shared as text, its problems listed by line.

use crate::core::roster::{self, RosterDoc, TextErrors};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// The state of the two buttons and the paste window.
#[derive(Debug, Default)]
pub struct RosterText {
    /// Copy asked for this frame.
    copy: bool,
    /// The paste window is open.
    open: bool,
    /// What the user pasted.
    text: String,
    /// Why the last paste could not be read (shown in the UI language).
    errors: Option<TextErrors>,
    /// Said after a copy, until the next click.
    copied: bool,
}

impl RosterText {
    /// The two toolbar buttons.
    pub fn buttons_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        if ui
            .button(l.pick("Copiar como texto", "Copy as text"))
            .on_hover_text(l.pick(
                "La banda como texto para un chat, en el idioma de la interfaz",
                "The warband as text for a chat, in the UI language",
            ))
            .clicked()
        {
            self.copy = true;
        }
        if ui
            .button(l.pick("Pegar banda…", "Paste roster…"))
            .on_hover_text(l.pick(
                "Leer una banda compartida como texto (en español o inglés)",
                "Read a warband shared as text (in Spanish or English)",
            ))
            .clicked()
        {
            self.open = true;
            self.copied = false;
        }
        if self.copied {
            ui.weak(l.pick("✔ Copiada", "✔ Copied"));
        }
    }

    /// Do a copy asked for and show the paste window. A pasted roster
    /// replaces the open one as one edit of `doc`, so Undo brings the old
    /// one back. Call it after the view has recorded its own edits.
    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang, doc: &mut RosterDoc) {
        if std::mem::take(&mut self.copy) {
            ui.ctx().copy_text(roster::to_text(&doc.roster, rules, l));
            self.copied = true;
        }
        if !self.open {
            return;
        }
        let mut open = true;
        let mut done = false;
        egui::Window::new(l.pick("Pegar banda", "Paste roster"))
            .id(egui::Id::unique("paste_roster"))
            .open(&mut open)
            .collapsible(false)
            .default_width(560.0)
            .show(ui.ctx(), |ui| {
                let lbl = ui.label(l.pick(
                    "Pega aquí la banda como texto (la que da «Copiar como texto», en español o inglés):",
                    "Paste the warband as text here (as “Copy as text” gives it, in Spanish or English):",
                ));
                egui::ScrollArea::vertical()
                    .id_salt("paste_text")
                    .max_height(260.0)
                    .show(ui, |ui| {
                        ui.add(
                            egui::TextEdit::multiline(&mut self.text)
                                .desired_rows(10)
                                .desired_width(f32::INFINITY)
                                .font(egui::TextStyle::Monospace),
                        )
                        .labelled_by(lbl.id);
                    });
                if let Some(errors) = &self.errors {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        l.pick(
                            "⚠ No se puede leer; tu banda sigue abierta:",
                            "⚠ Cannot read it; your warband is still open:",
                        ),
                    );
                    egui::ScrollArea::vertical()
                        .id_salt("paste_errors")
                        .max_height(160.0)
                        .show(ui, |ui| {
                            for line in errors.lines(l) {
                                ui.add(egui::Label::new(line).wrap());
                            }
                        });
                }
                ui.horizontal(|ui| {
                    if ui
                        .button(l.pick("Reemplazar la banda", "Replace the warband"))
                        .clicked()
                    {
                        match roster::from_text(&self.text, rules) {
                            Ok(new) => {
                                doc.edit(|r| *r = new);
                                done = true;
                            }
                            Err(e) => self.errors = Some(e),
                        }
                    }
                    if ui.button(l.pick("Cancelar", "Cancel")).clicked() {
                        done = true;
                    }
                });
            });
        if done || !open {
            self.open = false;
            self.errors = None;
            if done {
                self.text.clear();
            }
        }
    }
}
