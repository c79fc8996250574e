//! A roster being edited: its file, whether it has unsaved changes, and
//! undo/redo of every edit.

use std::path::PathBuf;

use super::Roster;

/// How many edits back undo reaches.
const UNDO_DEPTH: usize = 200;

/// An open roster with its history.
#[derive(Clone, Debug)]
pub struct RosterDoc {
    pub roster: Roster,
    /// Where it was loaded from or last saved to.
    pub path: Option<PathBuf>,
    /// The roster as last saved (or loaded), to tell unsaved changes.
    saved: Roster,
    undo: Vec<Roster>,
    redo: Vec<Roster>,
}

impl RosterDoc {
    pub fn new(roster: Roster, path: Option<PathBuf>) -> Self {
        // A new, never-saved roster counts as unsaved only once edited.
        let saved = roster.clone();
        RosterDoc {
            roster,
            path,
            saved,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// True when the roster differs from the file on disk.
    pub fn dirty(&self) -> bool {
        self.roster != self.saved
    }

    /// Record that `before` was the state prior to an edit already made.
    /// Call once per edit (the view coalesces typing into one edit).
    pub fn record(&mut self, before: Roster) {
        if before == self.roster {
            return;
        }
        self.undo.push(before);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Apply an edit and record it.
    pub fn edit(&mut self, f: impl FnOnce(&mut Roster)) {
        let before = self.roster.clone();
        f(&mut self.roster);
        self.record(before);
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        let Some(prev) = self.undo.pop() else {
            return false;
        };
        let now = std::mem::replace(&mut self.roster, prev);
        self.redo.push(now);
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        let now = std::mem::replace(&mut self.roster, next);
        self.undo.push(now);
        true
    }

    /// Mark the current roster as saved at `path`.
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.saved = self.roster.clone();
    }

    /// The file name shown in the title.
    pub fn title(&self) -> String {
        match &self.path {
            Some(p) => p
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_else(|| p.display().to_string()),
            None => self.roster.name.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_then_redo_is_the_identity() {
        let mut d = RosterDoc::new(Roster::starter("A"), None);
        d.edit(|r| r.name = "B".into());
        d.edit(|r| r.points_limit = Some(150));
        let after = d.roster.clone();
        assert!(d.undo());
        assert_eq!(d.roster.points_limit, None);
        assert!(d.undo());
        assert_eq!(d.roster.name, "A");
        assert!(!d.undo());
        assert!(d.redo() && d.redo());
        assert_eq!(d.roster, after);
        assert!(!d.redo());
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut d = RosterDoc::new(Roster::starter("A"), None);
        d.edit(|r| r.name = "B".into());
        d.undo();
        d.edit(|r| r.name = "C".into());
        assert!(!d.can_redo());
    }

    #[test]
    fn dirty_until_saved() {
        let mut d = RosterDoc::new(Roster::starter("A"), Some("a.yaml".into()));
        assert!(!d.dirty());
        d.edit(|r| r.name = "B".into());
        assert!(d.dirty());
        d.mark_saved("a.yaml".into());
        assert!(!d.dirty());
        d.undo();
        assert!(d.dirty());
    }

    #[test]
    fn an_edit_that_changes_nothing_is_not_recorded() {
        let mut d = RosterDoc::new(Roster::starter("A"), None);
        d.edit(|_| {});
        assert!(!d.can_undo());
    }
}
