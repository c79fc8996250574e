//! R39 8–9: the dark forces call a beast; the players add it from the
//! setup's bestiary or as a generic creature.

use super::GameView;
use crate::core::game::Action;
use crate::core::game::act;
use crate::core::glossary;
use crate::core::text::Lang;

impl GameView {
    /// R39 8–9: a beast appears; the players pick it from the bestiary.
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
        let mut send = None;
        ui.horizontal_wrapped(|ui| {
            for (i, b) in g.setup().bestiary.iter().enumerate() {
                if ui.button(&b.name).clicked() {
                    send = Some(Action::BeastAppears(act::BeastAppears {
                        beast: crate::core::game::BeastChoice::Bestiary { index: i },
                    }));
                }
            }
            if ui
                .button(l.pick("Bestia genérica (Criatura)", "Generic beast (Creature)"))
                .clicked()
            {
                let profile = g
                    .rules()
                    .troop("creature")
                    .map(|t| t.stats)
                    .unwrap_or_default();
                send = Some(Action::BeastAppears(act::BeastAppears {
                    beast: crate::core::game::BeastChoice::New(crate::core::game::Beast {
                        name: l.pick("Bestia", "Beast").to_string(),
                        stats: profile,
                        armour: 0,
                        weapons: vec!["claws".into(), "jaws".into()],
                        keywords: Vec::new(),
                        notes: String::new(),
                    }),
                }));
            }
        });
        if let Some(a) = send {
            self.apply(a, l);
        }
    }
}
