//! Each warband's record (issue 15): every game it ended, kept in a
//! `records/` folder as one readable YAML file per warband
//! (`records/SLUG.yaml`), written as safely as games (a temp file and a
//! rename). A game's entry is keyed by the game's id (its setup's, see
//! `GameSetup::game_id`), so ending the same game again replaces it, undoing
//! its end takes it out, and a new game saved over an old one's file gets an
//! entry of its own. Entries written before games had ids are keyed by the
//! game file's name, and still found by it.
//!
//! Issue 21: every change of a record (read, change, rewrite) holds one lock
//! for the records folder, so two games ended at once both keep their
//! entries. A warband's file is `SLUG.yaml`, or `SLUG-2.yaml`… when another
//! warband whose name gives the same slug ("Ñandú", "Nandu") has it first:
//! each file names its warband, and that is what is matched.
//!
//! A copied game file (`cp g.yaml g2.yaml`) carries its game's id: before
//! its records are touched, the host asks [`copy_of`] and gives a copy an
//! id of its own (saved in its file, the user told), so each copy keeps its
//! own entry and undoing one's end takes out only its own.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::DataError;
use crate::game::{Game, Side};
use crate::layout::{GAMES_DIR, RECORDS_DIR};
use crate::roster::slug;

/// The format this impia writes: 1 the first, 2 (issue 33) an entry's
/// `withdrawn` mark. Version 1 files open as ever (and are written as 2
/// when next changed); a newer one is refused with words that say so.
pub const RECORD_VERSION: u32 = 2;

/// A record file is small; a bigger one is refused, not read.
const MAX_RECORD_BYTES: u64 = 4 * 1024 * 1024;

/// How many files of one slug are tried (`SLUG.yaml`, `SLUG-2.yaml`, …)
/// before a warband's record is given up: far more warbands than any club
/// names alike.
const MAX_SAME_SLUG: usize = 100;

/// The lock of a records folder, a file in it.
pub const LOCK_NAME: &str = ".records.lock";

/// How long a change of the records waits for another one to finish: a
/// change takes milliseconds, so this only catches a stuck holder.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// One warband's record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub version: u32,
    pub warband: String,
    #[serde(default)]
    pub games: Vec<GameRecord>,
}

/// One game as the warband lived it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The game file's name when it was recorded (the key of entries from
    /// before games had ids).
    pub game: String,
    /// The game's id: the entry's key. Empty in entries of older impia.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// The day it was recorded, `YYYY-MM-DD` (UTC).
    pub date: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub scenario: String,
    pub opponent: String,
    pub result: GameResult,
    pub vp_for: i32,
    pub vp_against: i32,
    /// Its models not standing at the end.
    pub models_lost: usize,
    /// Issue 33: the laptop withdrew this result (undid a confirmed end):
    /// the entry is kept, marked, and no longer counts in the league.
    /// Absent in records of before, which load as ever.
    #[serde(default, skip_serializing_if = "is_false")]
    pub withdrawn: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

/// Where the records of the game at `game_path` go: `records/` beside the
/// `games/` folder that holds it (the app's layout), else `records/` in the
/// game's own folder. The folder is the real file's (issue 32): however
/// its path is spelt (`games/g.yaml` from above, `g.yaml` from inside
/// `games/`, a symlink), one game has one records folder, so an undo from
/// another working folder takes out the entry its end put in.
pub fn records_dir(game_path: &Path) -> PathBuf {
    // The lock's notion of the real file; a path it cannot resolve keeps
    // its spelling.
    let real = crate::game::file::target(game_path);
    records_dir_of(real.as_deref().unwrap_or(game_path))
}

/// [`records_dir`] of a path as it is spelt.
fn records_dir_of(game_path: &Path) -> PathBuf {
    let dir = game_path.parent().unwrap_or(Path::new(""));
    match (dir.file_name(), dir.parent()) {
        (Some(name), Some(up)) if name == GAMES_DIR => up.join(RECORDS_DIR),
        _ => dir.join(RECORDS_DIR),
    }
}

/// The record file of a warband: the one of its slug that names it, else
/// the first free one (where its record would go). A file that cannot be
/// read stops the search there, and is the answer (reading it gives the
/// error); [`locate`] tells the cases apart.
pub fn record_path(dir: &Path, warband: &str) -> PathBuf {
    match locate(dir, warband) {
        Ok(p) => p,
        Err((p, _)) => p,
    }
}

