//! Where a game autosaves (see `file.rs` for the format): one action line
//! appended and flushed, or the whole file rewritten atomically; and,
//! issue 32, each save first compares the file and its lock with what this
//! writer last saw (`watch.rs`).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::lock::GameLock;
use super::watch::{self, FileChange, Kept, SaveError, Seen};
use crate::error::DataError;
use crate::file_id::{file_key, path_key};
use crate::fsutil::write_atomic_meta;

/// The largest game file read: a 10,000-action game is about 3.3 MB, so
/// this holds some 100,000 actions, far more than any game. Only the setup
/// part goes through the YAML parser, and at most
/// [`MAX_FILE_BYTES`](crate::tables::MAX_FILE_BYTES) of it; the redo
/// list and the log are read line by line as JSON.
pub const MAX_GAME_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// Where a game autosaves, and whether the next save must rewrite it whole.
#[derive(Clone, Debug)]
pub(crate) struct Autosave {
    /// The name the game was opened or saved by (messages, records).
    pub path: PathBuf,
    pub needs_rewrite: bool,
    /// The file's length as last read or written, for the size check.
    pub len: u64,
    /// Held while this game may write the file; its target is the real
    /// file every save goes to.
    pub lock: std::sync::Arc<GameLock>,
    /// Issue 32: the file as this writer last read or wrote it (`None`
    /// before its first write), compared before each save.
    pub seen: Option<Seen>,
    /// The file or its lock changed under this writer: nothing more is
    /// written to it.
    pub stopped: Option<FileChange>,
    /// This writer's recovery file, once it needed one.
    pub recovery: Option<PathBuf>,
    /// Changes (actions, undos, redos) not saved since the last save that
    /// worked; where they are kept.
    pub unsaved: usize,
    pub kept: Option<Kept>,
    /// Why the last save failed (the io error's words).
    pub detail: Option<String>,
}

/// A save that would make a file impia refuses to read (issue 21).
#[derive(Debug, thiserror::Error)]
#[error("the game file would be {bytes} bytes; impia reads at most {MAX_GAME_FILE_BYTES}")]
pub struct TooBig {
    pub bytes: u64,
}

impl Autosave {
    pub fn new(path: &Path, lock: std::sync::Arc<GameLock>, len: u64) -> Autosave {
        Autosave {
            path: path.to_path_buf(),
            needs_rewrite: true,
            len,
            lock,
            seen: None,
            stopped: None,
            recovery: None,
            unsaved: 0,
            kept: None,
            detail: None,
        }
    }

    /// Record the file as read now (a game just opened from it).
    pub fn seen_now(&mut self) {
        let target = self.target();
        self.seen = std::fs::metadata(target)
            .ok()
            .map(|m| Seen::of(&m, || path_key(target)));
    }

    /// Issue 32: is the file still the one this writer last saw, and its
    /// lock still its own? `open` is the file opened for an append (its
    /// own metadata, so a swap after the check cannot be appended to);
    /// else the name is looked at. A change stops the writing for good.
    fn check(&mut self, open: Option<&std::fs::File>) -> Result<(), SaveError> {
        let r = self.compare(open);
        if let Err(SaveError::Changed(c)) = r {
            self.stopped = Some(c);
        }
        r
    }

