//! One writer per game *file* (issue 21): the lock is keyed by the file a
//! name leads to, not by the name, so a symlink and the real name share it.
//!
//! The lock is `.NAME.lock` beside the real file (symlinks resolved, the
//! folder canonical), held with an exclusive `flock` (std's `File::try_lock`)
//! from before the game is read until the writer closes it. A lock file and
//! not the game file itself, because saves replace the game file by a
//! rename, and a lock on the old inode would not guard the new one. The lock
//! goes with the process, even a killed one.
//!
//! A game file with more than one hard link is not written at all: a save
//! renames a new file over one name and would split the names into two
//! games, and the other names' lock files sit elsewhere. Such a file opens
//! read-only ([`Locked::HardLinks`]). The links are counted when the lock
//! is taken: a hard link made later, while a writer holds the game, is
//! seen by the next opener (and a rewrite meanwhile leaves that link on
//! the old copy).
//!
//! The lock file is removed when its writer closes the game, while the lock
//! is still held; an opener that locked a file removed meanwhile sees that
//! the name no longer leads to the file it holds and tries again. An older
//! impia does not re-check, so beside this one it could lock a removed lock
//! file: run one version at a time on a game. On Windows lock files are
//! left in place (a file removed while open stays "delete pending", and an
//! opener would get "access denied" instead of a lock); the file is still
//! compared by its file index, so one replaced under its writer is seen.

use std::io;
use std::path::{Path, PathBuf};

use crate::file_id::{file_key, link_count, path_key};

/// A lock file's name may be at most this long (most file systems' limit).
const MAX_NAME_BYTES: usize = 255;

/// How many times an opener retries a lock file removed under it.
const RETRIES: usize = 64;

/// The exclusive lock of one game file, held while a window or command may
/// write it. Dropping it removes the lock file (Unix) and lets go.
#[derive(Debug)]
pub struct GameLock {
    file: std::fs::File,
    lock_path: PathBuf,
    target: PathBuf,
}

impl GameLock {
    /// The real game file this lock guards: every symlink resolved. Reads
    /// and saves go to it, so a link retargeted meanwhile changes nothing.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The lock file.
    pub fn lock_path(&self) -> &Path {
        &self.lock_path
    }

    /// Issue 32: whether the lock file is still the one this lock holds:
    /// `Ok(None)` yes; deleted or replaced, another writer may be in.
    pub(crate) fn changed(&self) -> io::Result<Option<super::watch::FileChange>> {
        use super::watch::{FileChange, id_of};
        let now = match std::fs::symlink_metadata(&self.lock_path) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Some(FileChange::LockDeleted));
            }
            Err(e) => return Err(e),
        };
        let held = self.file.metadata()?;
        let now = id_of(&now, || path_key(&self.lock_path));
        let held = id_of(&held, || file_key(&self.file));
        Ok((now != held).then_some(FileChange::LockReplaced))
    }
}

impl Drop for GameLock {
    fn drop(&mut self) {
        // Removed while still locked (the file closes after this body): an
        // opener that opened it before sees it gone and retries.
        #[cfg(unix)]
        if same_inode(&self.file, &self.lock_path) {
            let _ = std::fs::remove_file(&self.lock_path);
        }
    }
}

/// What taking a game's lock gave.
#[derive(Debug)]
pub enum Locked {
    /// Held: this opener is the one writer.
    Held(GameLock),
    /// Another window or command holds it.
    Busy,
    /// The game file has this many hard links: it is only read.
    HardLinks(u64),
}

/// The real file `path` names: symlinks resolved and the folder made
/// canonical. A file that does not exist yet is its canonical folder and
/// its name (a new game).
pub fn target(path: &Path) -> io::Result<PathBuf> {
    match std::fs::canonicalize(path) {
        Ok(p) => Ok(p),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let name = path
                .file_name()
                .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            Ok(std::fs::canonicalize(dir)?.join(name))
        }
        Err(e) => Err(e),
    }
}

/// The lock file of a game file (of its real file: see [`target`]).
/// `.NAME.lock`, or, when that would pass 255 bytes, the name cut and an
/// FNV-1a hash of the whole name, so a 250-character game has a lock too.
pub fn lock_path(path: &Path) -> PathBuf {
    let real = target(path).unwrap_or_else(|_| path.to_path_buf());
    lock_path_of(&real)
}

fn lock_path_of(real: &Path) -> PathBuf {
    let name = real
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let plain = format!(".{name}.lock");
    if plain.len() <= MAX_NAME_BYTES {
        return real.with_file_name(plain);
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.as_bytes() {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    let mut cut = 200;
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    real.with_file_name(format!(".{}-{h:016x}.lock", &name[..cut]))
}

/// Whether the open `file` is the one `path` leads to now (inode on Unix,
/// file index on Windows); a file that cannot be looked at is not.
fn same_inode(file: &std::fs::File, path: &Path) -> bool {
    let key = file_key(file);
    key.is_some() && key == path_key(path)
}

fn links(path: &Path) -> u64 {
    // Only a regular file's links are a second name of the game: a folder
    // has one per sub-folder (issue 32: `x.yaml/` was "2 hard links"); the
    // read that follows says what it is.
    std::fs::metadata(path).map_or(1, |m| {
        if m.is_file() {
            link_count(path).unwrap_or(1)
        } else {
            1
        }
    })
}

/// Take the lock of the game file `path` names, before anything reads it.
pub fn take(path: &Path) -> io::Result<Locked> {
    let target = target(path)?;
    let lock_path = lock_path_of(&target);
    for _ in 0..RETRIES {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Ok(Locked::Busy),
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        // The writer before us may have removed this lock file after we
        // opened it: then it guards nothing, and we open the name again.
        if !same_inode(&file, &lock_path) {
            continue;
        }
        let n = links(&target);
        if n > 1 {
            // Dropping the lock removes its file: nobody writes this game.
            drop(GameLock {
                file,
                lock_path,
                target,
            });
            return Ok(Locked::HardLinks(n));
        }
        return Ok(Locked::Held(GameLock {
            file,
            lock_path,
            target,
        }));
    }
    Err(io::Error::other(
        "the game's lock file keeps being removed; try again",
    ))
}

/// Take the game's lock: `Ok(None)` when another window or command holds
/// it, or the file has more than one hard link (see [`take`]).
pub fn lock(path: &Path) -> io::Result<Option<GameLock>> {
    Ok(match take(path)? {
        Locked::Held(l) => Some(l),
        Locked::Busy | Locked::HardLinks(_) => None,
    })
}
