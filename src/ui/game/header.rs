//! The header: turn and round, who acts now (by the players' names), who
//! leads, the last thing that happened in one line, the one fixed place for
//! messages and errors, and undo, redo, *End turn* and close.

use super::GameView;
use super::widgets::{self, GOLD};
use crate::core::game::act;
use crate::core::game::{Action, Game, GameError};
use crate::core::glossary;
use crate::core::text::{Lang, Text};
use crate::ui::style;

/// What the game waits for, in the core's words (the players by name).
fn now_line(g: &Game, l: Lang) -> String {
    g.now_text(l)
}

/// Who leads on VP, or a tie, in the core's words.
fn leader_line(g: &Game, l: Lang) -> String {
    g.lead_text().get(l).to_string()
}

/// Text in a box of a fixed number of rows: longer text is cut there and
/// shown whole on hover, so the header never grows under the cursor.
fn fixed_rows(ui: &mut egui::Ui, text: egui::RichText, rows: usize, hover: &str) {
    let mut job = egui::text::LayoutJob::default();
    text.append_to(
        &mut job,
        ui.style(),
        egui::FontSelection::Default,
        egui::Align::Min,
    );
    job.wrap.max_rows = rows;
    job.wrap.max_width = ui.available_width();
    let row_h = job
        .sections
        .first()
        .map_or(16.0, |s| s.format.font_id.size * 1.3);
    let w = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(w, row_h * rows as f32),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_height(row_h * rows as f32);
            let r = ui.add(egui::Label::new(job).wrap());
            if !hover.is_empty() {
                r.on_hover_text(hover);
            }
        },
    );
}

/// A window this short (in points: 1280×800 at 150 % is 533) gives the
/// header's last-outcome line one row, not two, and the warband's summary
/// one row for player, warband and totem.
pub(super) const SHORT_WINDOW: f32 = 600.0;

/// A button of the header.
#[derive(Clone, Copy)]
enum Click {
    Undo,
    Redo,
    Close,
    EndTurn,
    Report,
    EndGame,
    Replay,
    Share,
    /// Issue 32, writing stopped: the game to a new file, or the file read again.
    SaveNew,
    Reload,
}

