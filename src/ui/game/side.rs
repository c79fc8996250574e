//! A warband's column: the player and warband, the summary in big numbers
//! (pool, VP, standing / Down / fled), then one card per model: name,
//! status, fear pips against Courage, who it is engaged with, its round and
//! own DP; a model that has acted is dimmed.

use super::GameView;
use super::widgets::{AMBER, CALM, GOLD, POOL_BLUE, RED, player};
use crate::core::game::{GameState, ModelRef, ModelState, Side, Status};
use crate::core::tables::Stat;
use crate::core::text::Lang;

/// Models standing (or Prone), Down, and fled or removed.
pub fn counts(st: &GameState, side: Side) -> (usize, usize, usize) {
    let mut c = (0, 0, 0);
    for (_, m) in st.models_of(side) {
        match m.status {
            Status::Standing | Status::Prone => c.0 += 1,
            Status::Down => c.1 += 1,
            Status::Fled | Status::Removed => c.2 += 1,
        }
    }
    c
}

impl GameView {
    pub(super) fn side_ui(&mut self, ui: &mut egui::Ui, side: Side, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        // In a replay the cards show the state at that point (issue 15).
        let st = self.replay.as_ref().map_or(g.state(), |r| &r.state);
        let Some(s) = st.side(side) else {
            return;
        };
        let acting = st.actor();
        ui.label(
            egui::RichText::new(player(st, side, l))
                .size(22.0)
                .strong()
                .color(GOLD),
        );
        ui.add(
            egui::Label::new(egui::RichText::new(s.warband.as_ref()).strong().size(16.0)).wrap(),
        );
        ui.label(format!(
            "{} {}{}",
            l.pick("Tótem:", "Totem:"),
            s.totem.as_deref().unwrap_or("—"),
            if s.totem_standing {
                ""
            } else {
                l.pick(" (destruido)", " (destroyed)")
            }
        ));
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(format!("{} {}", s.pool, l.pick("PD", "DP")))
                    .size(30.0)
                    .strong()
                    .color(POOL_BLUE),
            )
            .on_hover_text(l.pick("Reserva común de PD", "Destiny pool"));
            ui.add_space(16.0);
            ui.label(
                egui::RichText::new(format!("{} {}", s.score.total(), l.pick("PV", "VP")))
                    .size(30.0)
                    .strong(),
            )
            .on_hover_text(format!(
                "{}: {} · {}: {} · {}: {}",
                l.pick("Bajas del Líder", "Leader's kills"),
                s.score.kills,
                l.pick("Tótem", "Totem"),
                s.score.totem,
                l.pick("Escenario", "Scenario"),
                s.score.scenario
            ));
        });
        let (standing, down, fled) = counts(st, side);
        ui.label(
            egui::RichText::new(format!(
                "{standing} {} · {down} {} · {fled} {}",
                l.pick("en pie", "standing"),
                l.pick("abatidas", "Down"),
                l.pick("huidas", "fled"),
            ))
            .size(16.0),
        );
        ui.separator();
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .id_salt(("cards", side))
            .show(ui, |ui| {
                // Room for the scroll bar, which floats over the content.
                ui.set_max_width(ui.available_width() - 12.0);
                for (m, ms) in st.models_of(side) {
                    let selected = self.selected == Some(m);
                    if model_card(ui, st, m, ms, selected, acting == Some(m), l).clicked() {
                        clicked = Some(m);
                    }
                }
            });
        if let Some(m) = clicked {
            self.selected = Some(m);
            self.open_adjust = true;
        }
    }
}

/// A model's card: name, status, fear pips against Courage, engagement,
/// round and own DP.
fn model_card(
    ui: &mut egui::Ui,
    st: &GameState,
    m: ModelRef,
    ms: &ModelState,
    selected: bool,
    acting: bool,
    l: Lang,
) -> egui::Response {
    let visuals = ui.visuals().clone();
    let stroke = if acting {
        egui::Stroke::new(3.0, GOLD)
    } else if selected {
        egui::Stroke::new(2.0, visuals.selection.stroke.color)
    } else {
        egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color)
    };
    let out = !ms.status.in_play();
    let frame = egui::Frame::group(ui.style()).stroke(stroke).fill(if out {
        visuals.extreme_bg_color
    } else {
        visuals.panel_fill
    });
    let resp = ui
        .scope(|ui| {
            // Acted or out of play: dimmed, so the ones still to act stand out.
            if (ms.acted || out) && !acting {
                ui.multiply_opacity(0.45);
            }
            frame.show(ui, |ui| card_body(ui, st, ms, out, l)).response
        })
        .inner;
    let id = ui.scope_id().with(("card", m));
    ui.interact(resp.rect, id, egui::Sense::click())
        .on_hover_text(format!(
            "{} {}/{} · {}",
            l.pick("Pavor", "Fear"),
            ms.fear,
            ms.courage(),
            l.pick("pulsa para ajustar a mano", "click to adjust by hand")
        ))
}

