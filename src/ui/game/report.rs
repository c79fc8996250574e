//! After the game (issue 15): the report the core builds from the log,
//! shown when the game ends and from the header at any time; ending the
//! game asks first.

use crate::core::game::act;
use eframe::egui;

use super::GameView;
use super::widgets;
use crate::core::game::Action;
use crate::core::game::report::{Report, report};
use crate::core::glossary;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

impl GameView {
    /// The game is over: the winner and the report, in the centre.
    pub(super) fn ended_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        ui.label(
            egui::RichText::new(format!("🏁 {}", g.now_text(l)))
                .size(26.0)
                .strong(),
        );
        ui.label(l.pick("Deshacer reabre la partida.", "Undo reopens the game."));
        // Issue 38: the campaign's step comes before the report.
        self.after_game_ui(ui, rules, l);
        ui.separator();
        match self.report_of(l) {
            Some(Ok(r)) => report_ui(ui, r, l),
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, &*e);
            }
            None => {}
        }
    }

    /// The report, built from the whole log once per change of the log or
    /// of the language, not on every frame (issue 27: a 100,000-action
    /// game replayed itself each repaint), with its turns in words (issue
    /// 32: kept, not worded again each frame).
    fn report_of(&mut self, l: Lang) -> Option<&mut Result<Shown, String>> {
        let g = self.game.as_ref()?;
        let key = (
            g.actions().len(),
            g.redo_list().len(),
            g.setup().game_id(),
            l,
        );
        if !matches!(&self.report_cache, Some((k, _)) if *k == key) {
            let r = report(g, l)
                .map(|r| Shown::new(r, l))
                .map_err(|e| e.message(l).to_string());
            self.report_cache = Some((key, r));
        }
        self.report_cache.as_mut().map(|(_, r)| r)
    }

    /// The report as a window over the game, from the header's button.
    pub(super) fn report_window(&mut self, ctx: &egui::Context, l: Lang) {
        if !self.show_report {
            return;
        }
        let mut open = true;
        let Some(r) = self.report_of(l) else {
            return;
        };
        egui::Window::new(l.pick("Informe de la partida", "Game report"))
            .open(&mut open)
            .default_size([620.0, 520.0])
            .vscroll(true)
            .show(ctx, |ui| match r {
                Ok(r) => report_ui(ui, r, l),
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, &*e);
                }
            });
        self.show_report = open;
    }

    /// *End the game* was pressed: ask, saying who wins on VP now.
    pub(super) fn end_game_modal(&mut self, ctx: &egui::Context, l: Lang) {
        if !self.confirm_end_game {
            return;
        }
        let Some(g) = self.game.as_ref() else {
            self.confirm_end_game = false;
            return;
        };
        let st = g.state();
        let (a, b) = (st.sides.a.score.total(), st.sides.b.score.total());
        let who = match st.winner() {
            Some(w) => format!(
                "{} {}",
                l.pick("gana", "won by"),
                st.side(w)
                    .map_or_else(String::new, |s| s.warband.to_string())
            ),
            None => l.pick("empate", "a draw").to_string(),
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("end_game_modal")).show(ctx, |ui| {
            ui.heading(l.pick("¿Terminar la partida?", "End the game?"));
            ui.label(format!("{} {a}–{b}: {who}", glossary::VP.get(l)));
            ui.horizontal(|ui| {
                if widgets::big_button(ui, l.pick("🏁 Terminar", "🏁 End it")).clicked() {
                    answer = Some(true);
                }
                if ui
                    .button(l.pick("Seguir jugando", "Keep playing"))
                    .clicked()
                {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                self.confirm_end_game = false;
                self.act(Action::EndGame(act::EndGame {}), l);
            }
            Some(false) => self.confirm_end_game = false,
            None => {}
        }
    }
}

/// A report as the view shows it (issue 32): the report, each turn's
/// heading and story in words, and each turn's height as last laid out at
/// `width`, so that a long report lays out only the turns in view (a
/// 100,000-action game's cost 74 ms per repaint laid out whole).
pub struct Shown {
    report: Report,
    turns: Vec<(String, Vec<String>)>,
    heights: Vec<Option<f32>>,
    width: f32,
}

impl Shown {
    fn new(report: Report, l: Lang) -> Shown {
        let turns: Vec<(String, Vec<String>)> = report
            .turns
            .iter()
            .map(|t| {
                (
                    format!("{} {}", glossary::TURN.get(l), t.turn),
                    t.story(l).into_iter().map(|p| format!("  {p}")).collect(),
                )
            })
            .collect();
        Shown {
            heights: vec![None; turns.len()],
            report,
            turns,
            width: 0.0,
        }
    }
}

/// The report: sides, luck, then the story turn by turn, the turns out of
/// view only counted for their height.
pub(crate) fn report_ui(ui: &mut egui::Ui, shown: &mut Shown, l: Lang) {
    let r = &shown.report;
    ui.columns(r.sides.len().max(1), |cols| {
        for (col, s) in cols.iter_mut().zip(&r.sides) {
            col.label(egui::RichText::new(&s.warband).size(20.0).strong());
            if !s.player.is_empty() {
                col.label(&s.player);
            }
            col.label(egui::RichText::new(s.vp_text(l)).size(30.0).strong());
            col.label(s.vp_parts_text(l));
            col.label(s.models_text(l));
            col.label(s.dp_spent_text(l));
            if let Some(most) = s.most_down_text(l) {
                col.label(format!("⚔ {most}"));
            }
        }
    });
    ui.separator();
    ui.heading(l.pick("La suerte de los dados", "The luck of the dice"));
    for k in &r.luck {
        ui.label(egui::RichText::new(k.summary_text(l)).strong());
        for (mark, line) in ["🍀", "☔"].into_iter().zip(k.extremes(l)) {
            ui.label(format!("  {mark} {line}"));
        }
    }
    ui.separator();
    ui.heading(glossary::TURN_BY_TURN.get(l));
    turns_ui(ui, shown);
}

/// Each turn's heading and story; a turn out of view is space of its
/// height (as last laid out, else guessed from its lines), the runs of
/// them allocated at once.
fn turns_ui(ui: &mut egui::Ui, shown: &mut Shown) {
    let width = ui.available_width();
    if (shown.width - width).abs() > 0.5 {
        shown.heights.fill(None);
        shown.width = width;
    }
    let gap = ui.spacing().item_spacing.y;
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let clip = ui.clip_rect();
    // Space not laid out yet: the turns skipped since the last one shown.
    let mut skipped = 0.0;
    let skip = |ui: &mut egui::Ui, h: &mut f32| {
        if *h > 0.0 {
            ui.allocate_space(egui::vec2(width, *h - gap));
            *h = 0.0;
        }
    };
    for (i, (head, parts)) in shown.turns.iter().enumerate() {
        let guess = (parts.len() + 1) as f32 * (line + gap) - gap;
        let h = shown.heights[i].unwrap_or(guess);
        let top = ui.cursor().min.y + skipped;
        if top > clip.max.y || top + h < clip.min.y {
            skipped += h + gap;
            continue;
        }
        skip(ui, &mut skipped);
        let laid = ui
            .vertical(|ui| {
                ui.label(egui::RichText::new(head).strong());
                for p in parts {
                    ui.add(egui::Label::new(p).wrap());
                }
            })
            .response
            .rect
            .height();
        shown.heights[i] = Some(laid);
    }
    skip(ui, &mut skipped);
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable as _;

    use crate::core::game::{Now, Side};
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn end_the_game_should_ask_then_show_the_winner_and_the_report() {
        let mut h = harness(app(game_under_way(), Lang::En));
        h.run();
        h.get_by_label("🏁 End the game").click();
        h.run();
        // It asks first, saying who wins on VP.
        h.get_by_label("End the game?");
        assert!(!matches!(game(&h).now(), Now::Ended { .. }));
        h.get_by_label("🏁 End it").click();
        h.run();
        assert!(matches!(
            game(&h).now(),
            Now::Ended {
                winner: Some(Side::A)
            }
        ));
        h.get_by_label("The luck of the dice");
        h.get_by_label("Turn by turn");
        assert!(
            h.query_all_by_label_contains("Game over: won by Guardia del Paso de Hierro")
                .next()
                .is_some()
        );
    }
}