/// Where the record of `warband` is or goes (see [`record_path`]); a file
/// on the way that cannot be read is an error with its path, because it may
/// be this warband's.
pub fn locate(dir: &Path, warband: &str) -> Result<PathBuf, (PathBuf, DataError)> {
    let base = slug(warband);
    let mut first = None;
    for n in 1..=MAX_SAME_SLUG {
        let path = if n == 1 {
            dir.join(format!("{base}.yaml"))
        } else {
            dir.join(format!("{base}-{n}.yaml"))
        };
        first.get_or_insert_with(|| path.clone());
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path),
            _ => {}
        }
        match read(&path) {
            Ok(r) if r.warband == warband => return Ok(path),
            Ok(_) => {}
            Err(e) => return Err((path, e)),
        }
    }
    let first = first.unwrap_or_else(|| dir.join(format!("{base}.yaml")));
    let e = DataError::whole(
        dir.display().to_string(),
        format!(
            "{MAX_SAME_SLUG} record files already start with `{base}` for other warbands; rename this warband"
        ),
    );
    Err((first, e))
}

/// Read one record file. A `version` this impia does not know is refused
/// (a newer impia wrote it, or a hand edit broke it).
pub fn read(path: &Path) -> Result<Record, DataError> {
    let text = crate::fsutil::read_text(path, MAX_RECORD_BYTES)?;
    let name = path.display().to_string();
    // The version first: a newer file may carry fields this impia does
    // not know, and is refused for its version, not for a field.
    #[derive(Deserialize)]
    struct VersionOnly {
        version: Option<u32>,
    }
    let version = crate::yaml::from_str::<VersionOnly>(&name, &text)
        .ok()
        .and_then(|v| v.version);
    if let Some(v) = version
        && !(1..=RECORD_VERSION).contains(&v)
    {
        let pos = crate::error::locate_key(&text, "version");
        let message = format!(
            "record format version {v} is unknown; this impia reads versions 1 to {RECORD_VERSION}{}",
            if v > RECORD_VERSION {
                " (a newer impia wrote it: update impia)"
            } else {
                ""
            }
        );
        return Err(match pos {
            Some(p) => DataError::at(&name, p, message),
            None => DataError::whole(&name, message),
        });
    }
    crate::yaml::from_str::<Record>(&name, &text)
}

/// The lock of a records folder, held while one change of its records is
/// read, made and written. Released when dropped.
struct RecordsLock {
    _file: std::fs::File,
}

/// Take the lock of the records folder `dir` (made if missing), waiting up
/// to [`LOCK_WAIT`] for another change to finish. The lock file is opened
/// only if it is a plain file of this folder: a link planted in its place
/// is refused, never followed.
fn lock_records(dir: &Path) -> std::io::Result<RecordsLock> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(LOCK_NAME);
    let planted = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} is not a plain file; impia does not lock the records through it",
                path.display()
            ),
        )
    };
    if let Ok(m) = std::fs::symlink_metadata(&path)
        && !m.file_type().is_file()
    {
        return Err(planted());
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)?;
    // The name may have been swapped for a link between the look and the
    // open: the file opened must be the one that is there now.
    let opened = file.metadata()?;
    let there = std::fs::symlink_metadata(&path)?;
    // Windows: its metadata lacks the file index; the handle has it.
    let same = crate::fsutil::same_inode(&opened, &there)
        && (cfg!(unix) || crate::file_id::file_key(&file) == crate::file_id::path_key(&path));
    if !there.file_type().is_file() || !same {
        return Err(planted());
    }
    let start = web_time::Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(RecordsLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) if start.elapsed() < LOCK_WAIT => {
                crate::platform::pause(std::time::Duration::from_millis(5));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::WouldBlock,
                    format!(
                        "{}: another impia has been changing the records for {} s; try again",
                        dir.display(),
                        LOCK_WAIT.as_secs()
                    ),
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
    }
}