impl GameView {
    pub(super) fn header_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let locked = self.locked();
        let Some(g) = self.game.as_ref() else {
            return;
        };
        // In a replay the turn and round are the replayed ones.
        let st = self.replay.as_ref().map_or(g.state(), |r| &r.state);
        let left = g.not_acted();
        // Turn, round and score first, in one wrapped label: at any zoom
        // it wraps or drops to a second row, and no button sits on it.
        let turn = match (self.replay.is_some(), g.now()) {
            // Before a turn is rolled the header names the turn to roll,
            // as the line under it does ("Turn 1: roll the dark forces").
            (false, crate::core::game::Now::StartTurn { turn }) => turn,
            _ => st.turn.max(1),
        };
        let round = st.round.as_ref().map_or(String::new(), |r| {
            format!(" · {} {}", glossary::ROUND.get(l), r.round)
        });
        // Issue 37: on a phone smaller, so the view keeps the height.
        let (size, score) = if style::narrow(ui) {
            (style::SIZE_RESULT, style::SIZE_RESULT)
        } else {
            (style::SIZE_HEADER, style::SIZE_HEADER_SCORE)
        };
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("{} {turn}{round}", glossary::TURN.get(l)))
                        .size(size)
                        .strong(),
                )
                .wrap(),
            );
            ui.separator();
            ui.add(
                egui::Label::new(egui::RichText::new(leader_line(g, l)).size(score).strong())
                    .wrap(),
            );
        });
        let mut clicked = self.buttons_ui(ui, g, locked.as_ref(), l);
        last_lines_ui(ui, g, l);
        // The one place for messages and errors: one row, always there.
        // Issue 32: what the file lacks stays there until it is saved.
        let unsaved = g.unsaved().map(|e| (Text::each(|l| e.message(l)), true));
        if g.writing_stopped().is_some() {
            ui.horizontal(|ui| {
                let save = l.pick("Guardar como partida nueva", "Save as a new game");
                if ui.button(save).clicked() {
                    clicked = Some(Click::SaveNew);
                }
                let reload = l.pick("Volver a cargar del disco", "Reload from disk");
                if ui.button(reload).clicked() {
                    clicked = Some(Click::Reload);
                }
            });
        }
        let (text, err) = unsaved.or_else(|| self.message.clone()).unwrap_or_default();
        let text = text.get(l);
        let rich = if err {
            egui::RichText::new(format!("⚠ {text}")).color(ui.visuals().error_fg_color)
        } else {
            egui::RichText::new(text).weak()
        };
        fixed_rows(ui, rich.size(15.0), 1, text);
        match clicked {
            Some(Click::Undo) => self.undo(),
            Some(Click::Redo) => self.redo(),
            Some(Click::Close) => {
                self.share_stop();
                self.game = None;
            }
            Some(Click::Share) => self.share.open = !self.share.open,
            Some(Click::EndTurn) if !left.is_empty() => self.confirm_end_turn = true,
            Some(Click::EndTurn) => {
                self.act(Action::EndTurn(act::EndTurn {}), l);
            }
            Some(Click::Report) => self.show_report = !self.show_report,
            Some(Click::EndGame) => self.confirm_end_game = true,
            Some(Click::Replay) if self.replay.is_some() => self.replay = None,
            Some(Click::Replay) => self.start_replay(),
            Some(Click::SaveNew) => self.save_new(),
            Some(Click::Reload) => self.reload(),
            None => {}
        }
    }

    /// The buttons, always in this order from the left: Undo, Redo and
    /// Close never move; End turn and End the game come and go last, so
    /// they push nothing under the mouse (issue 27). Returns the one
    /// clicked.
    fn buttons_ui(
        &self,
        ui: &mut egui::Ui,
        g: &Game,
        locked: Option<&GameError>,
        l: Lang,
    ) -> Option<Click> {
        // Issue 37: a game only viewed here has every change disabled,
        // the core's reason on hover.
        let (can_undo, can_redo) = match locked {
            Some(_) => (false, false),
            None => (g.can_undo(), g.can_redo()),
        };
        let why = |r: egui::Response| match locked {
            Some(e) => r.on_disabled_hover_text(e.message(l)),
            None => r,
        };
        let offers = g.offers();
        let refused = |o: &crate::core::game::Offer| {
            let mut o = o.clone();
            if let Some(e) = locked {
                o.allowed = false;
                o.why_not = Some(e.clone());
            }
            o
        };
        let end_turn = offers.find("end_turn").map(refused);
        let end_game = offers.find("end_game").map(refused);
        let mut clicked = None;
        ui.horizontal_wrapped(|ui| {
            // Labels read at arm's length, like the view's other buttons.
            ui.style_mut().text_styles.insert(
                egui::TextStyle::Button,
                egui::FontId::proportional(style::SIZE_HEADER_BUTTON),
            );
            if why(ui.add_enabled(can_undo, egui::Button::new(l.pick("↶ Deshacer", "↶ Undo"))))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                clicked = Some(Click::Undo);
            }
            if why(ui.add_enabled(can_redo, egui::Button::new(l.pick("↷ Rehacer", "↷ Redo"))))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                clicked = Some(Click::Redo);
            }
            let end_turn_ui = |ui: &mut egui::Ui| {
                let o = end_turn.as_ref()?;
                // How many have not acted, in the core's words.
                let left = g.not_acted_text().map(|t| format!(" ({})", t.get(l)));
                let text = format!(
                    "⏹ {}{}",
                    l.pick("Terminar el turno", "End the turn"),
                    left.unwrap_or_default()
                );
                widgets::offer_button(ui, o, &text, None, l).then_some(Click::EndTurn)
            };
            let end_game_ui = |ui: &mut egui::Ui| {
                let o = end_game.as_ref()?;
                let text = format!("🏁 {}", l.pick("Terminar la partida", "End the game"));
                widgets::offer_button(ui, o, &text, None, l).then_some(Click::EndGame)
            };
            if style::narrow(ui) {
                // Issue 37: on a phone few rows: Undo, Redo, the rest in
                // a menu, End turn last (it comes and goes), so the game
                // keeps the height.
                ui.menu_button(l.pick("Más…", "More…"), |ui| {
                    // As large as the row's buttons: a finger's target.
                    ui.style_mut().text_styles.insert(
                        egui::TextStyle::Button,
                        egui::FontId::proportional(style::SIZE_HEADER_BUTTON),
                    );
                    let c = self.rest_buttons_ui(ui, false, l);
                    let c = c.or(end_game_ui(ui));
                    if c.is_some() {
                        clicked = c;
                        ui.close();
                    }
                });
                let c = end_turn_ui(ui);
                clicked = clicked.or(c);
                return;
            }
            let c = self.rest_buttons_ui(ui, true, l);
            clicked = clicked.or(c);
            ui.separator();
            let c = end_turn_ui(ui);
            clicked = clicked.or(c);
            let c = end_game_ui(ui);
            clicked = clicked.or(c);
        });
        clicked
    }

    /// Close, Report, Replay and Share the table: in the row on a wide
    /// screen (a separator after Close), in the menu on a phone.
    fn rest_buttons_ui(&self, ui: &mut egui::Ui, wide: bool, l: Lang) -> Option<Click> {
        let mut clicked = None;
        if ui
            .button(l.pick("Cerrar partida", "Close game"))
            .on_hover_text(l.pick("La partida queda guardada", "The game stays saved"))
            .clicked()
        {
            clicked = Some(Click::Close);
        }
        if wide {
            ui.separator();
        }
        if ui
            .button(l.pick("📜 Informe", "📜 Report"))
            .on_hover_text(l.pick(
                "La historia de la partida, sus bajas y la suerte de los dados",
                "The game's story, its losses and the luck of the dice",
            ))
            .clicked()
        {
            clicked = Some(Click::Report);
        }
        if ui
            .button(l.pick("↻ Repetición", "↻ Replay"))
            .on_hover_text(l.pick(
                "Recorre la partida turno a turno y acción a acción",
                "Step through the game turn by turn and action by action",
            ))
            .clicked()
        {
            clicked = Some(Click::Replay);
        }
        if self.share_button_ui(ui, l) {
            clicked = Some(Click::Share);
        }
        clicked
    }

    /// Share the table: which seats' phones are connected, at a glance.
    fn share_button_ui(&self, ui: &mut egui::Ui, l: Lang) -> bool {
        let share = if self.share.is_running() {
            let dot = |seat| {
                if self.share.connected(seat) {
                    "●"
                } else {
                    "○"
                }
            };
            format!(
                "📱 A{} B{} ",
                dot(crate::server::Seat::A),
                dot(crate::server::Seat::B)
            )
        } else {
            "📱 ".to_string()
        };
        ui.button(format!(
            "{share}{}",
            l.pick("Compartir la mesa", "Share the table")
        ))
        .on_hover_text(l.pick(
            "La partida en vivo en el teléfono de cada jugador, que juega desde él \
             (● teléfono conectado)",
            "The game live on each player's phone, to play from it (● phone connected)",
        ))
        .clicked()
    }
}

