//! The log: whole lines, wrapped, the newest in view; a filter by warband
//! or model; actions undone (and those waiting for redo) shown struck
//! through where they were.

use super::GameView;
use super::widgets::player;
use crate::core::game::{Action, Game, ModelRef, Side};
use crate::core::text::Lang;

/// Which lines the log shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFilter {
    #[default]
    All,
    /// Lines naming a model of this warband (or the warband).
    Side(Side),
    /// Lines naming this model.
    Model(ModelRef),
}

/// The newest lines shown until *Show all* is pressed: a long game's log
/// stays quick to draw.
const RECENT: usize = 400;

/// One line of the log as shown.
struct Line {
    /// Its place in the log (1-based), or none for an undone action.
    number: Option<usize>,
    text: String,
    undone: bool,
    turn_start: bool,
}

/// The log's lines, oldest first, undone actions at the place they had.
fn lines(g: &Game, l: Lang) -> Vec<Line> {
    let mut undone: Vec<(usize, &Action)> = g.undone().iter().map(|u| (u.at, &u.action)).collect();
    undone.sort_by_key(|(at, _)| *at);
    let mut out = Vec::new();
    let mut u = undone.into_iter().peekable();
    for e in g.log() {
        while let Some((_, a)) = u.next_if(|(at, _)| *at <= e.index) {
            out.push(undone_line(g, a, l));
        }
        out.push(Line {
            number: Some(e.index + 1),
            text: e.describe(l).to_string(),
            undone: false,
            turn_start: matches!(e.action, Action::StartTurn { .. }),
        });
    }
    out.extend(u.map(|(_, a)| undone_line(g, a, l)));
    // Undone and waiting for redo: the next one to redo is last in the list.
    out.extend(g.redo_list().iter().rev().map(|a| undone_line(g, a, l)));
    out
}

fn undone_line(g: &Game, a: &Action, l: Lang) -> Line {
    Line {
        number: None,
        text: g.describe(a, l),
        undone: true,
        turn_start: false,
    }
}

/// Does `text` belong to what the filter picks? The log's lines name
/// models and warbands, so a line is theirs when it names them.
fn keep(g: &Game, filter: LogFilter, text: &str) -> bool {
    let st = g.state();
    match filter {
        LogFilter::All => true,
        LogFilter::Model(m) => text.contains(&st.name(m)),
        LogFilter::Side(s) => {
            st.side(s)
                .is_some_and(|x| text.contains(x.warband.as_ref()))
                || st.models_of(s).any(|(_, m)| text.contains(m.name.as_ref()))
        }
    }
}

fn filter_label(g: &Game, f: LogFilter, l: Lang) -> String {
    match f {
        LogFilter::All => l.pick("Todo", "Everything").to_string(),
        LogFilter::Side(s) => player(g.state(), s, l),
        LogFilter::Model(m) => g.state().name(m),
    }
}

impl GameView {
    pub(super) fn log_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        ui.horizontal(|ui| {
            ui.heading(l.pick("Registro", "Log"));
            ui.label(
                egui::RichText::new(format!(
                    "{} {}",
                    g.actions().len(),
                    l.pick("acciones", "actions")
                ))
                .weak(),
            );
        });
        let mut filter = self.log_filter;
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Mostrar:", "Show:"));
            egui::ComboBox::from_id_salt("log_filter")
                .selected_text(filter_label(g, filter, l))
                .width(ui.available_width() - 8.0)
                .show_ui(ui, |ui| {
                    let mut all = vec![LogFilter::All];
                    for s in Side::WARBANDS {
                        all.push(LogFilter::Side(s));
                        all.extend(g.state().models_of(s).map(|(m, _)| LogFilter::Model(m)));
                    }
                    for f in all {
                        let text = match f {
                            LogFilter::Model(_) => format!("   {}", filter_label(g, f, l)),
                            _ => filter_label(g, f, l),
                        };
                        ui.selectable_value(&mut filter, f, text);
                    }
                })
                .response
                .labelled_by(lbl.id);
        });
        self.log_filter = filter;
        let shown: Vec<Line> = lines(g, l)
            .into_iter()
            .filter(|x| keep(g, filter, &x.text))
            .collect();
        let skip = if self.log_all {
            0
        } else {
            shown.len().saturating_sub(RECENT)
        };
        let mut show_all = false;
        egui::ScrollArea::vertical()
            .id_salt("game_log_lines")
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if skip > 0 {
                    show_all = ui
                        .button(format!(
                            "{} ({skip})",
                            l.pick("Ver las anteriores", "Show the earlier ones")
                        ))
                        .clicked();
                }
                for line in &shown[skip..] {
                    if line.turn_start {
                        ui.separator();
                    }
                    let text = match line.number {
                        Some(n) => format!("{n}. {}", line.text),
                        None => format!("↶ {} {}", l.pick("(deshecha)", "(undone)"), line.text),
                    };
                    let mut rich = egui::RichText::new(text).size(15.0);
                    if line.undone {
                        rich = rich.strikethrough().weak();
                    }
                    if line.turn_start {
                        rich = rich.strong();
                    }
                    ui.add(egui::Label::new(rich).wrap());
                }
            });
        if show_all {
            self.log_all = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable as _;

    use crate::core::game::{Action, Side};
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn the_log_should_filter_by_model_and_mark_undone_actions() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let m = g.state().actor().expect("actor");
        g.act(Action::Move { model: m }).expect("move");
        g.undo().expect("undo");
        let name = g.state().name(m);
        let mut h = harness(app(g, Lang::En));
        h.run();
        // Undone, waiting for redo: still in the log, marked.
        h.get_by_label(&format!("↶ (undone) {name} moves"));
        // A filter by another model hides this model's lines.
        let other = game(&h)
            .state()
            .models_of(Side::B)
            .map(|(r, _)| r)
            .find(|r| *r != m)
            .expect("another model");
        h.state_mut().game.log_filter = crate::ui::game::LogFilter::Model(other);
        h.run();
        // The log's lines are numbered ("12. …"); the header's "Last:" line is not.
        let line = format!(". {name} activates");
        assert!(h.query_by_label_contains(&line).is_none());
        h.state_mut().game.log_filter = crate::ui::game::LogFilter::Model(m);
        h.run();
        assert!(h.query_by_label_contains(&line).is_some());
    }

    #[test]
    fn each_roll_should_be_followed_by_one_line_that_says_what_happened() {
        let mut h = harness(app(new_game(), Lang::En));
        h.run();
        h.get_by_label("Use this die").click();
        h.run();
        let last = game(&h).log().last().expect("an entry").describe(Lang::En);
        h.get_by_label(&format!("Last: {last}"));
    }
}