    fn compare(&self, open: Option<&std::fs::File>) -> Result<(), SaveError> {
        if let Some(c) = self.stopped {
            return Err(SaveError::Changed(c));
        }
        if let Some(c) = self.lock.changed()? {
            return Err(SaveError::Changed(c));
        }
        let Some(seen) = self.seen else {
            return Ok(());
        };
        let now = match open {
            Some(f) => f.metadata()?,
            None => match std::fs::metadata(self.target()) {
                Ok(m) => m,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(SaveError::Changed(FileChange::Deleted));
                }
                Err(e) => return Err(SaveError::Io(e)),
            },
        };
        let key = || match open {
            Some(f) => file_key(f),
            None => path_key(self.target()),
        };
        match seen.compare(&now, key) {
            Some(c) => Err(SaveError::Changed(c)),
            None => Ok(()),
        }
    }

    /// Whether the file and its lock are still this writer's (see
    /// [`Autosave::check`]); nothing is written.
    pub fn verify(&mut self) -> Result<(), SaveError> {
        self.check(None)
    }

    /// Write the whole game to this writer's recovery file.
    pub fn keep(&mut self, text: Result<String, DataError>) -> Kept {
        let written = text
            .map_err(|e| std::io::Error::other(e.to_string()))
            .and_then(|t| {
                let real = self.target().to_path_buf();
                watch::write_recovery(&real, &t, &mut self.recovery)
            });
        let kept = match written {
            Ok(p) => Kept::In(p.display().to_string()),
            Err(e) => Kept::NotWritten(e.to_string()),
        };
        self.kept = Some(kept.clone());
        kept
    }

    /// The real file written.
    pub fn target(&self) -> &Path {
        self.lock.target()
    }

    /// Would `extra` more bytes still make a file impia reads?
    pub fn room_for(&self, extra: u64) -> Result<(), TooBig> {
        let bytes = self.len.saturating_add(extra);
        if bytes > MAX_GAME_FILE_BYTES {
            return Err(TooBig { bytes });
        }
        Ok(())
    }

    /// Append `text` (whole action lines) in one write, see `append_all`.
    pub(crate) fn append_text(&mut self, mut text: String) -> Result<(), SaveError> {
        use std::io::{Read, Seek, SeekFrom};
        if let Some(c) = self.stopped {
            return Err(SaveError::Changed(c));
        }
        // Opened without creating: a deleted file is not made again.
        let mut f = match std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .open(self.target())
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                self.stopped = Some(FileChange::Deleted);
                return Err(SaveError::Changed(FileChange::Deleted));
            }
            Err(e) => return Err(e.into()),
        };
        // The open file itself is compared: one swapped in after a look at
        // the name would be appended to.
        self.check(Some(&f))?;
        let len = f.metadata()?.len();
        if len > 0 {
            let mut last = [0u8; 1];
            f.seek(SeekFrom::End(-1))?;
            f.read_exact(&mut last)?;
            if last[0] != b'\n' {
                text.insert(0, '\n');
            }
        }
        let bytes = len + text.len() as u64;
        if bytes > MAX_GAME_FILE_BYTES {
            return Err(std::io::Error::other(TooBig { bytes }).into());
        }
        // One write of all the lines: a kill leaves them whole or unfinished.
        if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.sync_data()) {
            // A line cut short would read as another writer's: cut it back.
            if f.set_len(len).is_err()
                && let Some(seen) = self.seen.as_mut()
            {
                seen.len = None;
            }
            return Err(e.into());
        }
        let after = f.metadata();
        self.seen = Some(match &after {
            Ok(m) => Seen::of(m, || file_key(&f)),
            Err(_) => Seen {
                id: self.seen.and_then(|s| s.id),
                len: None,
            },
        });
        self.len = bytes;
        // Cut or written by another program during this very append: the
        // lines may sit after someone else's text, so it is not a save.
        if let Ok(m) = after
            && m.len() != bytes
        {
            let c = if m.len() < bytes {
                FileChange::Truncated
            } else {
                FileChange::Changed
            };
            self.stopped = Some(c);
            return Err(SaveError::Changed(c));
        }
        Ok(())
    }

    /// Replace the file with `text` (the whole game), see `rewrite`.
    pub(crate) fn rewrite_text(&mut self, text: String) -> Result<(), SaveError> {
        let bytes = text.len() as u64;
        if bytes > MAX_GAME_FILE_BYTES {
            return Err(std::io::Error::other(TooBig { bytes }).into());
        }
        self.check(None)?;
        let (m, key) = write_atomic_meta(self.target(), text.as_bytes())?;
        self.seen = Some(Seen::of(&m, || key));
        self.len = bytes;
        self.needs_rewrite = false;
        Ok(())
    }
}
