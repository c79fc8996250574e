//! The top bar on a narrow screen (issue 37: a phone, a tablet upright):
//! below `NARROW` points the five views go into one menu, named by the
//! view shown, so the bar stays one row and the view keeps the height.

use super::{ImpiaApp, View};
use crate::core::text::Lang;

/// Narrower than this, the views are a menu (a 390-point phone is).
pub const NARROW: f32 = crate::ui::style::NARROW;

const VIEWS: [View; 5] = [
    View::Warband,
    View::Game,
    View::Dice,
    View::Tables,
    View::Reference,
];

impl ImpiaApp {
    /// The bar as a menu when the screen is narrow; false (nothing drawn)
    /// when it is wide.
    pub(super) fn top_bar_narrow(&mut self, ui: &mut egui::Ui, l: Lang) -> bool {
        if ui.available_width() >= NARROW {
            return false;
        }
        ui.horizontal(|ui| {
            let shown = format!("☰ {}", self.prefs.view.label(l));
            ui.menu_button(egui::RichText::new(shown).size(16.0), |ui| {
                for v in VIEWS {
                    let label = egui::RichText::new(v.label(l)).size(16.0);
                    if ui
                        .selectable_label(self.prefs.view == v, label)
                        .on_hover_text(v.hint(l))
                        .clicked()
                    {
                        self.prefs.view = v;
                        ui.close();
                    }
                }
            });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let theme = if self.prefs.dark { "☀" } else { "🌙" };
                if ui.button(theme).clicked() {
                    self.prefs.dark = !self.prefs.dark;
                }
                let other = match l {
                    Lang::Es => (Lang::En, "EN"),
                    Lang::En => (Lang::Es, "ES"),
                };
                if ui
                    .button(other.1)
                    .on_hover_text(l.pick("English", "Español"))
                    .clicked()
                {
                    self.prefs.lang = other.0;
                }
            });
        });
        true
    }
}
