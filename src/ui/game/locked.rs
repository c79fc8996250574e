//! Issue 37: a game only viewed here (another tab of the browser plays
//! it, another window or command writes it, its file has hard links)
//! draws every change disabled with the core's reason, rather than live
//! and refused when pressed.

use super::GameView;
use crate::core::game::GameError;

impl GameView {
    /// Why no change can be made to the game here, in the core's words;
    /// `None` for a game played here.
    pub(super) fn locked(&mut self) -> Option<GameError> {
        let host = self.game.as_mut().filter(|h| h.read_only())?;
        // A batch dropped uncommitted writes nothing; refused, it says why.
        host.batch().err()
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;
    use crate::core::game::{Game, GameSetup, Host, ReadOnly};
    use crate::core::roster::load_roster;
    use crate::core::tables::RuleSet;
    use crate::core::text::Lang;
    use crate::ui::ImpiaApp;
    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT as _, Queryable as _};

    fn disabled(h: &Harness<'static, ImpiaApp>, label: &str) -> bool {
        h.get_by_label_contains(label)
            .accesskit_node()
            .is_disabled()
    }

    /// The step's button, Undo and End the game: disabled in a game
    /// another tab plays (a press, or Space, changes nothing), live in a
    /// game played here.
    #[test]
    fn a_game_viewed_from_another_tab_should_draw_its_actions_disabled() {
        for viewed in [false, true] {
            let g = game_under_way();
            let g = if viewed {
                g.viewed_only(ReadOnly::OtherTab)
            } else {
                g
            };
            let log = g.log().len();
            let mut h = harness(app(g, Lang::En));
            h.run();
            for label in ["Done changing for Ana", "Undo", "End the game"] {
                assert_eq!(disabled(&h, label), viewed, "{label}, viewed {viewed}");
            }
            if viewed {
                h.get_by_label("Done changing for Ana").click();
                h.key_press(egui::Key::Space);
                h.run();
                assert_eq!(game(&h).log().len(), log, "nothing applied");
                // Replay and the report stay: they only read.
                assert!(!disabled(&h, "Replay"));
                assert!(!disabled(&h, "Report"));
            }
        }
    }

    /// The desktop's case: a game file another window has for writing
    /// opens read-only, its actions disabled; the writer's own view keeps
    /// them live.
    #[test]
    fn a_game_another_window_writes_should_draw_its_actions_disabled() {
        let rules = RuleSet::builtin().expect("tables");
        let dir = tempfile::tempdir().expect("dir");
        let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("a");
        let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("b");
        let setup = GameSetup::new(a, b).with_seed(7).with_players("Ana", "Bea");
        let writer = Host::create_in(dir.path(), setup, &rules).expect("the writer");
        let path = writer.path().expect("its file").to_path_buf();
        let (viewer, _) = Host::open_or_view(&path, &rules).expect("viewed");
        assert_eq!(viewer.read_only_why(), Some(ReadOnly::Busy));
        let viewer: Game = viewer.into_game();
        let mut h = harness(app(viewer, Lang::En));
        h.run();
        assert!(disabled(&h, "Roll the Dark Forces"));
        drop(h);
        drop(writer);
        let (own, _) = Host::open_or_view(&path, &rules).expect("opened");
        assert!(!own.read_only());
        let mut h = harness(app(own.into_game(), Lang::En));
        h.run();
        assert!(!disabled(&h, "Roll the Dark Forces"));
    }
}
