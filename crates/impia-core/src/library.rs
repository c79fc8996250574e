//! The player's library (issue 36): one folder that holds the rosters,
//! games, records and exported PDFs, wherever impia was started from (a
//! desktop menu starts it in `$HOME` or `/`).
//!
//! Where it is, first match wins: `--home DIR`, the `IMPIA_HOME`
//! environment variable, the folder chosen in the app's settings
//! (remembered in the platform's config folder), else a visible `impia`
//! folder in the user's documents folder. Its layout is the one older
//! versions used in their working folder (`rosters/`, `games/`,
//! `records/`, `exports/`), so such a folder can be the library as it is.
//!
//! [`Library::prepare`] creates it; a new `rosters/` gets the shipped
//! example warbands (compiled into the binary), never over a file.
//! Nothing here deletes a file.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::layout::{GAMES_DIR, RECORDS_DIR};

/// The environment variable that names the library (tests, portable
/// installs, a second library).
pub const ENV_HOME: &str = "IMPIA_HOME";

/// The library folder's name in the documents folder.
pub const FOLDER_NAME: &str = "impia";

/// The longest remembered path file read (a path, not a document).
const MAX_REMEMBERED_BYTES: u64 = 8 * 1024;

/// The example warbands a new library starts with.
pub const EXAMPLES: [(&str, &str); 3] = [
    (
        "circulo-de-la-ceniza.yaml",
        include_str!("../../../rosters/circulo-de-la-ceniza.yaml"),
    ),
    (
        "guardia-del-paso.yaml",
        include_str!("../../../rosters/guardia-del-paso.yaml"),
    ),
    (
        "jauria-de-la-cienaga.yaml",
        include_str!("../../../rosters/jauria-de-la-cienaga.yaml"),
    ),
];

/// Where the library's location came from (the app says it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `--home DIR`.
    Flag,
    /// `IMPIA_HOME`.
    Env,
    /// Chosen in the app's settings.
    Remembered,
    /// The documents folder's `impia`.
    Default,
}

/// The library folder and its sub-folders. Its root is absolute (a
/// relative one is made absolute once, against the working folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    root: PathBuf,
}

impl Default for Library {
    /// The working folder as the library: the layout of older versions
    /// (tests and `with_rules` keep it; the app and CLI locate theirs).
    fn default() -> Self {
        Library::at(Path::new("."))
    }
}

/// No library folder could be found or made.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error(
        "no folder for impia's files: neither a documents nor a home folder is known here; pass --home DIR or set {ENV_HOME}"
    )]
    NoHome,
    #[error("{path}: cannot create the library folder: {source}")]
    Create { path: String, source: io::Error },
    #[error("{path}: the library is not a folder")]
    NotAFolder { path: String },
}

impl Library {
    /// The library at `root` (made absolute).
    pub fn at(root: &Path) -> Library {
        Library {
            root: std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf()),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn rosters(&self) -> PathBuf {
        self.root.join("rosters")
    }

    pub fn games(&self) -> PathBuf {
        self.root.join(GAMES_DIR)
    }

    /// Issue 38: the campaign files (`impia campaign new` writes there).
    pub fn campaigns(&self) -> PathBuf {
        self.root.join("campaigns")
    }

    /// The warbands' records: `records/` beside `games/`, where
    /// [`crate::records::records_dir`] puts a game's records.
    pub fn records(&self) -> PathBuf {
        self.root.join(RECORDS_DIR)
    }

    pub fn exports(&self) -> PathBuf {
        self.root.join("exports")
    }

    /// The library: `flag` (`--home`), else `IMPIA_HOME`, else the one
    /// chosen in the settings, else the default (see the module).
    pub fn locate(flag: Option<&Path>) -> Result<(Library, Source), LibraryError> {
        if let Some(dir) = flag {
            return Ok((Library::at(dir), Source::Flag));
        }
        if let Some(dir) = std::env::var_os(ENV_HOME).filter(|v| !v.is_empty()) {
            return Ok((Library::at(Path::new(&dir)), Source::Env));
        }
        if let Some(dir) = remembered() {
            return Ok((Library::at(&dir), Source::Remembered));
        }
        default_root()
            .map(|dir| (Library::at(&dir), Source::Default))
            .ok_or(LibraryError::NoHome)
    }

    /// Create the library and its folders; a `rosters/` made now gets the
    /// example warbands. The examples written, by path.
    pub fn prepare(&self) -> Result<Vec<PathBuf>, LibraryError> {
        let create = |dir: &Path| {
            std::fs::create_dir_all(dir).map_err(|source| LibraryError::Create {
                path: dir.display().to_string(),
                source,
            })
        };
        if self.root.exists() && !self.root.is_dir() {
            return Err(LibraryError::NotAFolder {
                path: self.root.display().to_string(),
            });
        }
        let rosters = self.rosters();
        let new_rosters = !rosters.exists();
        for dir in [&rosters, &self.games(), &self.records(), &self.exports()] {
            create(dir)?;
        }
        if !new_rosters {
            return Ok(Vec::new());
        }
        let mut written = Vec::new();
        for (name, text) in EXAMPLES {
            let path = rosters.join(name);
            // A file there already is the player's: kept, not an error.
            if write_new(&path, text.as_bytes()).is_ok() {
                written.push(path);
            }
        }
        Ok(written)
    }
}

/// Write a file that must not exist yet: a temp file renamed without
/// replacing, so a full disk leaves no half example and a file made
/// meanwhile is kept.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".impia-new-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(())
}

