//! The one owner of an open game file (issue 21; the door issue 23 builds
//! on): it takes the file's lock *before* reading it and holds it through
//! every check, apply and save, keeps the warbands' records in line, and
//! applies a batch of actions whole or not at all. The app, the CLI and any
//! later server write a game only through a `Host`; readers open a
//! read-only [`Game`] with [`Host::view`], with no lock and no write access.
//!
//! ```text
//! writers: Host::open / recover / create / create_in ──▶ lock ──▶ read ──▶ Game ──▶ act, undo, redo, batch
//! readers: Host::view ──────────────────────────────▶ read ──▶ Game (read-only)
//! ```

mod folder;

use std::ops::Deref;
use std::path::Path;
use std::sync::Arc;

use super::action::Action;
use super::error::{GameError, GameFileError};
use super::file::{self, GameLock, Locked};
use super::happened::{Happened, Records};
use super::session::{Game, ReadOnly};
use super::setup::GameSetup;
use crate::tables::RuleSet;
use crate::text::Text;

pub use folder::{GAMES_DIR, game_file_name};

/// Why a writer could not open a game.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// Another window or command holds the game's lock: try again later.
    #[error("{path}: another impia window or command has this game open for writing; try again")]
    Busy { path: String },
    /// The game file has more than one hard link: it is only read.
    #[error(
        "{path}: this game file has {links} hard links; impia writes a game only through a file with one name (make a copy, or use a symlink)"
    )]
    HardLinks { path: String, links: u64 },
    /// A new game would replace a file without being told to.
    #[error("{path} already exists; choose another file or pass --force")]
    Exists { path: String },
    /// The games folder could not be made.
    #[error("{path}: cannot make the games folder: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    /// Unreadable, a log that does not replay, or the save failed.
    #[error("{0}")]
    File(#[from] GameFileError),
}

impl HostError {
    /// Busy: the same command may work in a moment.
    pub fn is_busy(&self) -> bool {
        matches!(self, HostError::Busy { .. })
    }
}

/// One open game: its lock (when it writes a file), the game, and the
/// duties around each change. Reads go through `Deref` to [`Game`].
#[derive(Debug)]
pub struct Host {
    game: Game,
    /// Issue 26: while the game is shared, an ended game enters the records
    /// only once both players agree on it ([`Host::release_records`]).
    hold_records: bool,
    /// Issue 38: who confirmed each side's result, written in its result
    /// file (the phones, the laptop for them, or the one screen).
    confirmed_by: [crate::records::Confirmed; 2],
}

impl Deref for Host {
    type Target = Game;
    fn deref(&self) -> &Game {
        &self.game
    }
}

/// The models that have fled the battle (R31), to compare after a change
/// (the way the report finds a flee in the log).
fn fled_now(st: &super::state::GameState) -> Vec<super::refs::ModelRef> {
    st.models()
        .filter(|(_, m)| m.status == super::status::Status::Fled)
        .map(|(r, _)| r)
        .collect()
}

/// The models of `after` that fled and were not among `before`.
fn fled_since(
    before: &[super::refs::ModelRef],
    after: &super::state::GameState,
) -> Vec<super::happened::Fled> {
    after
        .models()
        .filter(|(r, m)| m.status == super::status::Status::Fled && !before.contains(r))
        .map(|(r, m)| super::happened::Fled {
            model: r,
            name: m.name.to_string(),
        })
        .collect()
}

fn lock_for_writing(path: &Path) -> Result<GameLock, HostError> {
    let name = || path.display().to_string();
    match file::take_lock(path).map_err(|e| super::session::lock_error(path, e))? {
        Locked::Held(l) => Ok(l),
        Locked::Busy => Err(HostError::Busy { path: name() }),
        Locked::HardLinks(links) => Err(HostError::HardLinks {
            path: name(),
            links,
        }),
    }
}

impl Host {
    /// A game in memory, not in a file yet (see [`Host::save_as`]).
    pub fn new(setup: GameSetup, rules: &RuleSet) -> Host {
        Host::detached(Game::new(setup, rules))
    }

