//! Where the player's documents live, behind one interface (issue 37):
//! rosters, games and records, each a named text on a shelf. The native
//! backend, [`Folder`], is the library's folders as they are today (saves
//! through `fsutil::write_atomic`, a game written only under its lock);
//! the web build's backend keeps them in the browser's storage
//! (`ui::web::storage`). [`cases`] runs the same checks against either,
//! so both keep the same promises.

use std::io;
use std::path::{Path, PathBuf};

use crate::game::host::GAMES_DIR;

/// Which kind of document: each its own folder (native) or key prefix (web).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shelf {
    Rosters,
    Games,
    Records,
}

impl Shelf {
    pub const ALL: [Shelf; 3] = [Shelf::Rosters, Shelf::Games, Shelf::Records];

    /// Its folder in the library (and its key prefix on the web).
    pub fn dir(self) -> &'static str {
        match self {
            Shelf::Rosters => "rosters",
            Shelf::Games => GAMES_DIR,
            Shelf::Records => "records",
        }
    }
}

/// The largest document a store takes or gives (a game file's own limit
/// is lower): a bound on what a damaged or hostile entry can cost.
pub const MAX_DOC_BYTES: usize = 16 * 1024 * 1024;

/// A document's name: a plain file name ending in `.yaml`, no folder, no
/// hidden file, at most 200 bytes. Both backends refuse anything else, so
/// a name can never reach outside its shelf.
pub fn check_name(name: &str) -> io::Result<()> {
    let ok = name.len() <= 200
        && name.ends_with(".yaml")
        && name.len() > ".yaml".len()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', '\0', ':']);
    if ok {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a document name (NAME.yaml, no folder): {name:?}"),
        ))
    }
}

/// The player's documents. Every write is whole: a reader sees the old
/// text or the new one, never a mix.
pub trait Store {
    /// The names on `shelf`, sorted; a shelf never written is empty.
    fn list(&self, shelf: Shelf) -> io::Result<Vec<String>>;
    /// The text of `name`; `NotFound` when there is none.
    fn read(&self, shelf: Shelf, name: &str) -> io::Result<String>;
    /// Replace (or make) `name` with `text`, whole.
    fn write(&mut self, shelf: Shelf, name: &str, text: &str) -> io::Result<()>;
    /// Take `name` away; `NotFound` when there is none.
    fn remove(&mut self, shelf: Shelf, name: &str) -> io::Result<()>;
}

/// The native backend: the library's folders (`rosters/`, `games/`,
/// `records/`) under `root`, as the app and the CLI use them.
#[derive(Clone, Debug)]
pub struct Folder {
    root: PathBuf,
}

impl Folder {
    pub fn new(root: &Path) -> Folder {
        Folder {
            root: root.to_path_buf(),
        }
    }

    fn path(&self, shelf: Shelf, name: &str) -> io::Result<PathBuf> {
        check_name(name)?;
        Ok(self.root.join(shelf.dir()).join(name))
    }
}

impl Store for Folder {
    fn list(&self, shelf: Shelf) -> io::Result<Vec<String>> {
        let dir = self.root.join(shelf.dir());
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut names: Vec<String> = entries
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| check_name(n).is_ok())
            .collect();
        names.sort();
        Ok(names)
    }

    fn read(&self, shelf: Shelf, name: &str) -> io::Result<String> {
        let path = self.path(shelf, name)?;
        crate::fsutil::read_text(&path, MAX_DOC_BYTES as u64).map_err(|e| {
            if path.symlink_metadata().is_err() {
                io::Error::new(io::ErrorKind::NotFound, e.to_string())
            } else {
                io::Error::new(io::ErrorKind::InvalidData, e.to_string())
            }
        })
    }

    fn write(&mut self, shelf: Shelf, name: &str, text: &str) -> io::Result<()> {
        let path = self.path(shelf, name)?;
        if text.len() > MAX_DOC_BYTES {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "too large"));
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        // A game is written only under its lock, as the Host writes it:
        // never under a live writer's feet.
        let _lock = match shelf {
            Shelf::Games => match crate::game::file::take_lock(&path)? {
                crate::game::file::Locked::Held(l) => Some(l),
                _ => {
                    return Err(io::Error::new(
                        io::ErrorKind::WouldBlock,
                        format!("{}: another impia is writing it", path.display()),
                    ));
                }
            },
            _ => None,
        };
        crate::fsutil::write_atomic(&path, text.as_bytes())
    }

    fn remove(&mut self, shelf: Shelf, name: &str) -> io::Result<()> {
        std::fs::remove_file(self.path(shelf, name)?)
    }
}

/// The in-memory backend: for a page whose storage is refused (private
/// mode, quota) and for tests.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    docs: std::collections::BTreeMap<(&'static str, String), String>,
}

impl Store for Memory {
    fn list(&self, shelf: Shelf) -> io::Result<Vec<String>> {
        Ok(self
            .docs
            .keys()
            .filter(|(s, _)| *s == shelf.dir())
            .map(|(_, n)| n.clone())
            .collect())
    }

    fn read(&self, shelf: Shelf, name: &str) -> io::Result<String> {
        check_name(name)?;
        self.docs
            .get(&(shelf.dir(), name.to_string()))
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, name.to_string()))
    }

    fn write(&mut self, shelf: Shelf, name: &str, text: &str) -> io::Result<()> {
        check_name(name)?;
        if text.len() > MAX_DOC_BYTES {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "too large"));
        }
        self.docs
            .insert((shelf.dir(), name.to_string()), text.to_string());
        Ok(())
    }

    fn remove(&mut self, shelf: Shelf, name: &str) -> io::Result<()> {
        check_name(name)?;
        self.docs
            .remove(&(shelf.dir(), name.to_string()))
            .map(|_| ())
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, name.to_string()))
    }
}

pub mod archive;
pub mod cases;
