//! Issue 32, the writer knows its file: before each append or rewrite a
//! game's writer compares the file the name leads to with the one it last
//! read or wrote (the same identity, the same length) and its lock file with
//! the one it holds. A file replaced, truncated, changed or deleted under
//! it, or a lock file deleted or replaced, stops the writing: the game as
//! played is kept in a recovery file beside the game (never over another
//! file), and the player decides (save it as a new file, or reload).
//!
//! The identity is the device and inode on Unix, the volume serial number
//! and file index on Windows (`core::file_id`, issue 36).
//!
//! Plain data and the recovery file only: it imports nothing of the game.

use std::fs::Metadata;
use std::io;
use std::path::{Path, PathBuf};

use crate::file_id::FileKey;
use crate::fsutil::write_atomic;

/// What happened to the game file or its lock under its writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileChange {
    /// Another file now has its name (a backup restored, a copy over it).
    Replaced,
    /// Shorter than this writer left it.
    Truncated,
    /// Longer than this writer left it: another program wrote to it.
    Changed,
    /// Gone.
    Deleted,
    /// Its lock file was deleted: another writer may have come in.
    LockDeleted,
    /// Its lock file is another file now.
    LockReplaced,
}

impl FileChange {
    /// What happened, in words (`el archivo de la partida fue sustituido`).
    pub fn words(self, es: bool) -> &'static str {
        match (self, es) {
            (FileChange::Replaced, true) => "fue sustituido por otro archivo",
            (FileChange::Replaced, false) => "was replaced by another file",
            (FileChange::Truncated, true) => "fue recortado",
            (FileChange::Truncated, false) => "was truncated",
            (FileChange::Changed, true) => "fue cambiado por otro programa",
            (FileChange::Changed, false) => "was changed by another program",
            (FileChange::Deleted, true) => "fue borrado",
            (FileChange::Deleted, false) => "was deleted",
            (FileChange::LockDeleted, true) => "perdió su archivo de bloqueo (borrado)",
            (FileChange::LockDeleted, false) => "lost its lock file (deleted)",
            (FileChange::LockReplaced, true) => {
                "perdió su archivo de bloqueo (sustituido por otro)"
            }
            (FileChange::LockReplaced, false) => "lost its lock file (replaced by another)",
        }
    }
}

/// Where the game as played was kept when it could not be saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// In this recovery file (a whole game file impia opens).
    In(String),
    /// Nowhere on disk: the recovery file could not be written (why).
    NotWritten(String),
}

/// A file's identity (see `core::file_id`); `None` where it cannot be told.
pub(crate) type FileId = Option<FileKey>;

/// The identity of the file `m` describes: on Unix from `m` itself; on
/// Windows, whose metadata lacks it on stable std, from `key` (the same
/// file's handle or name, looked at by the caller).
#[cfg(unix)]
pub(crate) fn id_of(m: &Metadata, _key: impl FnOnce() -> FileId) -> FileId {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}

#[cfg(not(unix))]
pub(crate) fn id_of(_: &Metadata, key: impl FnOnce() -> FileId) -> FileId {
    key()
}

/// The game file as its writer last read or wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seen {
    pub id: FileId,
    /// Unknown after a failed append that could not be cut back.
    pub len: Option<u64>,
}

impl Seen {
    /// The file `m` describes; `key` its identity where `m` lacks it.
    pub fn of(m: &Metadata, key: impl FnOnce() -> FileId) -> Seen {
        Seen {
            id: id_of(m, key),
            len: Some(m.len()),
        }
    }

    /// What changed between this and the file now, if anything.
    pub fn compare(&self, now: &Metadata, key: impl FnOnce() -> FileId) -> Option<FileChange> {
        if self.id.is_some() && id_of(now, key) != self.id {
            return Some(FileChange::Replaced);
        }
        match self.len {
            Some(len) if now.len() < len => Some(FileChange::Truncated),
            Some(len) if now.len() > len => Some(FileChange::Changed),
            _ => None,
        }
    }
}

/// Why a save did not happen.
#[derive(Debug)]
pub(crate) enum SaveError {
    /// The disk, the folder, the permissions: the next save tries again.
    Io(io::Error),
    /// The file or its lock changed under the writer: writing stops.
    Changed(FileChange),
}

impl From<io::Error> for SaveError {
    fn from(e: io::Error) -> Self {
        SaveError::Io(e)
    }
}

/// How many recovery names are tried in one folder.
const MAX_TRIES: u32 = 1000;

/// The `n`-th recovery name of game file `real` (from 1): `g.yaml` →
/// `g.recovered.yaml`, `g.recovered-2.yaml`…; a long name is cut so the
/// result stays within 255 bytes.
fn recovery_name(real: &Path, n: u32) -> String {
    let stem = real
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "game".into());
    let mut cut = stem.len().min(200);
    while !stem.is_char_boundary(cut) {
        cut -= 1;
    }
    let stem = &stem[..cut];
    if n <= 1 {
        format!("{stem}.recovered.yaml")
    } else {
        format!("{stem}.recovered-{n}.yaml")
    }
}

/// A free recovery name in `dir`, made ours (created empty, exclusively),
/// so that the save over it never replaces another file.
fn reserve(dir: &Path, real: &Path) -> io::Result<PathBuf> {
    let mut last = None;
    for n in 1..=MAX_TRIES {
        let p = dir.join(recovery_name(real, n));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p)
        {
            Ok(_) => return Ok(p),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free recovery name")))
}

/// Write `text` (the whole game) to this writer's recovery file: `mine`
/// once it has one, else a new name beside the game file `real`, or in
/// the temporary folder when that folder cannot be written.
pub(crate) fn write_recovery(
    real: &Path,
    text: &str,
    mine: &mut Option<PathBuf>,
) -> Result<PathBuf, io::Error> {
    if let Some(p) = mine.as_ref()
        && write_atomic(p, text.as_bytes()).is_ok()
    {
        return Ok(p.clone());
    }
    let beside = real
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let mut first_error = None;
    for dir in [beside, std::env::temp_dir()] {
        let written = reserve(&dir, real).and_then(|p| match write_atomic(&p, text.as_bytes()) {
            Ok(()) => Ok(p),
            Err(e) => {
                // Our own empty reservation: nothing of the user's.
                let _ = std::fs::remove_file(&p);
                Err(e)
            }
        });
        match written {
            Ok(p) => {
                *mine = Some(p.clone());
                return Ok(p);
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| io::Error::other("no recovery folder")))
}
