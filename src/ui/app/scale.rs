//! The UI scale: A− 100 % A+ at the top bar's right edge (also Ctrl +
//! and Ctrl −), remembered with the preferences.

use super::{ImpiaApp, SCALE_MAX, SCALE_MIN, SCALE_STEP};

impl ImpiaApp {
    /// The UI scale: − 100 % +, also Ctrl + and Ctrl −; remembered.
    pub(super) fn scale_control(&mut self, ui: &mut egui::Ui) {
        let l = self.l();
        let hint = l.pick(
            "Tamaño de la interfaz (también Ctrl + y Ctrl −)",
            "Interface size (also Ctrl + and Ctrl −)",
        );
        let mut scale = self.prefs.ui_scale;
        let h = ui.spacing().interact_size.y;
        // Right to left: + first, at the edge; the figure's width fixed so
        // that "90 %" and "100 %" leave A− where it was.
        if ui
            .add_sized([widest(ui, &["A+", "A−"]), h], egui::Button::new("A+"))
            .on_hover_text(hint)
            .clicked()
        {
            scale += SCALE_STEP;
        }
        ui.add_sized(
            [
                widest(ui, &["888 %"]) - 2.0 * ui.spacing().button_padding.x,
                h,
            ],
            egui::Label::new(format!("{:.0} %", scale * 100.0)),
        )
        .on_hover_text(hint);
        if ui
            .add_sized([widest(ui, &["A+", "A−"]), h], egui::Button::new("A−"))
            .on_hover_text(hint)
            .clicked()
        {
            scale -= SCALE_STEP;
        }
        self.prefs.ui_scale = scale.clamp(SCALE_MIN, SCALE_MAX);
    }

    /// Keep the context's zoom and the remembered scale together: a change
    /// by Ctrl +/− is remembered, a change by the control is applied.
    pub(super) fn sync_scale(&mut self, ctx: &egui::Context) {
        match self.shown_scale {
            Some(shown) if (ctx.zoom_factor() - shown).abs() > f32::EPSILON => {
                self.prefs.ui_scale = ctx.zoom_factor().clamp(SCALE_MIN, SCALE_MAX);
            }
            _ => {}
        }
        let want = self.prefs.ui_scale.clamp(SCALE_MIN, SCALE_MAX);
        if self.shown_scale != Some(want) || (ctx.zoom_factor() - want).abs() > f32::EPSILON {
            ctx.set_zoom_factor(want);
        }
        self.prefs.ui_scale = want;
        self.shown_scale = Some(want);
    }
}

/// The width of a button holding the widest of `texts`: a control sized
/// so keeps its place whichever of them it shows (issue 35).
fn widest(ui: &egui::Ui, texts: &[&str]) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let text = texts
        .iter()
        .map(|t| {
            ui.painter()
                .layout_no_wrap((*t).to_owned(), font.clone(), egui::Color32::PLACEHOLDER)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    text + 2.0 * ui.spacing().button_padding.x
}
