//! The unsaved-changes question when the window is closed.

use super::ImpiaApp;

impl ImpiaApp {
    pub(super) fn close_dialog(&mut self, ctx: &egui::Context) {
        if !self.confirm_close {
            return;
        }
        let l = self.l();
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("confirm_close")).show(ctx, |ui| {
            ui.heading(l.pick("Cambios sin guardar", "Unsaved changes"));
            ui.label(format!(
                "{} «{}».",
                l.pick("Hay cambios sin guardar en", "There are unsaved changes in"),
                self.warband.doc.roster.name
            ));
            ui.horizontal(|ui| {
                if ui
                    .button(l.pick("Guardar y salir", "Save and quit"))
                    .clicked()
                {
                    choice = Some(0);
                }
                if ui
                    .button(l.pick("Salir sin guardar", "Quit without saving"))
                    .clicked()
                {
                    choice = Some(1);
                }
                if ui.button(l.pick("Cancelar", "Cancel")).clicked() {
                    choice = Some(2);
                }
            });
        });
        match choice {
            Some(0) => {
                self.save();
                if !self.warband.doc.dirty() {
                    self.allow_close = true;
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
                self.confirm_close = false;
            }
            Some(1) => {
                self.allow_close = true;
                self.confirm_close = false;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Some(_) => self.confirm_close = false,
            None => {}
        }
    }
}
