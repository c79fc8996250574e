//! One line per action, in Spanish and English, for the readable history:
//! described against the state just before the action, so that the line
//! says what happened then (turn, who was hit, what the backlash did).

use super::action::Action;
use super::setup::GameSetup;
use super::state::GameState;
use crate::tables::RuleSet;
use crate::text::{Lang, Text};

mod now;
mod parts;
pub use now::now_text;
pub(crate) use parts::signed;

/// An action's words (issue 23): its line in the history. Implemented in
/// each action's file, `acts/<id>.rs`; reached through [`Action::act`].
pub(crate) trait Words {
    /// The action's line in the history in language `l`, said against
    /// `d.state`, the state just before it: the turn it starts (R39), the
    /// model it hits and whether it went Down (R27–R30), the fear it
    /// spreads (R31), the backlash it raises (R38). Numbers are the ones
    /// the action carries or the state holds; nothing is decided here.
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String;
}

/// What describing needs: the state before the action, the setup (beasts of
/// the bestiary) and the tables (dark forces and backlash rows).
pub(crate) struct Describer<'a> {
    pub state: &'a GameState,
    pub setup: &'a GameSetup,
    pub rules: &'a RuleSet,
}

impl Describer<'_> {
    /// The line for `action` in both languages.
    pub(crate) fn text(&self, action: &Action) -> Text {
        Text::new(
            self.describe(action, Lang::Es),
            self.describe(action, Lang::En),
        )
    }

    /// The line for `action`, with `self.state` the state before it.
    pub(crate) fn describe(&self, action: &Action, l: Lang) -> String {
        action.act().describe(self, l)
    }
}
