//! The game's file: save, load, recover a damaged one, the one-writer lock,
//! and autosaving each action (see `file.rs` for the format).
//!
//! Lock, then read (issue 21): a writer takes the file's lock before it
//! reads it and holds it through every check, apply and save, so an action
//! is never checked against a file another writer has changed since. The
//! door for writers is [`crate::game::host::Host`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::super::action::Action;
use super::super::error::{GameError, GameFileError, Refusal};
use super::super::file::watch::SaveError;
use super::super::file::{self, FileChange, GameLock, Kept, Locked};
use super::Game;
use super::file_errors::{held_or_refused, io_error, lock_error, save_error};
use crate::tables::RuleSet;

/// Why a game opened from a file cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadOnly {
    /// Another window or command has it for writing.
    Busy,
    /// The file has this many hard links (see [`file::Locked::HardLinks`]).
    HardLinks(u64),
    /// Opened to be read only (`game status`, `offers`, `report`): no lock
    /// taken, nothing written, a read-only folder is enough.
    Reader,
    /// Issue 37: another tab of the same browser plays it (one game per
    /// tab); the page has no file path to name.
    OtherTab,
}

impl Game {
    /// The file this game autosaves to, if any (the name it was opened by).
    pub fn path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(|a| a.path.as_path())
    }

    /// Opened read-only: another window or command has the game file, or
    /// it has hard links, or it was opened to be read.
    pub fn read_only(&self) -> bool {
        self.read_only.is_some()
    }

    /// Why it is read-only, if it is.
    pub fn read_only_why(&self) -> Option<ReadOnly> {
        self.read_only
    }

    /// This game, to be looked at only (issue 37: a page whose game another
    /// tab plays): every change is refused as for a file held elsewhere.
    pub fn viewed_only(mut self, why: ReadOnly) -> Game {
        self.read_only = Some(why);
        self
    }

    pub(crate) fn writable(&self) -> Result<(), GameError> {
        if let Some(a) = &self.autosave
            && let Some(change) = a.stopped
        {
            return Err(Refusal::WritingStopped {
                path: a.path.display().to_string(),
                change,
                kept: kept_or_memory(a.kept.as_ref()),
            }
            .into());
        }
        let Some(why) = self.read_only else {
            return Ok(());
        };
        let path = self
            .path_read
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        Err(match why {
            ReadOnly::HardLinks(links) => Refusal::HardLinked { path, links },
            ReadOnly::Busy | ReadOnly::Reader => Refusal::ReadOnly { path },
            ReadOnly::OtherTab => Refusal::OtherTab,
        }
        .into())
    }

    /// Would `action` still leave a game file impia reads? `extra` bytes
    /// more than its line are written with it (undone actions rewritten).
    pub(super) fn room_for(&self, action: &Action, extra: u64) -> Result<(), GameError> {
        let Some(a) = self.autosave.as_ref() else {
            return Ok(());
        };
        let line = file::action_line(action).map_or(0, |l| l.len() as u64);
        a.room_for(line.saturating_add(extra)).map_err(|_| {
            Refusal::FileFull {
                path: a.path.display().to_string(),
                limit: file::MAX_GAME_FILE_BYTES,
            }
            .into()
        })
    }

    /// Would `bytes` more bytes of action lines still leave a game file
    /// impia reads? A game without a file: within the read limit alone.
    pub(crate) fn room_for_bytes(&self, bytes: u64) -> Result<(), GameError> {
        let full = match self.autosave.as_ref() {
            Some(a) => a.room_for(bytes).is_err(),
            None => bytes > file::MAX_GAME_FILE_BYTES,
        };
        if full {
            return Err(Refusal::FileFull {
                path: self
                    .path()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default(),
                limit: file::MAX_GAME_FILE_BYTES,
            }
            .into());
        }
        Ok(())
    }

    /// Write the whole game to `path` and autosave there from now on. The
    /// file's lock is taken first (refused while another writer holds it).
    pub fn save(&mut self, path: &Path) -> Result<(), GameFileError> {
        if let Some(a) = self
            .autosave
            .as_mut()
            .filter(|a| a.path == path && a.stopped.is_none())
        {
            // Its own file: compared first, as any save (issue 32).
            a.rewrite(&self.setup, &self.undone, &self.redo, &self.log)
                .map_err(|e| save_error(path, e))?;
            a.unsaved = 0;
            a.kept = None;
            a.detail = None;
            return Ok(());
        }
        if self.autosave.as_ref().is_some_and(|a| a.path == path) {
            // Writing stopped: the lock it held may be another writer's
            // now, so it is let go and taken again (busy, refused).
            self.autosave = None;
        }
        let lock = Arc::new(held_or_refused(path, file::take_lock(path))?);
        self.save_with(path, lock)
    }

    /// Issue 32: the writing stopped because the game file or its lock
    /// changed under this writer, and how.
    pub fn writing_stopped(&self) -> Option<FileChange> {
        self.autosave.as_ref().and_then(|a| a.stopped)
    }

    /// Issue 32: what is not saved, in words: writing stopped (the file
    /// changed under impia), or changes a save could not write (`None`
    /// when the file holds the whole game).
    pub fn unsaved(&self) -> Option<GameError> {
        let a = self.autosave.as_ref()?;
        let path = a.path.display().to_string();
        let kept = kept_or_memory(a.kept.as_ref());
        if let Some(change) = a.stopped {
            return Some(Refusal::WritingStopped { path, change, kept }.into());
        }
        (a.unsaved > 0).then(|| {
            Refusal::SaveFailed {
                path,
                detail: a.detail.clone().unwrap_or_default(),
                kept,
            }
            .into()
        })
    }

    /// Issue 32, the end of a command: what the file lacks and where the
    /// game as played is kept, written there now (`None`: nothing lacks).
    /// The file is looked at once more first ([`Game::verify_file`]).
    pub fn not_saved_at_end(&mut self) -> Option<GameError> {
        // A change seen here is in the answer below.
        let _ = self.verify_file();
        self.unsaved()?;
        let kept = self.keep_unsaved()?;
        let a = self.autosave.as_ref()?;
        Some(
            Refusal::NotSaved {
                path: a.path.display().to_string(),
                change: a.stopped,
                detail: a.detail.clone().unwrap_or_default(),
                changes: a.unsaved,
                kept,
            }
            .into(),
        )
    }

    /// How many changes (actions, undos, redos) are not in the file.
    pub fn unsaved_changes(&self) -> usize {
        self.autosave.as_ref().map_or(0, |a| a.unsaved)
    }

    /// Issue 32: is the game file still the one this writer saved, and its
    /// lock its own? Nothing is written to it; changed, the writing stops
    /// and the game as played is written to the recovery file (the error
    /// says where). A writer checks this when it lets the game go.
    pub fn verify_file(&mut self) -> Result<(), GameError> {
        let Some(a) = self.autosave.as_mut() else {
            return Ok(());
        };
        if a.stopped.is_some() {
            return Ok(());
        }
        match a.verify() {
            // Unreachable (a folder gone) is no proof of a change.
            Ok(()) | Err(SaveError::Io(_)) => Ok(()),
            Err(e) => Err(self.save_failed(e, 0)),
        }
    }

    /// Issue 32: write the game as played to the recovery file now (the
    /// end of a command with unsaved changes); where it went.
    pub fn keep_unsaved(&mut self) -> Option<Kept> {
        let text = file::to_text(&self.setup, &self.undone, &self.redo, &self.log);
        let a = self.autosave.as_mut()?;
        Some(a.keep(text))
    }

    /// Let go of the file and its lock (to reload it): until a file is
    /// given again, nothing is played (read-only, as if busy).
    pub(crate) fn detach_file(&mut self) {
        self.autosave = None;
        self.read_only = Some(ReadOnly::Busy);
    }

    /// Write the whole game to `path`, whose lock is held, and autosave
    /// there from now on.
    pub(crate) fn save_with(
        &mut self,
        path: &Path,
        lock: Arc<GameLock>,
    ) -> Result<(), GameFileError> {
        let mut a = file::Autosave::new(path, lock, 0);
        a.rewrite(&self.setup, &self.undone, &self.redo, &self.log)
            .map_err(|e| save_error(path, e))?;
        self.autosave = Some(a);
        self.read_only = None;
        self.path_read = Some(path.to_path_buf());
        Ok(())
    }

    /// Open a game file, replay its log, and autosave to it from now on.
    /// The lock is taken before the file is read; while another window or
    /// command holds it (or the file has hard links) the game is read-only.
    pub fn load(path: &Path, rules: &RuleSet) -> Result<Game, GameFileError> {
        match file::take_lock(path).map_err(|e| lock_error(path, e))? {
            Locked::Held(lock) => Game::load_locked(path, rules, lock),
            Locked::Busy => Game::open_read_as(path, rules, ReadOnly::Busy),
            Locked::HardLinks(n) => Game::open_read_as(path, rules, ReadOnly::HardLinks(n)),
        }
    }

    /// Open a game file to read it only: no lock, nothing written, so a
    /// read-only folder will do and a writer beside it is not disturbed.
    /// It sees a whole file: saves are whole-line appends (an unfinished
    /// last line is dropped) or atomic renames.
    pub fn open_read(path: &Path, rules: &RuleSet) -> Result<Game, GameFileError> {
        Game::open_read_as(path, rules, ReadOnly::Reader)
    }

    fn open_read_as(path: &Path, rules: &RuleSet, why: ReadOnly) -> Result<Game, GameFileError> {
        let f = file::read(path)?;
        let mut g = replayed(path, f, rules)?.0;
        g.read_only = Some(why);
        g.path_read = Some(path.to_path_buf());
        Ok(g)
    }

    /// Open a game file whose lock is held: read it (through the lock's
    /// real file), replay it, autosave to it.
    pub(crate) fn load_locked(
        path: &Path,
        rules: &RuleSet,
        lock: GameLock,
    ) -> Result<Game, GameFileError> {
        let f = file::read_as(lock.target(), path, false)?;
        let (mut g, f) = replayed(path, f, rules)?;
        g.attach(path, lock, f.torn_tail || !f.appendable, f.len);
        Ok(g)
    }

    /// Open a game file whose log may not replay to the end: keep what
    /// replays, report the first refused action, and keep a copy of the file
    /// (`<file>.bak`) before the next save drops the rest. The lock is taken
    /// before the file is read; held by another, the game is read-only and
    /// nothing is copied.
    pub fn recover(
        path: &Path,
        rules: &RuleSet,
    ) -> Result<(Game, Option<GameFileError>), GameFileError> {
        match file::take_lock(path).map_err(|e| lock_error(path, e))? {
            Locked::Held(lock) => Game::recover_locked(path, rules, Ok(lock)),
            Locked::Busy => Game::recover_locked(path, rules, Err(ReadOnly::Busy)),
            Locked::HardLinks(n) => Game::recover_locked(path, rules, Err(ReadOnly::HardLinks(n))),
        }
    }

    /// [`Game::recover`] with the lock already taken (`Ok`), or read-only.
    pub(crate) fn recover_locked(
        path: &Path,
        rules: &RuleSet,
        lock: Result<GameLock, ReadOnly>,
    ) -> Result<(Game, Option<GameFileError>), GameFileError> {
        let real = match &lock {
            Ok(l) => l.target().to_path_buf(),
            Err(_) => path.to_path_buf(),
        };
        let f = file::read_as(&real, path, true)?;
        let name = path.display().to_string();
        let mut g = Game::new(f.setup, rules);
        let mut problem = f.damaged.map(GameFileError::Data);
        // Replayed in place, the history's lines built when first shown.
        if let Err(e) = g.replay_in_place(f.log) {
            problem = Some(GameFileError::Inconsistent {
                file: name,
                index: e.index,
                line: f.lines.get(e.index).copied().unwrap_or(0),
                error: e.error,
            });
        }
        if problem.is_some() && lock.is_ok() {
            // Never over an older backup: .bak, then .bak.1, .bak.2…
            let bak = (0..1000)
                .map(|n| {
                    let mut b = path.as_os_str().to_owned();
                    b.push(if n == 0 {
                        ".bak".to_string()
                    } else {
                        format!(".bak.{n}")
                    });
                    PathBuf::from(b)
                })
                .find(|b| b.symlink_metadata().is_err())
                .ok_or_else(|| io_error(path, std::io::Error::other("too many backups")))?;
            std::fs::copy(&real, bak).map_err(|e| io_error(path, e))?;
        } else {
            g.redo = f.redo;
        }
        g.undone = f.undone;
        g.path_read = Some(path.to_path_buf());
        match lock {
            Ok(lock) => g.attach(
                path,
                lock,
                f.torn_tail || !f.appendable || problem.is_some(),
                f.len,
            ),
            Err(why) => g.read_only = Some(why),
        }
        Ok((g, problem))
    }

    /// Autosave to `path`, whose lock is held, from now on.
    fn attach(&mut self, path: &Path, lock: GameLock, needs_rewrite: bool, len: u64) {
        self.path_read = Some(path.to_path_buf());
        let mut a = file::Autosave::new(path, Arc::new(lock), len);
        a.needs_rewrite = needs_rewrite;
        a.seen_now();
        self.autosave = Some(a);
        self.read_only = None;
    }

    /// Take the actions `work` (a clone of this game, detached from the
    /// file) applied after this game's log, and save them in one write: a
    /// batch is saved whole or not at all (issue 21). Refused, nothing
    /// changes: read-only, not a continuation of this game, or a file that
    /// would pass the read limit.
    pub(crate) fn adopt(&mut self, mut work: Game) -> Result<(), GameError> {
        self.writable()?;
        let base = self.log.len();
        if work.log.len() < base || work.log[..base] != self.log[..] {
            return Err(Refusal::ReadOnly {
                path: self
                    .path()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default(),
            }
            .into());
        }
        let n = work.log.len() - base;
        let rewrite = work.undone.len() != self.undone.len() || work.redo != self.redo;
        if let Some(a) = self.autosave.as_ref() {
            let lines: u64 = work.log[base..]
                .iter()
                .map(|x| file::action_line(x).map_or(0, |l| l.len() as u64))
                .sum();
            // An undone action's line is its action's and at most 96 bytes
            // (`"at":N`, its `leave`), plus the `undone:` line.
            let undone = work.undone.len().saturating_sub(self.undone.len()) as u64 * 96 + 8;
            a.room_for(lines + undone).map_err(|_| Refusal::FileFull {
                path: a.path.display().to_string(),
                limit: file::MAX_GAME_FILE_BYTES,
            })?;
        }
        work.autosave = self.autosave.take();
        work.read_only = None;
        work.path_read = self.path_read.take();
        *self = work;
        if n == 0 && !rewrite {
            return Ok(());
        }
        if rewrite {
            self.save_whole()
        } else {
            self.save_appended(n)
        }
    }

    /// Give this game a new id and rewrite its file with it: a copy of
    /// another game file (see [`crate::records::copy_of`]) gets its
    /// own entry in the records. The id is kept in memory only if the file
    /// is written.
    pub(crate) fn give_new_id(&mut self) -> Result<(), GameError> {
        self.writable()?;
        let old = self.setup.id.clone();
        Arc::make_mut(&mut self.setup).id = super::super::setup::fresh_id();
        let saved = self.save_whole();
        if saved.is_err() {
            Arc::make_mut(&mut self.setup).id = old;
        }
        saved
    }

    pub(super) fn save_last(&mut self) -> Result<(), GameError> {
        self.save_appended(1)
    }

    /// Save the last `n` actions of the log, appended in one write (or the
    /// whole file, when it must be rewritten).
    pub(super) fn save_appended(&mut self, n: usize) -> Result<(), GameError> {
        let Some(a) = self.autosave.as_mut() else {
            return Ok(());
        };
        let result = if a.needs_rewrite {
            a.rewrite(&self.setup, &self.undone, &self.redo, &self.log)
        } else {
            let from = self.log.len().saturating_sub(n);
            a.append_all(&self.log[from..])
        };
        self.saved(result, n.max(1))
    }

    pub(super) fn save_whole(&mut self) -> Result<(), GameError> {
        let Some(a) = self.autosave.as_mut() else {
            return Ok(());
        };
        let r = a.rewrite(&self.setup, &self.undone, &self.redo, &self.log);
        self.saved(r, 1)
    }

    /// A save's outcome: done, the file holds every change; failed, the
    /// `changes` are counted unsaved and kept (see [`Game::save_failed`]).
    fn saved(&mut self, r: Result<(), SaveError>, changes: usize) -> Result<(), GameError> {
        match r {
            Ok(()) => {
                if let Some(a) = self.autosave.as_mut() {
                    a.unsaved = 0;
                    a.kept = None;
                    a.detail = None;
                }
                Ok(())
            }
            Err(e) => Err(self.save_failed(e, changes)),
        }
    }

    /// A save failed: the change stays in memory, the whole game goes to
    /// the recovery file (issue 32) and the next save rewrites the file;
    /// a file changed under impia stops the writing for good.
    pub(super) fn save_failed(&mut self, e: SaveError, changes: usize) -> GameError {
        let text = file::to_text(&self.setup, &self.undone, &self.redo, &self.log);
        let actions = self.log.len();
        let Some(a) = self.autosave.as_mut() else {
            return Refusal::SaveFailed {
                path: String::new(),
                detail: format!("{e:?}"),
                kept: Kept::NotWritten(String::new()),
            }
            .into();
        };
        a.needs_rewrite = true;
        a.unsaved += changes;
        let kept = a.keep(text);
        let path = a.path.display().to_string();
        match e {
            SaveError::Io(e) => {
                a.detail = Some(e.to_string());
                Refusal::SaveFailed {
                    path,
                    detail: e.to_string(),
                    kept,
                }
            }
            SaveError::Changed(change) => Refusal::FileChanged {
                path,
                change,
                actions,
                kept,
            },
        }
        .into()
    }
}

/// A read file replayed: the game (no file attached yet) and what is left
/// of the file (its redo list and undone actions).
pub(super) fn replayed(
    path: &Path,
    mut f: file::GameFile,
    rules: &RuleSet,
) -> Result<(Game, file::GameFile), GameFileError> {
    let log = std::mem::take(&mut f.log);
    let setup = f.setup.clone();
    let mut g = Game::from_log(setup, rules, log).map_err(|e| GameFileError::Inconsistent {
        file: path.display().to_string(),
        index: e.index,
        line: f.lines.get(e.index).copied().unwrap_or(0),
        error: e.error,
    })?;
    g.redo = std::mem::take(&mut f.redo);
    g.undone = std::mem::take(&mut f.undone);
    Ok((g, f))
}

/// Where the game as played is kept, in memory when no recovery file was
/// written.
fn kept_or_memory(kept: Option<&Kept>) -> Kept {
    kept.cloned()
        .unwrap_or_else(|| Kept::NotWritten("no recovery file needed yet".into()))
}
