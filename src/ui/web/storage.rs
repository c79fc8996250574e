//! The web backend of the core's [`Store`] (issue 37): the browser's
//! `localStorage`, one key per document (`impia/rosters/NAME.yaml`, …).
//!
//! Why localStorage and not IndexedDB: the app saves a game whole after
//! every action, synchronously, as the desktop does (a save that is still
//! pending when the tab closes would be lost; IndexedDB only answers
//! later, and its crates are not in the lock). A game file is a few KB;
//! the 5 MB an origin gets holds hundreds. A full storage is an error the
//! player sees, never a silent loss; the page asks the browser to keep its
//! storage (`navigator.storage.persist()`).

use std::io;
use std::path::{Path, PathBuf};

use crate::core::game::{Game, Host, ReadOnly};
use crate::core::roster::{self, Roster};
use crate::core::store::{MAX_DOC_BYTES, Shelf, Store, check_name};
use crate::core::tables::RuleSet;

/// The app's documents; the self-test uses another prefix.
pub const PREFIX: &str = "impia/";

/// The browser's storage under a key prefix.
pub struct Browser {
    storage: web_sys::Storage,
    prefix: String,
}

fn js(e: wasm_bindgen::JsValue) -> io::Error {
    io::Error::other(format!("{e:?}"))
}

impl Browser {
    /// The page's localStorage under `prefix`; none (a private window
    /// that refuses it) is an error.
    pub fn open(prefix: &str) -> io::Result<Browser> {
        let storage = web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("the browser gives this page no storage"))?;
        Ok(Browser {
            storage,
            prefix: prefix.to_string(),
        })
    }

    /// The app's own documents.
    pub fn app() -> io::Result<Browser> {
        Browser::open(PREFIX)
    }

    fn key(&self, shelf: Shelf, name: &str) -> io::Result<String> {
        check_name(name)?;
        Ok(format!("{}{}/{name}", self.prefix, shelf.dir()))
    }

    /// Every key under this prefix, taken away (the self-test's clean start).
    pub fn clear(&mut self) -> io::Result<()> {
        let n = self.storage.length().map_err(js)?;
        let keys: Vec<String> = (0..n)
            .filter_map(|i| self.storage.key(i).ok().flatten())
            .filter(|k| k.starts_with(&self.prefix))
            .collect();
        for k in keys {
            self.storage.remove_item(&k).map_err(js)?;
        }
        Ok(())
    }
}

impl Store for Browser {
    fn list(&self, shelf: Shelf) -> io::Result<Vec<String>> {
        let head = format!("{}{}/", self.prefix, shelf.dir());
        let n = self.storage.length().map_err(js)?;
        let mut names: Vec<String> = (0..n)
            .filter_map(|i| self.storage.key(i).ok().flatten())
            .filter_map(|k| k.strip_prefix(&head).map(str::to_string))
            .filter(|name| check_name(name).is_ok())
            .collect();
        names.sort();
        Ok(names)
    }

    fn read(&self, shelf: Shelf, name: &str) -> io::Result<String> {
        let key = self.key(shelf, name)?;
        match self.storage.get_item(&key).map_err(js)? {
            Some(t) if t.len() <= MAX_DOC_BYTES => Ok(t),
            Some(_) => Err(io::Error::new(io::ErrorKind::InvalidData, "too large")),
            None => Err(io::Error::new(io::ErrorKind::NotFound, name.to_string())),
        }
    }

    fn write(&mut self, shelf: Shelf, name: &str, text: &str) -> io::Result<()> {
        let key = self.key(shelf, name)?;
        if text.len() > MAX_DOC_BYTES {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "too large"));
        }
        // One key is replaced whole: a reader sees the old or the new text.
        self.storage.set_item(&key, text).map_err(|e| {
            io::Error::other(format!(
                "the browser's storage is full or refused the save ({e:?})"
            ))
        })
    }

    fn remove(&mut self, shelf: Shelf, name: &str) -> io::Result<()> {
        let key = self.key(shelf, name)?;
        if self.storage.get_item(&key).map_err(js)?.is_none() {
            return Err(io::Error::new(io::ErrorKind::NotFound, name.to_string()));
        }
        self.storage.remove_item(&key).map_err(js)
    }
}

/// First visit: the example warbands on the rosters shelf (a name the
/// player already uses is kept); how many were written. Once only.
pub fn keep_examples() -> Result<usize, String> {
    const DONE: &str = "impia/examples-kept";
    let mut s = Browser::app().map_err(|e| e.to_string())?;
    if s.storage.get_item(DONE).ok().flatten().is_some() {
        return Ok(0);
    }
    let have = s.list(Shelf::Rosters).map_err(|e| e.to_string())?;
    let mut written = 0;
    for (name, text) in crate::core::library::EXAMPLES {
        if !have.iter().any(|h| h == name) {
            s.write(Shelf::Rosters, name, text)
                .map_err(|e| e.to_string())?;
            written += 1;
        }
    }
    s.storage
        .set_item(DONE, "1")
        .map_err(|e| js(e).to_string())?;
    Ok(written)
}