    /// Host a game as it is: a game with a file keeps its lock, one
    /// without writes nothing.
    pub fn detached(game: Game) -> Host {
        Host {
            game,
            hold_records: false,
            confirmed_by: [crate::records::Confirmed::Table; 2],
        }
    }

    /// Open a game file to write it: the lock first (refused, before
    /// reading, while another writer holds it), then the file is read and
    /// replayed.
    pub fn open(path: &Path, rules: &RuleSet) -> Result<Host, HostError> {
        let lock = lock_for_writing(path)?;
        Ok(Host::detached(Game::load_locked(path, rules, lock)?))
    }

    /// Open a game file whose log may be damaged, to write it: the lock
    /// first, then the log is kept up to its first bad line (returned),
    /// the file copied to `FILE.bak` and rewritten at the next save.
    pub fn recover(
        path: &Path,
        rules: &RuleSet,
    ) -> Result<(Host, Option<GameFileError>), HostError> {
        let lock = lock_for_writing(path)?;
        let (g, problem) = Game::recover_locked(path, rules, Ok(lock))?;
        Ok((Host::detached(g), problem))
    }

    /// The app's open: as [`Host::recover`], but while another writer
    /// holds the game (or it has hard links) it opens read-only.
    pub fn open_or_view(
        path: &Path,
        rules: &RuleSet,
    ) -> Result<(Host, Option<GameFileError>), GameFileError> {
        let lock = match file::take_lock(path).map_err(|e| super::session::lock_error(path, e))? {
            Locked::Held(l) => Ok(l),
            Locked::Busy => Err(ReadOnly::Busy),
            Locked::HardLinks(n) => Err(ReadOnly::HardLinks(n)),
        };
        let (g, problem) = Game::recover_locked(path, rules, lock)?;
        Ok((Host::detached(g), problem))
    }

    /// Open a game file to read it: no lock, nothing written; a
    /// read-only folder will do (`game status`, `offers`, `report`).
    pub fn view(path: &Path, rules: &RuleSet) -> Result<Game, GameFileError> {
        Game::open_read(path, rules)
    }

    /// Start a game and write its file; an existing file is replaced only
    /// with `overwrite`, and never while another writer holds it.
    pub fn create(
        path: &Path,
        setup: GameSetup,
        rules: &RuleSet,
        overwrite: bool,
    ) -> Result<Host, HostError> {
        let mut h = Host::new(setup, rules);
        h.save_as(path, overwrite)?;
        Ok(h)
    }

    /// Write this game to `path` (its lock taken first) and autosave
    /// there from now on.
    pub fn save_as(&mut self, path: &Path, overwrite: bool) -> Result<(), HostError> {
        if self.game.path() == Some(path) {
            return Ok(self.game.save(path)?);
        }
        // A dangling link is refused before anything (its lock included) is
        // made, and before "exists", which --force would only answer wrongly.
        crate::fsutil::write_target(path).map_err(|e| {
            GameFileError::Data(crate::error::DataError::whole(
                path.display().to_string(),
                format!("cannot save: {e}"),
            ))
        })?;
        let lock = lock_for_writing(path)?;
        if !overwrite && (path.symlink_metadata().is_ok() || lock.target().exists()) {
            return Err(HostError::Exists {
                path: path.display().to_string(),
            });
        }
        self.game.save_with(path, Arc::new(lock))?;
        Ok(())
    }

    /// Issue 32, the player's choice once writing stopped (the file
    /// changed under impia): the whole game written to a new file (never
    /// over an existing one, nor to its own name), autosaved there from
    /// now on.
    pub fn save_as_new(&mut self, path: &Path) -> Result<(), HostError> {
        let same = self
            .game
            .path()
            .is_some_and(|p| p == path || crate::fsutil::same_file(p, path));
        if same {
            return Err(HostError::Exists {
                path: path.display().to_string(),
            });
        }
        self.save_as(path, false)
    }

