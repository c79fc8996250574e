//! Hand adjustments: a table game always has a ruling the app did not
//! foresee. Pools, VP, a model's fear, own DP, Toughness and status, each
//! sent as the log's own adjustment actions.

use super::GameView;
use crate::core::game::act;
use crate::core::game::{Action, Side, Status};
use crate::core::glossary;
use crate::core::tables::Stat;
use crate::core::text::Lang;

impl GameView {
    pub(super) fn adjust_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let mut send = None;
        // A card clicked opens the panel; closing it drops the selection,
        // so the card's outline does not stay for ever.
        let open = self.open_adjust.then_some(true);
        let shown = egui::CollapsingHeader::new(l.pick("Ajustes a mano", "Adjust by hand"))
            .id_salt("adjust")
            .open(open)
            .show(ui, |ui| {
                for s in Side::WARBANDS {
                    ui.horizontal(|ui| {
                        ui.label(format!("{}:", super::widgets::player(g.state(), s, l)));
                        if ui.button(l.pick("PD −1", "DP −1")).clicked() {
                            send = Some(Action::AdjustPool(act::AdjustPool { side: s, delta: -1 }));
                        }
                        if ui.button(l.pick("PD +1", "DP +1")).clicked() {
                            send = Some(Action::AdjustPool(act::AdjustPool { side: s, delta: 1 }));
                        }
                        if ui.button(l.pick("PV −1", "VP −1")).clicked() {
                            send = Some(Action::ScenarioPoints(act::ScenarioPoints {
                                side: s,
                                points: -1,
                                note: String::new(),
                            }));
                        }
                        if ui.button(l.pick("PV +1", "VP +1")).clicked() {
                            send = Some(Action::ScenarioPoints(act::ScenarioPoints {
                                side: s,
                                points: 1,
                                note: String::new(),
                            }));
                        }
                    });
                }
                let Some(m) = self.selected else {
                    ui.label(l.pick(
                        "Pulsa una miniatura para ajustarla.",
                        "Click a model to adjust it.",
                    ));
                    return;
                };
                let Some(ms) = g.state().model(m) else {
                    return;
                };
                ui.strong(ms.name.as_ref());
                ui.horizontal(|ui| {
                    if ui.button(format!("{} −1", glossary::FEAR.get(l))).clicked() {
                        send = Some(Action::AdjustFear(act::AdjustFear {
                            model: m,
                            delta: -1,
                        }));
                    }
                    if ui.button(format!("{} +1", glossary::FEAR.get(l))).clicked() {
                        send = Some(Action::AdjustFear(act::AdjustFear { model: m, delta: 1 }));
                    }
                    if ui.button(l.pick("PD propios −1", "Own DP −1")).clicked() {
                        send = Some(Action::AdjustOwnDp(act::AdjustOwnDp {
                            model: m,
                            delta: -1,
                        }));
                    }
                    if ui.button(l.pick("PD propios +1", "Own DP +1")).clicked() {
                        send = Some(Action::AdjustOwnDp(act::AdjustOwnDp { model: m, delta: 1 }));
                    }
                    if ui
                        .button(format!("{} −1", Stat::Toughness.name(l)))
                        .clicked()
                    {
                        send = Some(Action::AdjustToughness(act::AdjustToughness {
                            model: m,
                            delta: -1,
                        }));
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for st in Status::ALL {
                        if ui.selectable_label(ms.status == st, st.label(l)).clicked()
                            && ms.status != st
                        {
                            send = Some(Action::SetStatus(act::SetStatus {
                                model: m,
                                status: st,
                            }));
                        }
                    }
                });
            });
        self.open_adjust = false;
        if shown.body_returned.is_none() {
            self.selected = None;
        }
        if let Some(a) = send {
            self.apply(a, l);
        }
    }
}