/// Bring both warbands' records in line with the game at `game_path`: its
/// entry is written when the game has ended, and marked withdrawn (kept,
/// never emptied: issue 33) when it has not.
/// `was_ended`: whether it had ended before the change; a game that neither
/// was nor is over has no entry to touch, and no record file is read.
pub fn sync(game: &Game, game_path: &Path, was_ended: bool) -> Result<(), std::io::Error> {
    if !was_ended && game.state().ended.is_none() {
        return Ok(());
    }
    let dir = records_dir(game_path);
    let file_name = game_path
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    let id = game.setup().game_id();
    // An entry of an older impia, keyed by the file's name, belongs to this
    // game only if the game is as old: a game with an id of its own was made
    // after that entry, and only shares its file's name.
    let legacy = game.setup().id.is_empty();
    let is_this_game =
        |g: &GameRecord| g.id == id || (legacy && g.id.is_empty() && g.game == file_name);
    // Most calls change nothing (an act on a game over long ago): they are
    // decided without the lock, so a read-only folder stays untouched. A
    // change is decided again under the lock, from the files as they are
    // then, and written.
    let change = |side| change(game, side, &dir, &file_name, &id, &is_this_game);
    let mut any = false;
    for side in Side::WARBANDS {
        any |= change(side)?.is_some();
    }
    if !any {
        return Ok(());
    }
    let _lock = lock_records(&dir)?;
    // One side written before the other is looked for: two warbands of one
    // slug must see each other's file.
    for side in Side::WARBANDS {
        if let Some((path, rec)) = change(side)? {
            let text = serde_yaml::to_string(&rec).map_err(std::io::Error::other)?;
            crate::fsutil::write_atomic(&path, text.as_bytes())?;
        }
    }
    Ok(())
}

/// Whether the game at `game_path` is a copy of another game file (issue:
/// `cp g.yaml g2.yaml` gives two games one id): an entry of the records
/// carries its id under another file's name, and that file, in the same
/// folder, is still there, is not this file under another name, and holds
/// a game of the same id (or cannot be read, so may). Then that file is
/// returned, and the host gives this game a new id before its records are
/// touched, so neither copy replaces or takes out the other's entry. A
/// game file renamed or moved (the other name gone) is the same game and
/// finds its entry. Only games ended (or ended before the change) look.
pub fn copy_of(game: &Game, game_path: &Path, was_ended: bool) -> Option<PathBuf> {
    if !was_ended && game.state().ended.is_none() {
        return None;
    }
    let dir = records_dir(game_path);
    let file_name = game_path.file_name()?.to_string_lossy().to_string();
    let id = game.setup().game_id();
    let st = game.state();
    let mut names: Vec<String> = Vec::new();
    for side in Side::WARBANDS {
        let Some(me) = st.side(side) else { continue };
        let Ok(path) = locate(&dir, &me.warband) else {
            continue;
        };
        let Ok(rec) = read(&path) else { continue };
        for g in rec.games {
            if g.id == id && g.game != file_name && !names.contains(&g.game) {
                names.push(g.game);
            }
        }
    }
    let here = std::fs::metadata(game_path).ok();
    names.into_iter().find_map(|name| {
        // A hand-edited entry naming `../x` or `a/b` is no file of this folder.
        if Path::new(&name).file_name() != Some(std::ffi::OsStr::new(&name)) {
            return None;
        }
        let other = game_path.with_file_name(&name);
        std::fs::metadata(&other).ok()?;
        // One file by another name (a hard link): by inode or file index.
        if here.is_some() && crate::fsutil::same_file(game_path, &other) {
            return None;
        }
        match crate::game::file::read_recovering(&other) {
            Ok(f) if f.setup.game_id() != id => None,
            _ => Some(other),
        }
    })
}