    /// Issue 32, the other choice: the game read again from its file, as
    /// it is on disk now (its lock taken again first; the game in memory
    /// is dropped, its recovery file stays). Busy or unreadable, the game
    /// stays in memory, read-only, and can still be saved as a new file.
    pub fn reload(&mut self) -> Result<Option<GameFileError>, HostError> {
        let Some(path) = self.game.path().map(Path::to_path_buf) else {
            return Ok(None);
        };
        let rules = self.game.rules().clone();
        // Our own lock first: flock refuses a second one even to us.
        self.game.detach_file();
        let (h, problem) = Host::recover(&path, &rules)?;
        self.game = h.game;
        Ok(problem)
    }

    /// Issue 32, the end of a command: see [`Game::not_saved_at_end`].
    pub fn not_saved_at_end(&mut self) -> Option<GameError> {
        self.game.not_saved_at_end()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, its file let go.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Issue 26, a shared game: from now on an ended game waits to enter
    /// the records until [`Host::release_records`] (both players have
    /// confirmed its end, or the laptop for them). A game that leaves its
    /// end (undo) still leaves the records at once.
    pub fn hold_records(&mut self) {
        self.hold_records = true;
    }

    /// The hold lifted: an ended game enters the records now, as any game
    /// does when it ends.
    pub fn release_records(&mut self) -> Happened {
        self.release_records_by([crate::records::Confirmed::Laptop; 2])
    }

    /// [`Host::release_records`], saying who confirmed each side (seat A,
    /// seat B): their phones, or the laptop for them (issue 38's result
    /// file keeps it). What the records did is returned (nothing when
    /// nothing was held).
    pub fn release_records_by(&mut self, by: [crate::records::Confirmed; 2]) -> Happened {
        if !std::mem::take(&mut self.hold_records) {
            return Happened::default();
        }
        self.confirmed_by = by;
        self.sync_records(true)
    }

    /// Whether an ended game waits for [`Host::release_records`].
    pub fn records_held(&self) -> bool {
        self.hold_records
    }

    /// After a change: an ended game is in both warbands' records, and
    /// leaves them when its end is undone. A copy of another game file
    /// (same id) first gets an id of its own, and the user is told. What
    /// was done is returned (issue 34: with the change, not polled later).
    fn sync_records(&mut self, was_ended: bool) -> Happened {
        let mut h = Happened::default();
        let Some(path) = self.game.path().map(Path::to_path_buf) else {
            return h;
        };
        let ended = self.game.state().ended.is_some();
        if self.hold_records && ended {
            // Its end waits for both players (issue 26).
            h.records = Records::Held;
            return h;
        }
        if let Some(other) = crate::records::copy_of(&self.game, &path, was_ended) {
            if let Err(e) = self.game.give_new_id() {
                // Left as it was: touching the records now would replace
                // or take out the other file's entry.
                h.records = Records::Failed(Arc::new(std::io::Error::other(e.to_string())));
                return h;
            }
            let other = other
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_default();
            h.copy = Some(Text {
                es: format!(
                    "Esta partida es una copia de «{other}»: ahora es una partida aparte, con su propia entrada en el historial de las bandas."
                ),
                en: format!(
                    "This game is a copy of \u{201c}{other}\u{201d}: it is now a game of its own, with its own entry in the warbands' records."
                ),
            });
        }
        h.records = match crate::records::sync_by(&self.game, &path, was_ended, self.confirmed_by) {
            Err(e) => Records::Failed(Arc::new(e)),
            Ok(()) if ended => Records::Written,
            Ok(()) if was_ended => Records::Left,
            Ok(()) => Records::Untouched,
        };
        h
    }

    /// Run a change and return what it did (issue 34). `Ok(None)`: `f`
    /// changed nothing (no action to undo or redo). An action applied
    /// whose save failed carries what it did in its error
    /// ([`GameError::happened`]): the `?` of every caller keeps working,
    /// and a client that tells the failure tells the rest with it.
    fn changing(
        &mut self,
        f: impl FnOnce(&mut Game) -> Result<bool, GameError>,
    ) -> Result<Option<Happened>, GameError> {
        let was_ended = self.game.state().ended.is_some();
        let before = fled_now(self.game.state());
        let r = f(&mut self.game);
        let changed = match &r {
            Ok(c) => *c,
            Err(e) => e.is_applied(),
        };
        if !changed {
            return r.map(|_| None);
        }
        let mut h = self.sync_records(was_ended);
        h.fled = fled_since(&before, self.game.state());
        match r {
            Ok(_) => Ok(Some(h)),
            Err(e) => Err(e.with_happened(h)),
        }
    }

    /// Apply an action (see [`Game::apply`]) and save it; what it did.
    pub fn apply(&mut self, action: Action) -> Result<Happened, GameError> {
        self.changing(|g| g.apply(action).map(|()| true))
            .map(Option::unwrap_or_default)
    }

    /// Roll what the action lacks and apply it (see [`Game::act`]).
    pub fn act(&mut self, action: Action) -> Result<Happened, GameError> {
        self.changing(|g| g.act(action).map(|()| true))
            .map(Option::unwrap_or_default)
    }

    /// Undo the last action, and what that did; `Ok(None)` when there is
    /// none.
    pub fn undo(&mut self) -> Result<Option<Happened>, GameError> {
        self.changing(Game::undo)
    }

    /// Redo the last undone action; `Ok(None)` when there is none.
    pub fn redo(&mut self) -> Result<Option<Happened>, GameError> {
        self.changing(Game::redo)
    }

    /// Take back the last action by leave (issue 33; see
    /// [`Game::take_back`]); `Ok(None)` when there is none.
    pub fn take_back(&mut self, leave: super::leave::Leave) -> Result<Option<Happened>, GameError> {
        self.changing(|g| g.take_back(leave))
    }

    /// Issue 33, "a confirmed result stays confirmed": undoing the last
    /// action now would withdraw a result the warbands' records hold (the
    /// end is the last action, and it is not waiting for the phones'
    /// confirmation). No phone may; the laptop may, after a warning that
    /// names [`Game::result_words`], and the records then mark the entry
    /// withdrawn.
    pub fn undo_withdraws_result(&self) -> bool {
        self.game.path().is_some() && !self.hold_records && self.game.last_ends_the_game()
    }

    /// Begin a batch: actions applied to a copy in memory, saved in one
    /// write by [`Batch::commit`]; dropped uncommitted, nothing is written.
    pub fn batch(&mut self) -> Result<Batch<'_>, GameError> {
        self.game.writable()?;
        // A clone is detached from the file: it saves nothing.
        let work = self.game.clone();
        Ok(Batch {
            host: self,
            work,
            count: 0,
            bytes: 0,
        })
    }
}