fn card_body(ui: &mut egui::Ui, st: &GameState, ms: &ModelState, out: bool, l: Lang) {
    ui.set_width(ui.available_width());
    let visuals = ui.visuals().clone();
    // The name on its own line, whole (wrapped at spaces), then the status.
    let mut name = egui::RichText::new(format!("{}{}", if ms.leader { "★ " } else { "" }, ms.name))
        .strong()
        .size(17.0);
    if out {
        name = name.strikethrough().weak();
    }
    ui.add(egui::Label::new(name).wrap());
    let color = match ms.status {
        Status::Standing => visuals.text_color(),
        Status::Prone => AMBER,
        _ => RED,
    };
    let status = if ms.acted {
        format!("✔ {}", ms.status.label(l))
    } else {
        ms.status.label(l).to_string()
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(status).color(color).size(15.0))
            .on_hover_text(if ms.acted {
                l.pick("Ya actuó este turno", "Has acted this turn")
            } else {
                l.pick("Aún no ha actuado", "Has not acted yet")
            });
        ui.label(
            egui::RichText::new(format!(
                "· {} {} · {} {}",
                l.pick("Ronda", "Round"),
                ms.round,
                l.pick("PD propios", "own DP"),
                ms.own_total()
            ))
            .size(15.0),
        );
    });
    let p = &ms.profile.stats;
    ui.label(
        egui::RichText::new(format!(
            "Ag {} · {} {} · {} {} · {} {} · {} {} · {} {}",
            ms.agility(),
            Stat::Combat.abbrev(l),
            p.combat,
            Stat::Accuracy.abbrev(l),
            p.accuracy,
            Stat::Strength.abbrev(l),
            p.strength,
            Stat::Toughness.abbrev(l),
            ms.toughness(),
            Stat::Courage.abbrev(l),
            ms.courage()
        ))
        .size(15.0),
    );
    fear_pips(ui, ms.fear, ms.courage());
    if !ms.engaged.is_empty() {
        let names: Vec<String> = ms.engaged.iter().map(|e| st.name(*e)).collect();
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!(
                    "⚔ {} {}",
                    l.pick("trabada con", "engaged with"),
                    names.join(", ")
                ))
                .size(15.0)
                .color(AMBER),
            )
            .wrap(),
        );
    }
    if let Some(fall) = ms.pending_fall(l) {
        ui.add(egui::Label::new(egui::RichText::new(fall).size(15.0).color(RED)).wrap());
    }
}

/// Fear markers as pips: filled up to the fear, a gap at Courage (one
/// complication, R31), red at twice Courage (the model flees).
fn fear_pips(ui: &mut egui::Ui, fear: i32, courage: i32) {
    let total = (courage * 2).max(fear).max(1);
    let size = 11.0;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(total as f32 * (size + 3.0) + 6.0, size + 4.0),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    for i in 0..total {
        let gap = if i >= courage { 6.0 } else { 0.0 };
        let c = egui::pos2(
            rect.left() + i as f32 * (size + 3.0) + size / 2.0 + gap,
            rect.center().y,
        );
        let color = if i >= courage * 2 - 1 {
            RED
        } else if i >= courage {
            AMBER
        } else {
            CALM
        };
        if i < fear {
            painter.circle_filled(c, size / 2.0, color);
        } else {
            painter.circle_stroke(c, size / 2.0 - 0.5, egui::Stroke::new(1.0, color));
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable as _;

    use crate::core::game::{Action, ModelRef, Side};
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn the_summary_should_count_models_by_status_under_the_players_names() {
        let mut g = new_game();
        let down = ModelRef::b(1);
        g.apply(Action::SetStatus {
            model: down,
            status: crate::core::game::Status::Down,
        })
        .expect("down");
        let standing = g.state().models_of(Side::B).count() - 1;
        let mut h = harness(app(g, Lang::En));
        h.run();
        h.get_by_label("Ana");
        h.get_by_label("Bea");
        h.get_by_label(&format!("{standing} standing · 1 Down · 0 fled"));
        h.get_by_label("VP tied 0–0");
    }
}
