//! The problems panel: every rule the warband breaks, each citing its rule;
//! a click selects the model it is about.

use crate::core::roster::RosterReport;
use crate::core::text::Lang;

/// The panel; returns the model a clicked problem is about.
pub fn problems_ui(ui: &mut egui::Ui, l: Lang, report: &RosterReport) -> Option<usize> {
    if report.valid() {
        ui.heading(l.pick("✔ Banda válida", "✔ Valid warband"));
        ui.label(l.pick("Ninguna regla incumplida.", "No rule is broken."));
        return None;
    }
    ui.heading(
        egui::RichText::new(format!(
            "⚠ {} ({})",
            l.pick("Problemas", "Problems"),
            report.problems.len()
        ))
        .color(ui.visuals().error_fg_color),
    );
    let mut selected = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for p in &report.problems {
            let resp = ui.add(
                egui::Button::new(egui::RichText::new(p.line(l)))
                    .wrap()
                    .frame(false),
            );
            if resp.clicked()
                && let Some(i) = p.model_index
            {
                selected = Some(i);
            }
            ui.separator();
        }
    });
    selected
}
