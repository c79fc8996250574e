//! Replay (issue 15): step through a game turn by turn and action by
//! action; the cards show the state at that point, the centre says what
//! that action did. The live game is untouched.

use eframe::egui;

use super::GameView;
use super::widgets::big_button;
use crate::core::game::{Action, Game, GameState};
use crate::core::text::{Lang, Text};

/// Where the replay stands: after `at` actions, and the state there.
pub struct Replay {
    pub at: usize,
    pub state: GameState,
}

/// The log positions where a turn starts (after its StartTurn).
fn turn_starts(g: &Game) -> Vec<usize> {
    g.actions()
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Action::StartTurn(_)))
        .map(|(i, _)| i + 1)
        .collect()
}

impl GameView {
    /// Start replaying from the first turn.
    pub(super) fn start_replay(&mut self) {
        let first = self
            .game
            .as_ref()
            .and_then(|g| turn_starts(g).first().copied())
            .unwrap_or(0);
        self.replay_to(first);
    }

    fn replay_to(&mut self, at: usize) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let at = at.min(g.actions().len());
        match g.state_at(at) {
            Ok(state) => self.replay = Some(Replay { at, state }),
            Err(e) => self.say(Text::each(|l| e.message(l)), true),
        }
    }

    pub(super) fn replay_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let (Some(g), Some(r)) = (self.game.as_ref(), self.replay.as_ref()) else {
            return;
        };
        let n = g.actions().len();
        let at = r.at;
        let starts = turn_starts(g);
        ui.label(
            egui::RichText::new(format!(
                "↻ {} · {} {} · {} {at} {} {n}",
                l.pick("Repetición", "Replay"),
                l.pick("turno", "turn"),
                r.state.turn,
                l.pick("acción", "action"),
                l.pick("de", "of")
            ))
            .size(22.0)
            .strong(),
        );
        // What the action just replayed did, in the core's words.
        let line = at
            .checked_sub(1)
            .and_then(|i| g.log().nth(i))
            .map(|e| e.describe(l).to_string())
            .unwrap_or_else(|| l.pick("Antes de empezar", "Before the start").to_string());
        ui.add(egui::Label::new(egui::RichText::new(line).size(18.0)).wrap());
        ui.label(egui::RichText::new(g.now_text_of(&r.state, l)).weak());
        let prev_turn = starts.iter().rev().find(|s| **s < at).copied().unwrap_or(0);
        let next_turn = starts.iter().find(|s| **s > at).copied().unwrap_or(n);
        let mut go = None;
        ui.horizontal_wrapped(|ui| {
            for (text, to, enabled) in [
                ("⇤", 0, at > 0),
                (l.pick("« turno", "« turn"), prev_turn, at > 0),
                ("‹ [←]", at.saturating_sub(1), at > 0),
                ("[→] ›", at + 1, at < n),
                (l.pick("turno »", "turn »"), next_turn, at < n),
                ("⇥", n, at < n),
            ] {
                if ui.add_enabled(enabled, egui::Button::new(text)).clicked() {
                    go = Some(to);
                }
            }
        });
        let keys = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowRight),
            )
        });
        match keys {
            (true, _) if at > 0 => go = Some(at - 1),
            (_, true) if at < n => go = Some(at + 1),
            _ => {}
        }
        ui.add_space(8.0);
        let leave = big_button(ui, l.pick("Volver a la partida", "Back to the game")).clicked();
        if let Some(to) = go {
            self.replay_to(to);
        }
        if leave {
            self.replay = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::game::act;
    use egui_kittest::kittest::Queryable as _;

    use crate::core::game::{Action, Status};
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn replay_should_show_the_cards_as_they_were_at_each_step() {
        let mut g = game_under_way();
        g.act(Action::SetStatus(act::SetStatus {
            model: crate::core::game::ModelRef::b(1),
            status: Status::Down,
        }))
        .expect("a model Down by hand");
        let mut h = harness(app(g, Lang::En));
        h.run();
        h.get_by_label("↻ Replay").click();
        h.run();
        // After the first turn's start: nobody Down yet.
        let r = h.state().game.replay.as_ref().expect("replaying");
        assert_eq!(r.at, 1);
        assert_eq!(
            r.state
                .model(crate::core::game::ModelRef::b(1))
                .map(|m| m.status),
            Some(Status::Standing)
        );
        h.get_by_label("⇥").click();
        h.run();
        let r = h.state().game.replay.as_ref().expect("replaying");
        assert_eq!(r.at, 3);
        assert_eq!(
            r.state
                .model(crate::core::game::ModelRef::b(1))
                .map(|m| m.status),
            Some(Status::Down)
        );
        // The live game is untouched, and the view goes back to it.
        assert_eq!(game(&h).actions().len(), 3);
        h.get_by_label("Back to the game").click();
        h.run();
        assert!(h.state().game.replay.is_none());
    }
}
