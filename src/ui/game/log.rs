//! The log: whole lines, wrapped, the newest in view; a filter by warband
//! or model; actions undone (and those waiting for redo) shown struck
//! through where they were.

use super::GameView;
use super::widgets::player;
use crate::core::game::{Action, Game, ModelRef, Side, Undone};
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

/// One row of the log as listed, its text built only when it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// The log's entry at this index.
    Entry(usize),
    /// The undone action at this index of `Game::undone`.
    Undone(usize),
    /// The action at this index of `Game::redo_list`.
    Redo(usize),
}

/// The rows of the log, oldest first, undone actions at the place they
/// had, then those waiting for redo (the next one last). No text is made
/// here: a 100,000-action log lists its rows in a few milliseconds, and
/// only the rows in view are described (issue 27).
fn rows(g: &Game) -> Vec<Row> {
    let mut undone: Vec<(usize, usize)> = g
        .undone()
        .iter()
        .enumerate()
        .map(|(i, u)| (u.at, i))
        .collect();
    undone.sort_by_key(|(at, _)| *at);
    let mut out = Vec::with_capacity(g.actions().len() + undone.len() + g.redo_list().len());
    let mut u = undone.into_iter().peekable();
    for index in 0..g.actions().len() {
        while let Some((_, i)) = u.next_if(|(at, _)| *at <= index) {
            out.push(Row::Undone(i));
        }
        out.push(Row::Entry(index));
    }
    out.extend(u.map(|(_, i)| Row::Undone(i)));
    out.extend((0..g.redo_list().len()).rev().map(Row::Redo));
    out
}

/// One row as shown: its number in the log (none for an undone action),
/// its text, and whether it is undone or starts a turn.
fn line(g: &Game, row: Row, l: Lang) -> Line {
    match row {
        Row::Entry(i) => Line {
            number: Some(i + 1),
            text: g
                .log()
                .nth(i)
                .map(|e| e.describe(l).to_string())
                .unwrap_or_default(),
            undone: false,
            turn_start: matches!(g.actions().get(i), Some(Action::StartTurn(_))),
        },
        Row::Undone(i) => {
            let u = g.undone().get(i);
            let mut line = undone_line(g, u.map(|u| &u.action), l);
            // Issue 33: by whose leave it was taken back.
            if let Some(leave) = u.and_then(|u| u.leave) {
                line.text = format!("{} — {}", line.text, leave.words(g.state(), l));
            }
            line
        }
        Row::Redo(i) => {
            let a = g.redo_list().get(i);
            let mut line = undone_line(g, a, l);
            // Issue 33: a roll the laptop undid is taken back by it, even
            // while it may be redone (as the report says).
            let leave = a.and_then(|a| Undone::dropped(0, a.clone()).leave);
            if let Some(leave) = leave {
                line.text = format!("{} — {}", line.text, leave.words(g.state(), l));
            }
            line
        }
    }
}

/// One line of the log as shown.
struct Line {
    /// Its place in the log (1-based), or none for an undone action.
    number: Option<usize>,
    text: String,
    undone: bool,
    turn_start: bool,
}

fn undone_line(g: &Game, a: Option<&Action>, l: Lang) -> Line {
    Line {
        number: None,
        text: a.map(|a| g.describe(a, l)).unwrap_or_default(),
        undone: true,
        turn_start: false,
    }
}

/// The rows a filter keeps, kept between frames: rebuilt only when the
/// log, the filter or the language changes.
#[derive(Default)]
pub struct LogRows {
    key: (usize, usize, usize, Option<LogFilter>, Option<Lang>, String),
    rows: Vec<Row>,
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
        filter_ui(ui, g, &mut self.log_filter, l);
        self.log_rows.refresh(g, self.log_filter, l);
        lines_ui(ui, g, &self.log_rows.rows, l);
    }
}