/// What the game waits for, then what just happened: the core's words for
/// the last log entry.
fn last_lines_ui(ui: &mut egui::Ui, g: &Game, l: Lang) {
    // Issue 37: on a phone what the game waits for takes two rows of a
    // smaller size, whole (one row cut it: "A wins the roll-off and …").
    let (size, rows) = if style::narrow(ui) {
        (18.0, 2)
    } else {
        (20.0, 1)
    };
    fixed_rows(
        ui,
        egui::RichText::new(format!("▶ {}", now_line(g, l)))
            .size(size)
            .color(GOLD),
        rows,
        "",
    );
    let last = g.log().last().map(|e| e.describe(l).to_string());
    let last = last.unwrap_or_default();
    fixed_rows(
        ui,
        egui::RichText::new(if last.is_empty() {
            String::new()
        } else {
            format!("{} {last}", l.pick("Último:", "Last:"))
        })
        .size(17.0)
        .strong(),
        // Two rows, unless the window is short (a zoomed 1280×800) or
        // narrow (a phone): then one, whole on hover, and the cards (the
        // phone's column) keep the height.
        if ui.ctx().content_rect().height() < SHORT_WINDOW || style::narrow(ui) {
            1
        } else {
            2
        },
        &last,
    );
}

impl GameView {
    /// Issue 32: the game as played, to a new file beside the old one
    /// (a free name of the games folder's kind), autosaved there from now on.
    fn save_new(&mut self) {
        let Some(h) = self.game.as_mut() else {
            return;
        };
        let dir = h
            .path()
            .and_then(std::path::Path::parent)
            .map_or_else(|| self.library.games(), |d| d.to_path_buf());
        match h.save_in(&dir) {
            Ok(p) => self.say(
                Text::each(|l| {
                    format!(
                        "{} {}",
                        l.pick("Partida guardada en", "Game saved to"),
                        p.display()
                    )
                }),
                false,
            ),
            Err(e) => self.say(Text::each(|_| e.to_string()), true),
        }
    }

