//! The game file's errors as a player reads them: why it cannot be locked,
//! saved or written (split from `persist.rs`, which uses them).

use std::path::Path;

use super::super::error::GameFileError;
use super::super::file::watch::SaveError;
use super::super::file::{GameLock, Locked};
use crate::error::DataError;

/// The lock taken, or why not as an error: for a save, which cannot fall
/// back to reading.
pub(crate) fn held_or_refused(
    path: &Path,
    taken: std::io::Result<Locked>,
) -> Result<GameLock, GameFileError> {
    match taken.map_err(|e| lock_error(path, e))? {
        Locked::Held(l) => Ok(l),
        Locked::Busy => Err(busy(path)),
        Locked::HardLinks(n) => Err(hard_linked(path, n)),
    }
}

pub(crate) fn lock_error(path: &Path, e: std::io::Error) -> GameFileError {
    // A file named in a folder that is not there (`-o games/g.yaml` before
    // `games/` exists): say which folder, not the OS's "No such file".
    let missing = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && e.kind() == std::io::ErrorKind::NotFound)
        .filter(|d| !d.is_dir());
    let why = match missing {
        Some(dir) => format!(
            "cannot save: the folder {} does not exist; create it or choose a file in a folder that exists",
            dir.display()
        ),
        None => format!("cannot save: cannot lock the game for writing: {e}"),
    };
    GameFileError::Data(DataError::whole(path.display().to_string(), why))
}

pub(crate) fn busy(path: &Path) -> GameFileError {
    GameFileError::Data(DataError::whole(
        path.display().to_string(),
        "another impia window or command has this game open for writing; try again",
    ))
}

pub(crate) fn hard_linked(path: &Path, n: u64) -> GameFileError {
    GameFileError::Data(DataError::whole(
        path.display().to_string(),
        format!(
            "this game file has {n} hard links; impia writes a game only through a file with one name (make a copy, or use a symlink)"
        ),
    ))
}

pub(super) fn save_error(path: &Path, e: SaveError) -> GameFileError {
    match e {
        SaveError::Io(e) => io_error(path, e),
        SaveError::Changed(c) => GameFileError::Data(DataError::whole(
            path.display().to_string(),
            format!(
                "cannot save: the game file {} under impia; nothing was written",
                c.words(false)
            ),
        )),
    }
}

pub(super) fn io_error(path: &Path, e: std::io::Error) -> GameFileError {
    GameFileError::Data(DataError::whole(
        path.display().to_string(),
        format!("cannot save: {e}"),
    ))
}
