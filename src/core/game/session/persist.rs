//! The game's file: save, load, recover a damaged one, the one-writer lock,
//! and autosaving each action (see `file.rs` for the format).

use std::path::{Path, PathBuf};

use super::super::error::{GameError, GameFileError, Refusal};
use super::super::file;
use super::Game;
use crate::core::error::DataError;
use crate::core::tables::RuleSet;

impl Game {
    /// The file this game autosaves to, if any.
    pub fn path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(|a| a.path.as_path())
    }

    /// Opened read-only: another window or command has the game file.
    pub fn read_only(&self) -> bool {
        self.read_only
    }

    pub(super) fn writable(&self) -> Result<(), GameError> {
        if !self.read_only {
            return Ok(());
        }
        let path = self
            .path_read
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        Err(Refusal::ReadOnly { path }.into())
    }

    /// Write the whole game to `path` and autosave there from now on.
    pub fn save(&mut self, path: &Path) -> Result<(), GameFileError> {
        let held = self
            .autosave
            .as_ref()
            .filter(|a| a.path == path)
            .map(|a| std::sync::Arc::clone(&a.lock));
        let lock = match held {
            Some(l) => l,
            None => std::sync::Arc::new(take_lock(path)?.ok_or_else(|| locked(path))?),
        };
        let mut a = file::Autosave {
            path: path.to_path_buf(),
            needs_rewrite: true,
            lock,
        };
        a.rewrite(&self.setup, &self.undone, &self.redo, &self.log)
            .map_err(|e| io_error(path, e))?;
        self.autosave = Some(a);
        Ok(())
    }

    /// Open a game file, replay its log, and autosave to it from now on.
    pub fn load(path: &Path, rules: &RuleSet) -> Result<Game, GameFileError> {
        let f = file::read(path)?;
        let lines = f.lines;
        let mut g =
            Game::from_log(f.setup, rules, f.log).map_err(|e| GameFileError::Inconsistent {
                file: path.display().to_string(),
                index: e.index,
                line: lines.get(e.index).copied().unwrap_or(0),
                error: e.error,
            })?;
        g.redo = f.redo;
        g.undone = f.undone;
        g.attach(path, f.torn_tail)?;
        Ok(g)
    }

    /// Open a game file whose log may not replay to the end: keep what
    /// replays, report the first refused action, and keep a copy of the file
    /// (`<file>.bak`) before the next save drops the rest.
    pub fn recover(
        path: &Path,
        rules: &RuleSet,
    ) -> Result<(Game, Option<GameFileError>), GameFileError> {
        let f = file::read_recovering(path)?;
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
        if problem.is_some() && file::lock(path).ok().flatten().is_some() {
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
                .find(|b| !b.exists())
                .ok_or_else(|| io_error(path, std::io::Error::other("too many backups")))?;
            std::fs::copy(path, bak).map_err(|e| io_error(path, e))?;
        } else {
            g.redo = f.redo;
        }
        g.undone = f.undone;
        g.attach(path, f.torn_tail || problem.is_some())?;
        Ok((g, problem))
    }

    /// Autosave to `path` from now on if its lock can be had; else the
    /// game is read-only.
    pub(super) fn attach(&mut self, path: &Path, needs_rewrite: bool) -> Result<(), GameFileError> {
        self.path_read = Some(path.to_path_buf());
        match take_lock(path)? {
            Some(lock) => {
                self.autosave = Some(file::Autosave {
                    path: path.to_path_buf(),
                    needs_rewrite,
                    lock: std::sync::Arc::new(lock),
                });
            }
            None => self.read_only = true,
        }
        Ok(())
    }

    pub(super) fn save_last(&mut self) -> Result<(), GameError> {
        let Some(a) = self.autosave.as_mut() else {
            return Ok(());
        };
        let result = if a.needs_rewrite {
            a.rewrite(&self.setup, &self.undone, &self.redo, &self.log)
        } else {
            match self.log.last() {
                Some(last) => a.append(last),
                None => Ok(()),
            }
        };
        result.map_err(|e| self.save_failed(e))
    }

    pub(super) fn save_whole(&mut self) -> Result<(), GameError> {
        let Some(a) = self.autosave.as_mut() else {
            return Ok(());
        };
        let r = a.rewrite(&self.setup, &self.undone, &self.redo, &self.log);
        r.map_err(|e| self.save_failed(e))
    }

    pub(super) fn save_failed(&mut self, e: std::io::Error) -> GameError {
        let path = self
            .path()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        if let Some(a) = self.autosave.as_mut() {
            a.needs_rewrite = true;
        }
        Refusal::SaveFailed {
            path,
            detail: e.to_string(),
        }
        .into()
    }
}

fn take_lock(path: &Path) -> Result<Option<file::GameLock>, GameFileError> {
    file::lock(path).map_err(|e| {
        GameFileError::Data(DataError::whole(
            path.display().to_string(),
            format!("cannot save: cannot lock the game for writing: {e}"),
        ))
    })
}

fn locked(path: &Path) -> GameFileError {
    GameFileError::Data(DataError::whole(
        path.display().to_string(),
        "another impia window or command has this game open for writing",
    ))
}

fn io_error(path: &Path, e: std::io::Error) -> GameFileError {
    GameFileError::Data(DataError::whole(
        path.display().to_string(),
        format!("cannot save: {e}"),
    ))
}