    /// Issue 32: the file read again as it is on disk; this game's
    /// recovery file stays.
    fn reload(&mut self) {
        let Some(h) = self.game.as_mut() else {
            return;
        };
        match h.reload() {
            Ok(_) => self.message = None,
            Err(e) => self.say(Text::each(|_| e.to_string()), true),
        }
        self.replay = None;
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable as _;

    use super::super::testkit;
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn the_scale_control_should_zoom_and_be_remembered() {
        let mut h = harness(app(new_game(), Lang::En));
        h.run();
        h.get_by_label("100 %");
        h.get_by_label("A+").click();
        h.run();
        assert!((h.state().prefs.ui_scale - 1.1).abs() < 1e-4);
        assert!((h.ctx.zoom_factor() - 1.1).abs() < 1e-4);
        h.get_by_label("110 %");
    }

    /// Issue 27: at 80, 100, 130 and 150 % in a 1280×800 window the header
    /// shows turn, round and score, whole, inside the window, and no
    /// button lies over them.
    #[test]
    fn the_header_should_show_turn_round_and_score_at_every_zoom() {
        for scale in [0.8, 1.0, 1.3, 1.5] {
            for lang in [Lang::En, Lang::Es] {
                let mut g = testkit::new_game();
                testkit::step_to_acting(&mut g, 1);
                testkit::end_activation(&mut g);
                let round = g.state().round.as_ref().map(|r| r.round).expect("a round");
                let mut h = testkit::harness(testkit::app(g, lang, scale));
                h.run();
                h.run();
                let turn = format!(
                    "{} 1 · {} {round}",
                    crate::core::glossary::TURN.get(lang),
                    crate::core::glossary::ROUND.get(lang)
                );
                let score = lang.pick("Empate a PV 0–0", "VP tied 0–0");
                let screen = egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(1280.0 / scale, 800.0 / scale),
                );
                let rects = [h.get_by_label(&turn).rect(), h.get_by_label(score).rect()];
                assert!(
                    !rects[0].intersects(rects[1].shrink(1.0)),
                    "{scale}: overlap"
                );
                let end = h
                    .get_by_label_contains(lang.pick("Terminar el turno", "End the turn"))
                    .rect();
                let mut buttons = vec![end];
                for b in [
                    lang.pick("↶ Deshacer", "↶ Undo"),
                    lang.pick("Cerrar partida", "Close game"),
                    lang.pick("📜 Informe", "📜 Report"),
                    lang.pick("↻ Repetición", "↻ Replay"),
                ] {
                    buttons.push(h.get_by_label(b).rect());
                }
                for rect in rects {
                    assert!(
                        screen.expand(1.0).contains_rect(rect),
                        "{scale}: header {rect:?} outside {screen:?}"
                    );
                    for b in &buttons {
                        assert!(!b.intersects(rect.shrink(1.0)), "{scale}: {b:?} over it");
                        assert!(screen.expand(1.0).contains_rect(*b), "{scale}: {b:?} cut");
                    }
                }
            }
        }
    }