impl LogRows {
    /// The rows `filter` keeps, listed again only when the log, the filter
    /// or the language changed.
    fn refresh(&mut self, g: &Game, filter: LogFilter, l: Lang) {
        let key = (
            g.actions().len(),
            g.undone().len(),
            g.redo_list().len(),
            Some(filter),
            Some(l),
            g.setup().game_id(),
        );
        if self.key != key {
            let mut all = rows(g);
            if filter != LogFilter::All {
                // A filter reads every line once, then keeps the rows.
                all.retain(|r| keep(g, filter, &line(g, *r, l).text));
            }
            *self = LogRows { key, rows: all };
        }
    }
}

/// "Show:" and the list of filters: everything, each warband, each model.
fn filter_ui(ui: &mut egui::Ui, g: &Game, filter: &mut LogFilter, l: Lang) {
    ui.horizontal(|ui| {
        let lbl = ui.label(l.pick("Mostrar:", "Show:"));
        egui::ComboBox::from_id_salt("log_filter")
            .selected_text(filter_label(g, *filter, l))
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
                    ui.selectable_value(filter, f, text);
                }
            })
            .response
            .labelled_by(lbl.id);
    });
}

/// How a row of the log looks: its font, its height and its colours.
struct RowLook {
    font: egui::FontId,
    row_h: f32,
    strong: egui::Color32,
    plain: egui::Color32,
    weak: egui::Color32,
}

/// The rows `shown`, the newest in view. Every row has the height of two
/// lines of text: longer lines are cut there and shown whole on hover, so
/// that only the rows in view are laid out (`show_rows`), however long the
/// game.
fn lines_ui(ui: &mut egui::Ui, g: &Game, shown: &[Row], l: Lang) {
    let size = crate::ui::style::game_sizes(ui.ctx().content_rect().width()).log;
    let font = egui::FontId::proportional(size);
    let line_h = ui.fonts_mut(|f| f.row_height(&font));
    let look = RowLook {
        font,
        row_h: 2.0 * line_h + 4.0,
        strong: ui.visuals().strong_text_color(),
        plain: ui.visuals().text_color(),
        weak: ui.visuals().weak_text_color(),
    };
    egui::ScrollArea::vertical()
        .id_salt(("game_log_lines", g.setup().game_id()))
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, look.row_h, shown.len(), |ui, range| {
            ui.spacing_mut().item_spacing.y = 0.0;
            for row in &shown[range] {
                row_ui(ui, &line(g, *row, l), &look, l);
            }
        });
}

/// One row: numbered (or marked undone and struck through), a rule above
/// a turn's start.
fn row_ui(ui: &mut egui::Ui, line: &Line, look: &RowLook, l: Lang) {
    let RowLook {
        font,
        row_h,
        strong,
        plain,
        weak,
    } = look;
    let row_h = *row_h;
    let text = match line.number {
        Some(n) => format!("{n}. {}", line.text),
        None => format!("↶ {} {}", l.pick("(deshecha)", "(undone)"), line.text),
    };
    let mut format = egui::TextFormat::simple(font.clone(), *plain);
    if line.undone {
        format.color = *weak;
        format.strikethrough = egui::Stroke::new(1.0, *weak);
    }
    if line.turn_start {
        format.color = *strong;
    }
    let mut job = egui::text::LayoutJob::single_section(text, format);
    job.wrap.max_rows = 2;
    job.wrap.max_width = ui.available_width();
    // Exactly one row high, the text left-aligned at its top.
    let w = ui.available_width();
    let inner = ui.allocate_ui_with_layout(
        egui::vec2(w, row_h),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(w, row_h));
            ui.set_max_height(row_h);
            ui.add(egui::Label::new(job))
        },
    );
    let (rect, r) = (inner.response.rect, inner.inner);
    if line.turn_start {
        ui.painter().hline(
            rect.x_range(),
            rect.top(),
            ui.visuals().widgets.noninteractive.bg_stroke,
        );
    }
    if r.hovered() {
        r.on_hover_text(&line.text);
    }
}

#[cfg(test)]
mod tests {
    use crate::core::game::act;
    use egui_kittest::kittest::Queryable as _;

    use crate::core::game::{Action, Side};
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn the_log_should_filter_by_model_and_mark_undone_actions() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let m = g.state().actor().expect("actor");
        g.act(Action::Move(act::Move { model: m })).expect("move");
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
