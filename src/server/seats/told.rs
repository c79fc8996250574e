//! Issue 34, what the phones' changes did besides the game (records
//! written or failed, a copy given its own id, who fled): handed to the
//! owner with each handled request, to tell at once, and told on both
//! phones until the game moves on. The owner's own changes are told on
//! the phones through [`Seats::tell`].

use super::{Done, Seats, takeback};
use crate::core::game::{GameError, Happened, Host, Said};

/// A handled request: what it changed, and what that did besides the game
/// (issue 34: records written or failed, a copy, who fled), for the owner
/// to tell at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handled {
    pub done: Done,
    pub happened: Happened,
}

impl Seats {
    /// A phone's change did `h`: the owner is handed it, both phones told.
    pub(super) fn note(&mut self, h: Happened) {
        self.for_phones.merge(h.clone());
        self.happened.merge(h);
    }

    /// [`Seats::note`] of what an applied change did, its save failed or not.
    pub(super) fn note_of<T>(
        &mut self,
        r: &Result<T, GameError>,
        ok: impl Fn(&T) -> Option<&Happened>,
    ) {
        let h = match r {
            Ok(t) => ok(t).cloned(),
            Err(e) => e.happened().cloned(),
        };
        if let Some(h) = h {
            self.note(h);
        }
    }

    /// The owner's own change did `h` (the laptop's action, undo, redo):
    /// both phones are told it at the next publish (issue 34).
    pub fn tell(&mut self, h: &Happened) {
        self.for_phones.merge(h.clone());
    }

    /// What both phones are told now, while the game has not moved on.
    pub(super) fn told_now(&self, host: &Host) -> Vec<Said> {
        self.told
            .as_ref()
            .filter(|(at, _)| *at == takeback::stamp(host))
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    }
}