/// Actions applied in memory, to be saved all at once (issue 21: a stdin
/// batch to `game act` is all or nothing).
pub struct Batch<'h> {
    host: &'h mut Host,
    work: Game,
    count: usize,
    /// The bytes its action lines will add to the file.
    bytes: u64,
}

impl Batch<'_> {
    /// The game as the batch leaves it so far.
    pub fn game(&self) -> &Game {
        &self.work
    }

    /// How many actions the batch holds.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Roll what the action lacks and apply it in memory.
    pub fn act(&mut self, action: Action) -> Result<(), GameError> {
        self.work.act(action)?;
        self.grew()
    }

    /// Apply an action in memory.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.work.apply(action)?;
        self.grew()
    }

    /// One action more: refused (`Refusal::FileFull`) as soon as the batch
    /// would pass the file's read limit, not at `commit` after holding it
    /// all in memory (issue 32: `yes` of a note aborted at 4 GB).
    fn grew(&mut self) -> Result<(), GameError> {
        self.count += 1;
        let line = self
            .work
            .actions()
            .last()
            .and_then(|a| file::action_line(a).ok())
            .map_or(0, |l| l.len() as u64 + 1);
        self.bytes = self.bytes.saturating_add(line);
        self.host.game.room_for_bytes(self.bytes)
    }

    /// Save every action of the batch in one write. Refused (a file that
    /// would pass the read limit), nothing is written.
    pub fn commit(self) -> Result<Happened, GameError> {
        let Batch { host, work, .. } = self;
        host.changing(|g| g.adopt(work).map(|()| true))
            .map(Option::unwrap_or_default)
    }
}
