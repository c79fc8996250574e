//! The steps between activations: the dark forces (the table's odds, the
//! roll, and its result as a banner until the next step), the change of
//! rounds, the roll-off and who starts, picking the model to activate, a
//! beast appearing, and the question before ending a turn early.

use super::GameView;
use super::widgets::{self, GOLD, big_button, key, player};
use crate::core::game::act;
use crate::core::game::{Action, ModelRef, Phase, Side};
use crate::core::glossary;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// The centre's width (points) under which the change of round lists the
/// warbands one under the other (at 1280 wide the centre has about 420).
const TWO_COLUMNS: f32 = 380.0;

impl GameView {
    /// R39: this turn's dark forces, with its row's text, shown while the
    /// players change rounds (the step after the roll).
    pub(super) fn dark_forces_banner(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let Some(df) = st.dark_forces.as_ref() else {
            return;
        };
        if st.phase != Phase::ChangeRound {
            return;
        }
        let row = rules
            .roll_table("dark_forces")
            .and_then(|t| t.rows.get(df.row))
            .map(|r| r.text.get(l).to_string())
            .unwrap_or_default();
        egui::Frame::new()
            .fill(ui.visuals().faint_bg_color)
            .stroke(egui::Stroke::new(2.0, GOLD))
            .corner_radius(6.0)
            .inner_margin(10.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(
                    egui::RichText::new(format!(
                        "{} {} — {}: {}",
                        glossary::TURN.get(l),
                        st.turn,
                        glossary::DARK_FORCES.get(l),
                        df.total
                    ))
                    .size(22.0)
                    .strong()
                    .color(GOLD),
                );
                ui.add(egui::Label::new(egui::RichText::new(row).size(18.0)).wrap());
            });
        ui.add_space(8.0);
    }

    pub(super) fn start_turn_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, turn: u32, l: Lang) {
        ui.heading(format!(
            "{} {turn}: {} (R39)",
            glossary::TURN.get(l),
            glossary::DARK_FORCES.get(l)
        ));
        if let Some(t) = rules.roll_table("dark_forces")
            && let Ok(odds) = t.row_odds(0)
        {
            for (row, o) in t.rows.iter().zip(odds) {
                ui.add(
                    egui::Label::new(format!(
                        "{:>5}  ({})  {}",
                        row.range,
                        o.percent(l),
                        row.text.get(l)
                    ))
                    .wrap(),
                );
            }
            ui.add_space(6.0);
        }
        ui.horizontal_wrapped(|ui| {
            if big_button(
                ui,
                &format!(
                    "🎲 {} {}  [Space]",
                    l.pick("Tirar", "Roll the"),
                    glossary::DARK_FORCES.get(l)
                ),
            )
            .on_hover_text(l.pick("Espacio", "Space"))
            .clicked()
                || key(ui, egui::Key::Space)
            {
                self.act(
                    Action::StartTurn(act::StartTurn {
                        dark_forces: Vec::new(),
                    }),
                    l,
                );
            }
            ui.separator();
            let lbl = ui.label(l.pick("o dado real:", "or a real die:"));
            if self.real_die == 0 {
                self.real_die = 1;
            }
            ui.add(egui::DragValue::new(&mut self.real_die).range(1..=10))
                .labelled_by(lbl.id);
            if ui
                .button(l.pick("Usar este dado", "Use this die"))
                .clicked()
            {
                let die = self.real_die;
                self.apply(
                    Action::StartTurn(act::StartTurn {
                        dark_forces: vec![die],
                    }),
                    l,
                );
            }
        });
    }

    /// R09: each model's ▲▼ as the core offers them (disabled with the
    /// reason, e.g. no DP), and each player's *Done*.
    pub(super) fn change_round_ui(&mut self, ui: &mut egui::Ui, side: Option<Side>, l: Lang) {
        ui.heading(l.pick(
            "Modificar Ronda (R09): 1 PD por ronda",
            "Change round (R09): 1 DP per round",
        ));
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let offers = g.offers().offers;
        let sides: Vec<Side> = match side {
            Some(s) => vec![s],
            None => Side::WARBANDS.to_vec(),
        };
        let mut send = None;
        let mut side_ui = |col: &mut egui::Ui, s: Side| {
            col.strong(egui::RichText::new(player(st, s, l)).size(18.0));
            for (m, ms) in st.models_of(s).filter(|(_, ms)| ms.status.in_play()) {
                col.horizontal(|ui| {
                    for (steps, arrow) in [(1, "▲"), (-1, "▼")] {
                        let o = offers.iter().find(|o| {
                            o.action == Action::ChangeRound(act::ChangeRound { model: m, steps })
                        });
                        if let Some(o) = o
                            && widgets::offer_button(ui, o, arrow, None, l)
                        {
                            send = Some(o.action.clone());
                        }
                    }
                    // Wrapped, not run into the other column (issue 37).
                    ui.add(
                        egui::Label::new(format!(
                            "{}: {} {}",
                            ms.name,
                            glossary::ROUND.get(l).to_lowercase(),
                            ms.round
                        ))
                        .wrap(),
                    );
                });
            }
            let done = format!(
                "{} {}",
                l.pick("Terminar cambios de", "Done changing for"),
                player(st, s, l)
            );
            if let Some(o) = offers
                .iter()
                .find(|o| o.action == Action::EndChangeRound(act::EndChangeRound { side: s }))
                && widgets::offer_button(col, o, &done, None, l)
            {
                send = Some(o.action.clone());
            }
        };
        // Issue 37: a centre narrower than two *Done* buttons (a tablet
        // upright, a phone) lists the warbands one under the other.
        if sides.len() > 1 && ui.available_width() < TWO_COLUMNS {
            for s in &sides {
                side_ui(ui, *s);
            }
        } else {
            ui.columns(sides.len(), |cols| {
                for (col, s) in cols.iter_mut().zip(&sides) {
                    side_ui(col, *s);
                }
            });
        }
        if let Some(a) = send {
            self.apply(a, l);
        }
    }

    pub(super) fn rolloff_ui(&mut self, ui: &mut egui::Ui, round: i32, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let (pa, pb) = (player(g.state(), Side::A, l), player(g.state(), Side::B, l));
        ui.heading(format!(
            "{} {round}: {} (R08)",
            glossary::ROUND.get(l),
            l.pick(
                "ambos bandos tienen miniaturas: 1d10 cada uno",
                "both warbands have models: 1d10 each"
            )
        ));
        ui.horizontal_wrapped(|ui| {
            if big_button(
                ui,
                &format!("🎲 {}  [Space]", l.pick("Tirar el desempate", "Roll off")),
            )
            .clicked()
                || key(ui, egui::Key::Space)
            {
                self.act(
                    Action::RollOff(act::RollOff {
                        rolls: Vec::new(),
                        starts: None,
                    }),
                    l,
                );
            }
            ui.separator();
            // Real dice from the table, one per player (a tie is rolled again).
            let lbl = ui.label(format!(
                "{} {pa} / {pb}:",
                l.pick("o dados reales", "or real dice")
            ));
            let (mut a, mut b) = self.real_pair;
            ui.add(egui::DragValue::new(&mut a).range(1..=10))
                .labelled_by(lbl.id);
            // Both dice named by the label (a screen reader read the
            // second as a nameless number).
            ui.add(egui::DragValue::new(&mut b).range(1..=10))
                .labelled_by(lbl.id);
            self.real_pair = (a.clamp(1, 10), b.clamp(1, 10));
            let b_ = ui.add_enabled(a != b, egui::Button::new(l.pick("Usar", "Use")));
            if b_
                .on_disabled_hover_text(l.pick("Empate: se vuelve a tirar", "A tie: roll again"))
                .clicked()
            {
                self.act(
                    Action::RollOff(act::RollOff {
                        rolls: vec![[a, b]],
                        starts: None,
                    }),
                    l,
                );
            }
        });
    }

    pub(super) fn choose_start_ui(&mut self, ui: &mut egui::Ui, round: i32, winner: Side, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let (pa, pb) = (player(st, Side::A, l), player(st, Side::B, l));
        if let Some(rs) = st.round.as_ref() {
            for p in &rs.rolloff {
                ui.label(
                    egui::RichText::new(format!(
                        "{pa} {} · {pb} {}{}",
                        p[0],
                        p[1],
                        if p[0] == p[1] {
                            l.pick("  (empate: se repite)", "  (tie: re-rolled)")
                        } else {
                            ""
                        }
                    ))
                    .size(18.0),
                );
            }
        }
        ui.heading(format!(
            "{} {round}: {} {}",
            glossary::ROUND.get(l),
            player(st, winner, l),
            l.pick("gana y elige quién empieza", "won and chooses who starts")
        ));
        let mut send = None;
        ui.horizontal_wrapped(|ui| {
            for s in Side::WARBANDS {
                if big_button(
                    ui,
                    &format!("{} {}", l.pick("Empieza", "Starts:"), player(st, s, l)),
                )
                .clicked()
                {
                    send = Some(Action::ChooseStart(act::ChooseStart { side: s }));
                }
            }
        });
        if let Some(a) = send {
            self.act(a, l);
        }
    }

    pub(super) fn pick_ui(
        &mut self,
        ui: &mut egui::Ui,
        round: i32,
        side: Side,
        models: &[ModelRef],
        l: Lang,
    ) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        ui.heading(format!(
            "{} {round}: {} {}",
            glossary::ROUND.get(l),
            l.pick("le toca a", "turn of"),
            player(g.state(), side, l)
        ));
        ui.label(l.pick(
            "Elige la miniatura que empieza su Fase de activación:",
            "Pick the model that starts its activation:",
        ));
        let offers = g.offers().offers;
        let mut send = None;
        ui.horizontal_wrapped(|ui| {
            for m in models {
                let Some(o) = offers
                    .iter()
                    .find(|o| o.action == Action::Activate(act::Activate { model: *m }))
                else {
                    continue;
                };
                let b = ui.add_enabled(
                    o.allowed,
                    egui::Button::new(egui::RichText::new(g.state().name(*m)).size(18.0)),
                );
                if let Some(e) = &o.why_not {
                    b.clone().on_disabled_hover_text(e.message(l));
                }
                if b.clicked() {
                    send = Some(o.action.clone());
                }
            }
        });
        if let Some(a) = send {
            self.apply(a, l);
        }
    }

    /// Ask before ending a turn while models have not acted, naming them.
    pub(super) fn end_turn_modal(&mut self, ctx: &egui::Context, l: Lang) {
        if !self.confirm_end_turn {
            return;
        }
        let Some(g) = self.game.as_ref() else {
            self.confirm_end_turn = false;
            return;
        };
        // The core's question, naming them (the End turn offer's warning).
        let left = g.end_turn_warning().map(|t| t.get(l).to_string());
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("confirm_end_turn")).show(ctx, |ui| {
            ui.spacing_mut().interact_size.y = super::TARGET_HEIGHT;
            ui.heading(l.pick("¿Terminar el turno?", "End the turn?"));
            ui.label(left.unwrap_or_default());
            ui.horizontal(|ui| {
                if ui
                    .button(l.pick("Terminar el turno igualmente", "End the turn anyway"))
                    .clicked()
                {
                    choice = Some(true);
                }
                if ui
                    .button(l.pick("Seguir jugando  [Esc]", "Keep playing  [Esc]"))
                    .clicked()
                    || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    choice = Some(false);
                }
            });
        });
        match choice {
            Some(true) => {
                self.confirm_end_turn = false;
                self.act(Action::EndTurn(act::EndTurn {}), l);
            }
            Some(false) => self.confirm_end_turn = false,
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::game::act;
    use egui_kittest::kittest::Queryable as _;

    use crate::core::game::{Action, Phase};
    use crate::core::tables::RuleSet;
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn the_dark_forces_banner_should_show_the_row_text_until_the_next_step() {
        let rules = RuleSet::builtin().expect("tables");
        let table = rules.roll_table("dark_forces").expect("table");
        let row = table.rows[table.row_for(4)].text.get(Lang::En).to_string();
        let mut a = app(new_game(), Lang::En);
        a.game.real_die = 4;
        let mut h = harness(a);
        h.run();
        h.get_by_label("Use this die").click();
        h.run();
        // The banner: the total and the row's own words.
        h.get_by_label("Turn 1 — Dark Forces: 4");
        assert!(h.query_by_label(&row).is_some(), "row text {row:?} shown");
        // The next step (both players done changing rounds) takes it away.
        h.get_by_label("Done changing for Ana").click();
        h.run();
        h.get_by_label("Done changing for Bea").click();
        h.run();
        assert_ne!(game(&h).state().phase, Phase::ChangeRound);
        assert!(h.query_by_label("Turn 1 — Dark Forces: 4").is_none());
    }

    #[test]
    fn end_turn_with_models_left_should_ask_naming_them() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let m = g.state().actor().expect("actor");
        g.act(Action::EndActivation(act::EndActivation {
            model: m,
            terrain: Vec::new(),
            near_enemy_totem: false,
        }))
        .expect("end");
        let turn = g.state().turn;
        let mut h = harness(app(g, Lang::En));
        h.run();
        let left: Vec<String> = game(&h)
            .state()
            .models()
            .filter(|(r, s)| r.side.is_warband() && s.status.in_play() && !s.acted)
            .map(|(r, _)| game(&h).state().name(r))
            .collect();
        assert!(!left.is_empty());
        h.get_by_label(&format!("⏹ End the turn ({} not acted)", left.len()))
            .click();
        h.run();
        // It asks, naming them, and nothing has happened yet.
        h.get_by_label(&format!("These have not acted yet: {}", left.join(", ")));
        assert_eq!(game(&h).state().turn, turn);
        assert!(!matches!(
            game(&h).actions().last(),
            Some(Action::EndTurn(act::EndTurn {}))
        ));
        h.get_by_label("Keep playing  [Esc]").click();
        h.run();
        assert!(
            h.query_by_label_contains("These have not acted yet:")
                .is_none()
        );
        h.get_by_label(&format!("⏹ End the turn ({} not acted)", left.len()))
            .click();
        h.run();
        h.get_by_label("End the turn anyway").click();
        h.run();
        assert!(matches!(
            game(&h).actions().last(),
            Some(Action::EndTurn(act::EndTurn {}))
        ));
    }
}