/// The document name a path stands for on the web (its file name).
fn name_of(path: &Path) -> io::Result<String> {
    path.file_name()
        .and_then(|n| n.to_str())
        .map(str::to_string)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))
}

/// Save a roster where the desktop writes `path`: the rosters shelf, by
/// its file name; the text written (the page also offers it as a file).
pub fn write_roster(path: &Path, r: &Roster) -> Result<String, String> {
    let text = roster::roster_to_yaml(r).map_err(|e| e.to_string())?;
    let name = name_of(path).map_err(|e| e.to_string())?;
    Browser::app()
        .and_then(|mut s| s.write(Shelf::Rosters, &name, &text))
        .map_err(|e| e.to_string())?;
    Ok(text)
}

/// A dropped or opened file's bytes kept on the shelf its text belongs
/// to (a game file, else a roster): the path the app opens it by.
pub fn keep_dropped(name: &str, bytes: &[u8], rules: &RuleSet) -> Result<PathBuf, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
    let stem = name
        .rsplit_once('.')
        .map_or(name, |(s, _)| s)
        .replace(['/', '\\', ':'], "-");
    let name = format!("{}.yaml", stem.trim_start_matches('.'));
    let shelf = if Game::from_file_text(&name, text, rules).is_ok() {
        Shelf::Games
    } else {
        // A broken roster is kept too: opening it says what is wrong.
        Shelf::Rosters
    };
    Browser::app()
        .and_then(|mut s| s.write(shelf, &name, text))
        .map_err(|e| e.to_string())?;
    Ok(PathBuf::from(shelf.dir()).join(name))
}

/// The text of a roster kept in the browser under `path`'s name.
pub fn roster_text(path: &Path) -> Option<String> {
    let name = name_of(path).ok()?;
    Browser::app().ok()?.read(Shelf::Rosters, &name).ok()
}

/// A roster kept in the browser, by the path the app knows it by.
pub fn read_roster(path: &Path, rules: &RuleSet) -> Option<Result<Roster, String>> {
    let name = name_of(path).ok()?;
    let text = Browser::app().ok()?.read(Shelf::Rosters, &name).ok()?;
    Some(roster::parse_roster(&name, &text, rules).map_err(|e| e.to_string()))
}

/// The rosters kept in the browser, as the paths the app lists.
pub fn roster_paths(dir: &Path) -> Vec<PathBuf> {
    Browser::app()
        .and_then(|s| s.list(Shelf::Rosters))
        .unwrap_or_default()
        .into_iter()
        .map(|n| dir.join(n))
        .collect()
}

/// A new game kept in the browser under a free name of
/// `game_file_name`: the path the app knows it by (`games/NAME.yaml`).
pub fn keep_new_game(game: &Host) -> Result<PathBuf, String> {
    let mut s = Browser::app().map_err(|e| e.to_string())?;
    let taken = s.list(Shelf::Games).map_err(|e| e.to_string())?;
    let date = crate::core::date::today();
    let name = (1..=1000)
        .map(|n| crate::core::game::host::game_file_name(game.setup(), &date, n))
        .find(|n| !taken.contains(n))
        .ok_or("too many games today")?;
    let text = game.to_file_text().map_err(|e| e.to_string())?;
    s.write(Shelf::Games, &name, &text)
        .map_err(|e| e.to_string())?;
    super::tabs::claim(&name);
    remember(&name, &text);
    Ok(PathBuf::from(Shelf::Games.dir()).join(name))
}

thread_local! {
    /// The last game text written, by name: a frame writes only a change.
    static WRITTEN: std::cell::RefCell<(String, usize, String)> = Default::default();
}

fn remember(name: &str, text: &str) {
    WRITTEN.with(|w| *w.borrow_mut() = (name.to_string(), 0, text.to_string()));
}

/// What `keep_game` says when another tab has taken the game over.
pub const LOST_TO_ANOTHER_TAB: &str = "another tab of this browser plays this game now";

