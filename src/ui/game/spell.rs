//! A plain attribute check (R01): its stat, modifier and reason, then its
//! price in the core's words (sources, exact odds) and its roll. (Issue
//! 34: a spell and a fall are the core's declarations, in the generic
//! form.)

use super::GameView;
use super::forms::Form;
use crate::core::game::act;
use crate::core::game::{Action, ModelRef};
use crate::core::tables::Stat;
use crate::core::text::Lang;

impl GameView {
    /// R01: a plain attribute check, with its modifier and reason.
    pub(super) fn check_form_ui(&mut self, ui: &mut egui::Ui, actor: ModelRef, l: Lang) {
        let Form::Check {
            stat,
            modifier,
            reason,
        } = &mut self.form
        else {
            return;
        };
        ui.strong(crate::core::glossary::ATTRIBUTE_CHECK.get(l));
        ui.horizontal(|ui| {
            for s in Stat::ALL {
                ui.selectable_value(stat, s, s.name(l));
            }
        });
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Modificador", "Modifier"));
            ui.add(egui::DragValue::new(modifier).range(-10..=10))
                .labelled_by(lbl.id);
            let lbl = ui.label(l.pick("Motivo", "Reason"));
            ui.text_edit_singleline(reason).labelled_by(lbl.id);
        });
        let (stat, modifier, reason) = (*stat, *modifier, reason.clone());
        self.priced_roll(
            ui,
            Action::Check(act::Check {
                model: actor,
                stat,
                modifier,
                reason,
                options: Default::default(),
                roll: None,
            }),
            l,
        );
    }
}
