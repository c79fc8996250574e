//! A game as its file's text and back, with no file (issue 37): the web
//! build keeps each game in the browser's storage (`store::Shelf::Games`),
//! written whole after every change, in the very format of a game file, so
//! a game saved in a page opens in the desktop app and back.

use std::path::Path;

use super::Game;
use super::persist::replayed;
use crate::error::DataError;
use crate::game::GameFileError;
use crate::game::file;
use crate::tables::RuleSet;

impl Game {
    /// The whole game as a game file's text (setup, undone, redo, log).
    pub fn to_file_text(&self) -> Result<String, DataError> {
        file::to_text(&self.setup, &self.undone, &self.redo, &self.log)
    }

    /// A game from a game file's text, replayed, attached to no file;
    /// `name` names it in errors (file, line, column).
    pub fn from_file_text(name: &str, text: &str, rules: &RuleSet) -> Result<Game, GameFileError> {
        let f = file::parse(name, text)?;
        Ok(replayed(Path::new(name), f, rules)?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameSetup;
    use crate::roster::Roster;
    use crate::text::Lang;

    #[test]
    fn a_game_comes_back_from_its_text_with_its_log_and_redo() {
        let rules = RuleSet::builtin().expect("rules");
        let setup = GameSetup::new(
            Roster::starter_in("Lobos", Lang::Es),
            Roster::starter_in("Cuervos", Lang::Es),
        );
        let mut g = Game::new(setup, &rules);
        let mut rng = crate::dice::Roller::seeded(7);
        crate::game::sim::play(&mut g, &mut rng, 4).expect("played");
        g.undo().expect("undo");
        let text = g.to_file_text().expect("text");
        let back = Game::from_file_text("g.yaml", &text, &rules).expect("read back");
        assert_eq!(back.actions().len(), g.actions().len());
        assert_eq!(back.to_file_text().expect("text"), text);
        assert!(back.path().is_none(), "attached to a file");
    }

    #[test]
    fn a_broken_text_says_where() {
        let rules = RuleSet::builtin().expect("rules");
        let e = Game::from_file_text("g.yaml", "setup: [\n", &rules).expect_err("broken");
        assert!(e.to_string().contains("g.yaml"), "{e}");
    }

    /// Issue 37: a game another tab of the browser plays is shown with
    /// no file: its refusals say so, not the desktop's "another impia
    /// window" with an empty path in front.
    #[test]
    fn a_game_played_in_another_tab_refuses_actions_naming_the_tab() {
        let rules = RuleSet::builtin().expect("rules");
        let setup = GameSetup::new(
            Roster::starter_in("Lobos", Lang::Es),
            Roster::starter_in("Cuervos", Lang::Es),
        );
        let mut g = Game::new(setup, &rules).viewed_only(super::super::ReadOnly::OtherTab);
        let end = crate::game::Action::EndTurn(crate::game::act::EndTurn {});
        let e = g.apply(end).expect_err("viewed only");
        let (es, en) = (e.message(Lang::Es), e.message(Lang::En));
        assert!(
            es.starts_with("esta partida está abierta en otra pestaña"),
            "{es}"
        );
        assert!(
            en.starts_with("this game is open in another tab of this browser"),
            "{en}"
        );
        for text in [&es, &en] {
            assert!(!text.contains("impia"), "{text}");
        }
        assert!(g.actions().is_empty(), "nothing played");
    }
}
