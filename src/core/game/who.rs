//! Who chooses, asked of a game (issue 26): [`Game::taker`] for an action
//! now, and whose the log's last action was, for undo.

use super::action::Action;
use super::close::taker_now;
use super::refs::Side;
use super::session::Game;
use super::taker::Taker;

impl Game {
    /// Who may take `action` now (issue 26): see the rules in
    /// `core::game::taker`; accepting a roll, `core::game::close`.
    pub fn taker(&self, action: &Action) -> Taker {
        taker_now(self.state(), self.ctx(), action)
    }

    /// Who took the last action of the log, as it was taken (the state
    /// before it); `None` when the log is empty.
    pub fn last_taker(&self) -> Option<Taker> {
        let n = self.actions().len();
        let last = self.actions().last()?;
        // Only when the taker reads the state (the roll-off's winner) does
        // the state before matter; a log that would not replay names no one.
        if last.act().taker_reads_the_state() {
            return Some(taker_now(&self.state_at(n - 1).ok()?, self.ctx(), last));
        }
        Some(taker_now(self.state(), self.ctx(), last))
    }

    /// A player may undo only what their side (or either) took (issue 26):
    /// the last action of the log is theirs to take back.
    pub fn may_undo(&self, side: Side) -> bool {
        self.last_taker().is_some_and(|t| t.allows(side))
    }
}