/// The record of one side's warband as the game changes it, if it does:
/// its entry put in (where it was, if it was there) while the game is over,
/// marked withdrawn while it is not. Withdrawn entries stay as they are:
/// an end made again is a new entry beside them.
fn change(
    game: &Game,
    side: Side,
    dir: &Path,
    file_name: &str,
    id: &str,
    is_this_game: &dyn Fn(&GameRecord) -> bool,
) -> std::io::Result<Option<(PathBuf, Record)>> {
    let st = game.state();
    let (Some(me), Some(them)) = (st.side(side), side.opponent().and_then(|o| st.side(o))) else {
        return Ok(None);
    };
    // A damaged record (or one that might be this warband's) is left as
    // it is: never overwritten by surprise.
    let path = locate(dir, &me.warband).map_err(|(_, e)| std::io::Error::other(e.to_string()))?;
    let mut rec = match read(&path) {
        Ok(r) => r,
        Err(_) if std::fs::symlink_metadata(&path).is_err() => Record {
            version: RECORD_VERSION,
            warband: me.warband.to_string(),
            games: Vec::new(),
        },
        Err(e) => return Err(std::io::Error::other(e.to_string())),
    };
    let before = rec.games.clone();
    let live = |g: &GameRecord| is_this_game(g) && !g.withdrawn;
    let at = rec.games.iter().position(live);
    // The day it was first recorded stays: touching an ended game again a
    // day later is no change.
    let date = at.map_or_else(crate::date::today, |i| rec.games[i].date.clone());
    if st.ended.is_none() {
        for g in rec.games.iter_mut().filter(|g| live(g)) {
            g.withdrawn = true;
        }
    }
    rec.games.retain(|g| !live(g));
    // Written in this impia's format (a version 1 file becomes 2).
    rec.version = RECORD_VERSION;
    if st.ended.is_some() {
        let (vf, va) = (me.score.total(), them.score.total());
        let entry = GameRecord {
            game: file_name.to_string(),
            id: id.to_string(),
            date,
            scenario: game.setup().scenario.clone(),
            opponent: them.warband.to_string(),
            result: match vf.cmp(&va) {
                std::cmp::Ordering::Greater => GameResult::Win,
                std::cmp::Ordering::Equal => GameResult::Draw,
                std::cmp::Ordering::Less => GameResult::Loss,
            },
            vp_for: vf,
            vp_against: va,
            models_lost: me.models.iter().filter(|m| !m.status.in_play()).count(),
            withdrawn: false,
        };
        let at = at.map_or(rec.games.len(), |i| i.min(rec.games.len()));
        rec.games.insert(at, entry);
    }
    Ok((rec.games != before).then_some((path, rec)))
}

/// One line of the league table. The VP sums are `i64`: a hand-edited
/// record of `i32::MAX` points twice must not wrap to a negative total.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub warband: String,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub vp_for: i64,
    pub vp_against: i64,
}

/// The league table of the records in `dir`: most wins first, then draws,
/// then VP difference, then VP for, then name. Files that are not records
/// are named in the second list, with why.
pub fn league(dir: &Path) -> Result<(Vec<Standing>, Vec<String>), DataError> {
    let mut rows = Vec::new();
    let mut bad = Vec::new();
    let entries = std::fs::read_dir(dir)
        .map_err(|e| DataError::whole(dir.display().to_string(), e.to_string()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    paths.sort();
    for p in paths {
        match read(&p) {
            Ok(r) => rows.push(standing(&r)),
            Err(e) => bad.push(e.to_string()),
        }
    }
    rows.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(b.draws.cmp(&a.draws))
            .then(
                b.vp_for
                    .saturating_sub(b.vp_against)
                    .cmp(&a.vp_for.saturating_sub(a.vp_against)),
            )
            .then(b.vp_for.cmp(&a.vp_for))
            .then(a.warband.cmp(&b.warband))
    });
    Ok((rows, bad))
}

/// A warband's line of the league: its games not withdrawn (issue 33).
pub fn standing(r: &Record) -> Standing {
    let counted: Vec<&GameRecord> = r.games.iter().filter(|g| !g.withdrawn).collect();
    let count = |k: GameResult| counted.iter().filter(|g| g.result == k).count();
    Standing {
        warband: r.warband.clone(),
        games: counted.len(),
        wins: count(GameResult::Win),
        draws: count(GameResult::Draw),
        losses: count(GameResult::Loss),
        // Saturating: no sum of i32 fits past i64 in a file of at most
        // 4 MiB, but a bound costs nothing and cannot panic.
        vp_for: counted
            .iter()
            .fold(0i64, |s, g| s.saturating_add(i64::from(g.vp_for))),
        vp_against: counted
            .iter()
            .fold(0i64, |s, g| s.saturating_add(i64::from(g.vp_against))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_go_beside_the_games_folder() {
        assert_eq!(
            records_dir_of(Path::new("x/games/a.yaml")),
            PathBuf::from("x/records")
        );
        assert_eq!(
            records_dir_of(Path::new("/tmp/g.yaml")),
            PathBuf::from("/tmp/records")
        );
    }

    /// Issue 36: exclusive on Windows too (`LockFileEx`), where a second
    /// handle of this very process waits as another process would.
    #[test]
    fn a_second_change_of_the_records_waits_for_the_first() {
        let dir = tempfile::tempdir().expect("temp");
        let first = lock_records(dir.path()).expect("first");
        let start = std::time::Instant::now();
        let holder = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            drop(first);
        });
        let second = lock_records(dir.path()).expect("second");
        assert!(start.elapsed() >= std::time::Duration::from_millis(250));
        drop(second);
        holder.join().expect("holder");
    }
}