    /// Issue 27: Undo, Redo and Close keep their place whether End turn
    /// and End the game are offered or not.
    #[test]
    fn undo_and_close_should_not_move_when_end_turn_comes_and_goes() {
        let g = testkit::new_game();
        let mut h = testkit::harness(testkit::app(g, Lang::En, 1.0));
        h.run();
        let before = (
            h.get_by_label("↶ Undo").rect(),
            h.get_by_label("Close game").rect(),
        );
        assert!(h.query_by_label_contains("End the turn").is_none());
        let mut g = testkit::new_game();
        testkit::step_to_acting(&mut g, 1);
        testkit::end_activation(&mut g);
        let mut h = testkit::harness(testkit::app(g, Lang::En, 1.0));
        h.run();
        h.get_by_label_contains("End the turn");
        let after = (
            h.get_by_label("↶ Undo").rect(),
            h.get_by_label("Close game").rect(),
        );
        assert_eq!(before.0.min, after.0.min);
        assert_eq!(before.1.min, after.1.min);
    }

    /// Issue 37: on a phone (390×844) the header is a few rows, so the
    /// game keeps the height: Undo, Redo and the menu of the rest in one
    /// row, End the turn after them; what the game waits for within the
    /// top quarter of the screen. 1280 keeps every button in the row.
    #[test]
    fn a_phone_should_get_a_compact_header_with_the_rest_in_a_menu() {
        let mut g = testkit::new_game();
        testkit::step_to_acting(&mut g, 1);
        testkit::end_activation(&mut g);
        let mut h = egui_kittest::Harness::builder()
            .with_size([390.0, 844.0])
            .build_ui_state(
                |ui, app: &mut crate::ui::ImpiaApp| app.show(ui),
                testkit::app(g.clone(), Lang::En, 1.0),
            );
        h.run();
        let undo = h.get_by_label("↶ Undo").rect();
        let end = h.get_by_label_contains("End the turn").rect();
        let more = h.get_by_label("More…").rect();
        assert!(
            (undo.center().y - more.center().y).abs() < 1.0,
            "{undo:?} {more:?}"
        );
        assert!(end.right() <= 390.0, "{end:?} cut");
        assert!(h.query_by_label("Close game").is_none());
        let now = h.get_by_label_contains("▶").rect();
        assert!(
            now.bottom() < 844.0 / 4.0,
            "{now:?}: the header is too tall"
        );
        h.get_by_label("More…").click();
        h.run();
        for b in ["Close game", "📜 Report", "↻ Replay"] {
            let r = h.get_by_label(b).rect();
            assert!(r.right() <= 390.0, "{b}: {r:?} cut");
        }
        let mut wide = testkit::harness(testkit::app(g, Lang::En, 1.0));
        wide.run();
        wide.get_by_label("Close game");
        assert!(wide.query_by_label("More…").is_none());
    }

    /// Before the first turn is rolled the header names turn 1, as the
    /// line under it does, not "Turn 0".
    #[test]
    fn the_header_should_not_say_turn_zero() {
        let mut h = testkit::harness(testkit::app(testkit::new_game(), Lang::En, 1.0));
        h.run();
        assert!(h.query_by_label_contains("Turn 0").is_none());
        h.get_by_label("Turn 1");
    }
}