/// Called every frame: the open game, written again after any change
/// (the web's autosave: every action is in storage before the next frame).
pub fn keep_game(path: Option<&Path>, game: Option<&Host>) -> Result<(), String> {
    let (Some(path), Some(game)) = (path, game) else {
        return Ok(());
    };
    if game.read_only() {
        return Ok(());
    }
    let name = name_of(path).map_err(|e| e.to_string())?;
    if !super::tabs::still_mine(&name) {
        return Err(LOST_TO_ANOTHER_TAB.to_string());
    }
    // A cheap look first: the text is made only when the log moved.
    let stamp =
        game.actions().len() * 1_000_003 + game.undone().len() * 1009 + game.redo_list().len();
    let same = WRITTEN.with(|w| {
        let w = w.borrow();
        w.0 == name && w.1 == stamp
    });
    if same {
        return Ok(());
    }
    let text = game.to_file_text().map_err(|e| e.to_string())?;
    let unchanged = WRITTEN.with(|w| w.borrow().0 == name && w.borrow().2 == text);
    if !unchanged {
        Browser::app()
            .and_then(|mut s| s.write(Shelf::Games, &name, &text))
            .map_err(|e| e.to_string())?;
    }
    WRITTEN.with(|w| *w.borrow_mut() = (name, stamp, text));
    Ok(())
}

/// A game kept in the browser, by the path the app knows it by.
pub fn read_game(path: &Path, rules: &RuleSet) -> Option<Result<Host, String>> {
    let name = name_of(path).ok()?;
    let text = Browser::app().ok()?.read(Shelf::Games, &name).ok()?;
    let game = Game::from_file_text(&name, &text, rules).map_err(|e| e.to_string());
    if game.is_ok() {
        remember(&name, &text);
    }
    // One game per tab: held by another, it is only viewed here.
    Some(game.map(|g| match super::tabs::claim(&name) {
        true => Host::detached(g),
        false => Host::detached(g.viewed_only(ReadOnly::OtherTab)),
    }))
}

/// Whether the browser keeps a game by the path the app knows it by.
pub fn game_kept(path: &Path) -> bool {
    name_of(path)
        .and_then(|name| Browser::app()?.read(Shelf::Games, &name))
        .is_ok()
}

/// A game kept in the browser, read to be looked at (the setup's
/// "Continue the last game" line), not opened.
pub fn view_game(path: &Path, rules: &RuleSet) -> Option<Result<Game, String>> {
    let name = name_of(path).ok()?;
    let text = Browser::app().ok()?.read(Shelf::Games, &name).ok()?;
    Some(Game::from_file_text(&name, &text, rules).map_err(|e| e.to_string()))
}

/// The whole library as a zip (issue 37: nothing trapped in one browser):
/// its bytes and how many documents it holds.
pub fn export_zip() -> Result<(Vec<u8>, usize), String> {
    let s = Browser::app().map_err(|e| e.to_string())?;
    let count = Shelf::ALL
        .iter()
        .map(|sh| s.list(*sh).map(|v| v.len()))
        .sum::<io::Result<usize>>()
        .map_err(|e| e.to_string())?;
    let zip = crate::core::store::archive::export(&s).map_err(|e| e.to_string())?;
    Ok((zip, count))
}

/// A library zip's documents kept in the browser, none replaced.
pub fn import_zip(bytes: &[u8]) -> Result<crate::core::store::archive::Imported, String> {
    let mut s = Browser::app().map_err(|e| e.to_string())?;
    crate::core::store::archive::import(&mut s, bytes).map_err(|e| e.to_string())
}

/// How many rosters, games and records the browser keeps.
pub fn counts() -> [usize; 3] {
    let s = Browser::app().ok();
    Shelf::ALL.map(|sh| {
        s.as_ref()
            .and_then(|s| s.list(sh).ok())
            .map_or(0, |v| v.len())
    })
}

/// The store's cases against the browser's storage (`?selftest`), each
/// on a fresh prefix; the lines the browser test reads.
pub fn self_test() -> Vec<String> {
    if let Err(e) = Browser::app() {
        return vec![
            format!("FAILED storage: {e}"),
            "store: 0 passed, 1 failed".into(),
        ];
    }
    let mut n = 0;
    let outcomes = crate::core::store::cases::run(|| {
        n += 1;
        match Browser::open(&format!("impia-selftest-{n}/")) {
            Ok(mut b) => {
                let _ = b.clear();
                Box::new(b) as Box<dyn Store>
            }
            // Checked above; a store that vanished fails its case.
            Err(_) => Box::new(crate::core::store::Memory::default()),
        }
    });
    let failed = outcomes.iter().filter(|(_, r)| r.is_err()).count();
    let mut lines: Vec<String> = outcomes
        .iter()
        .map(|(name, r)| match r {
            Ok(()) => format!("ok {name}"),
            Err(e) => format!("FAILED {name}: {e}"),
        })
        .collect();
    lines.push(format!(
        "store: {} passed, {failed} failed",
        outcomes.len() - failed
    ));
    for i in 1..=n {
        if let Ok(mut b) = Browser::open(&format!("impia-selftest-{i}/")) {
            let _ = b.clear();
        }
    }
    lines
}
