//! Taking back by leave (issue 33): the last action leaves the log as an
//! undo does, but goes straight to the undone list with who asked and who
//! allowed, never to the redo list: a roll taken back stays in the history
//! and the report, and is not made again with the same dice.

use std::sync::OnceLock;

use super::{CHECKPOINT_EVERY, Game};
use crate::game::error::GameError;
use crate::game::file::Undone;
use crate::game::leave::Leave;

impl Game {
    /// Take back the last action with `leave`; `Ok(false)` when the log is
    /// empty. Actions waiting for redo are dropped first (kept as undone,
    /// where they stood), as a new action drops them. The file is
    /// rewritten whole.
    pub fn take_back(&mut self, leave: Leave) -> Result<bool, GameError> {
        self.writable()?;
        if self.log.is_empty() {
            return Ok(false);
        }
        let len = self.log.len();
        let n = len - 1;
        self.checkpoints.retain(|(k, _)| *k <= n);
        let st = self.state_at(n)?;
        let Some(last) = self.log.pop() else {
            return Ok(false);
        };
        self.state = st;
        if n.is_multiple_of(CHECKPOINT_EVERY) {
            self.history.pop();
        } else if let Some(lines) = self.history.last_mut().and_then(OnceLock::get_mut) {
            lines.pop();
        }
        for (k, a) in self.redo.drain(..).rev().enumerate() {
            self.undone.push(Undone::dropped(len + k, a));
        }
        self.undone.push(Undone {
            at: n,
            action: last,
            leave: Some(leave),
        });
        self.save_whole().map(|_| true)
    }
}
