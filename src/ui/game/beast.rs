//! R39 8–9: the dark forces call a beast; the players add it through the
//! core's offers (issue 34: the phones and the CLI have the same): one of
//! the setup's bestiary, each with its card, or a generic creature.

use super::GameView;
use crate::core::game::{DeclKind, Declared};
use crate::core::glossary;
use crate::core::text::Lang;

impl GameView {
    /// R39 8–9: a beast appears; one button per beast the core offers.
    pub(super) fn beast_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.label(
            egui::RichText::new(format!(
                "{}: {}",
                glossary::DARK_FORCES.get(l),
                l.pick("aparece una Bestia. Añádela:", "a beast appears. Add it:")
            ))
            .strong(),
        );
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let offers = g.offers().offers;
        let mut send = None;
        ui.horizontal_wrapped(|ui| {
            for o in offers
                .iter()
                .filter(|o| o.id == "beast_appears" && o.allowed)
            {
                // The bestiary's pick: a button per beast, its card on it.
                let pick = o.declarations.iter().find_map(|d| match &d.kind {
                    DeclKind::Pick { choices, .. } => Some((d, choices)),
                    _ => None,
                });
                if let Some((d, choices)) = pick {
                    for c in choices {
                        if ui.button(c.label.get(l)).clicked() {
                            send = g.declare(&o.draft, &d.key, Declared::Picks(vec![c.id.clone()]));
                        }
                    }
                } else if ui.button(o.label(g.state(), g.rules(), l)).clicked() {
                    send = Some(o.draft.clone());
                }
            }
        });
        if let Some(a) = send {
            self.apply(a, l);
        }
    }
}