/// The default library: `impia` in the documents folder; where none is
/// configured, in `~/Documents` if it exists, else in the home folder.
pub fn default_root() -> Option<PathBuf> {
    if let Some(docs) = dirs::document_dir() {
        return Some(docs.join(FOLDER_NAME));
    }
    let home = dirs::home_dir()?;
    let docs = home.join("Documents");
    Some(if docs.is_dir() {
        docs.join(FOLDER_NAME)
    } else {
        home.join(FOLDER_NAME)
    })
}

/// The file that remembers the library chosen in the settings.
pub fn remembered_file() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join(FOLDER_NAME).join("library.txt"))
}

/// The library chosen in the settings, if any (a file that does not read
/// is no choice: the default applies).
pub fn remembered() -> Option<PathBuf> {
    let file = remembered_file()?;
    if !file.is_file() {
        return None;
    }
    let text = super::fsutil::read_text(&file, MAX_REMEMBERED_BYTES).ok()?;
    let line = text.lines().next()?.trim();
    (!line.is_empty()).then(|| PathBuf::from(line))
}

/// Remember `root` as the library (the app's settings); `None` forgets the
/// choice (the default again).
pub fn remember(root: Option<&Path>) -> io::Result<()> {
    let file = remembered_file()
        .ok_or_else(|| io::Error::other("no configuration folder is known here"))?;
    match root {
        Some(root) => {
            let text = root.to_str().ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "the folder's name is not valid Unicode",
                )
            })?;
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir)?;
            }
            super::fsutil::write_atomic(&file, format!("{text}\n").as_bytes())
        }
        None => match std::fs::remove_file(&file) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        },
    }
}

/// The files of an older version's working-folder layout in `dir` that
/// the library lacks: `.yaml` files of its `rosters/`, `games/` and
/// `records/` (and the PDFs of `exports/`), each with where its copy goes.
pub fn old_files(dir: &Path, library: &Library) -> Vec<(PathBuf, PathBuf)> {
    let old = Library::at(dir);
    if crate::fsutil::same_file(old.root(), library.root()) {
        return Vec::new();
    }
    let mut found = Vec::new();
    let pairs = [
        (old.rosters(), library.rosters(), "yaml"),
        (old.games(), library.games(), "yaml"),
        (old.records(), library.records(), "yaml"),
        (old.exports(), library.exports(), "pdf"),
    ];
    for (from, to, ext) in pairs {
        let Ok(read) = std::fs::read_dir(&from) else {
            continue;
        };
        let mut files: Vec<PathBuf> = read
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|x| x.eq_ignore_ascii_case(ext))
                    && !p
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        files.sort();
        for f in files {
            if let Some(name) = f.file_name() {
                let dest = to.join(name);
                if !dest.exists() {
                    found.push((f, dest));
                }
            }
        }
    }
    found
}

/// Copy files into the library, never over one there (a name taken
/// meanwhile is skipped) and never removing the original. How many were
/// copied, and the errors by file.
pub fn copy_in(files: &[(PathBuf, PathBuf)]) -> (usize, Vec<String>) {
    let mut copied = 0;
    let mut errors = Vec::new();
    for (from, to) in files {
        let result = (|| {
            if let Some(dir) = to.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let bytes = std::fs::read(from)?;
            write_new(to, &bytes)
        })();
        match result {
            Ok(()) => copied += 1,
            Err(e) => errors.push(format!("{}: {e}", from.display())),
        }
    }
    (copied, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_library_gets_the_examples_and_its_folders() {
        let dir = tempfile::tempdir().expect("temp");
        let lib = Library::at(&dir.path().join("impia"));
        let written = lib.prepare().expect("prepare");
        assert_eq!(written.len(), EXAMPLES.len());
        for d in [lib.rosters(), lib.games(), lib.records(), lib.exports()] {
            assert!(d.is_dir(), "{}", d.display());
        }
        // A second start writes nothing: the player may have removed one.
        std::fs::remove_file(&written[0]).expect("remove");
        assert!(lib.prepare().expect("again").is_empty());
        assert!(!written[0].exists());
    }

    #[test]
    fn an_example_never_replaces_the_players_file() {
        let dir = tempfile::tempdir().expect("temp");
        let lib = Library::at(dir.path());
        std::fs::create_dir_all(dir.path().join("rosters")).expect("mk");
        // rosters/ exists: nothing is seeded.
        assert!(lib.prepare().expect("prepare").is_empty());
        let mine = lib.rosters().join(EXAMPLES[0].0);
        std::fs::write(&mine, "mine").expect("write");
        assert!(write_new(&mine, b"theirs").is_err());
        assert_eq!(std::fs::read_to_string(&mine).expect("read"), "mine");
    }

    #[test]
    fn old_files_are_copied_in_and_kept() {
        let dir = tempfile::tempdir().expect("temp");
        let old = dir.path().join("work");
        std::fs::create_dir_all(old.join(GAMES_DIR)).expect("mk");
        std::fs::write(old.join("games/g.yaml"), "game").expect("write");
        std::fs::write(old.join("games/.g.yaml.lock"), "").expect("write");
        let lib = Library::at(&dir.path().join("lib"));
        let found = old_files(&old, &lib);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(copy_in(&found), (1, Vec::new()));
        assert_eq!(
            std::fs::read_to_string(lib.games().join("g.yaml")).expect("copy"),
            "game"
        );
        assert!(old.join("games/g.yaml").exists(), "the original stays");
        assert!(old_files(&old, &lib).is_empty(), "nothing left to copy");
        assert!(old_files(lib.root(), &lib).is_empty(), "not itself");
    }

    #[test]
    fn the_flag_wins_over_everything() {
        let (lib, source) = Library::locate(Some(Path::new("/x/y"))).expect("locate");
        assert_eq!(source, Source::Flag);
        assert!(lib.games().ends_with("y/games"));
    }
}
