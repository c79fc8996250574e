//! Each warband's record (issue 15): every game it ended, kept in a
//! `records/` folder as one readable YAML file per warband
//! (`records/SLUG.yaml`), written as safely as games (a temp file and a
//! rename). A game's entry is keyed by the game's id (its setup's, see
//! `GameSetup::game_id`), so ending the same game again replaces it, undoing
//! its end takes it out, and a new game saved over an old one's file gets an
//! entry of its own. Entries written before games had ids are keyed by the
//! game file's name, and still found by it.
//!
//! Issue 21 (until issue 38): every change of a record (read, change,
//! rewrite) held one lock for the records folder, so two games ended at
//! once both kept their entries; that lock held on one machine only. A warband's file is `SLUG.yaml`, or `SLUG-2.yaml`… when another
//! warband whose name gives the same slug ("Ñandú", "Nandu") has it first:
//! each file names its warband, and that is what is matched.
//!
//! A copied game file (`cp g.yaml g2.yaml`) carries its game's id: before
//! its records are touched, the host asks [`copy_of`] and gives a copy an
//! id of its own (saved in its file, the user told), so each copy keeps its
//! own entry and undoing one's end takes out only its own.
//!
//! Issue 38: records are no longer rewritten. Each ended game writes one
//! result file (`result.rs`, in `records/results/`), created once, and the
//! league and each warband's record are computed from them (`ledger.rs`),
//! the `SLUG.yaml` files of older impia read and kept beside them.

mod ledger;
mod result;

pub use ledger::{GameRow, Ledger, SkipKind, Skipped, is_conflict_copy};
pub use result::{
    Confirmed, RESULT_VERSION, RESULTS_DIR, ResultFile, SideResult, digest_of,
    file_name as result_file_name, read as read_result,
};

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

/// Bring the result files in line with the game at `game_path` (the
/// host's duty after each change; see `result.rs`): an ended game's result
/// is written once, a result that changed is a new file, and a game that
/// left its end gets a withdrawal (kept, never emptied: issue 33).
/// `was_ended`: whether it had ended before the change; a game that neither
/// was nor is over touches nothing. The old `SLUG.yaml` records are read
/// (a game they already count is not written again), never written.
pub fn sync(game: &Game, game_path: &Path, was_ended: bool) -> Result<(), std::io::Error> {
    sync_by(game, game_path, was_ended, [Confirmed::Table; 2])
}

/// [`sync`], with who confirmed each side's result (issue 26's phones).
pub fn sync_by(
    game: &Game,
    game_path: &Path,
    was_ended: bool,
    by: [Confirmed; 2],
) -> Result<(), std::io::Error> {
    let legacy_live = || legacy_entry(game, game_path);
    result::sync(game, game_path, was_ended, by, &legacy_live)
}

/// The entry an old record (`SLUG.yaml`) counts for this game, if one does.
fn legacy_entry(game: &Game, game_path: &Path) -> Option<GameRecord> {
    let dir = records_dir(game_path);
    let file_name = game_path.file_name()?.to_string_lossy().to_string();
    let id = game.setup().game_id();
    let legacy = game.setup().id.is_empty();
    let st = game.state();
    Side::WARBANDS.iter().find_map(|&side| {
        let me = st.side(side)?;
        let path = locate(&dir, &me.warband).ok()?;
        let rec = read(&path).ok()?;
        rec.games.into_iter().find(|g| {
            !g.withdrawn && (g.id == id || (legacy && g.id.is_empty() && g.game == file_name))
        })
    })
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
    for name in result::other_files(&dir, &id, &file_name) {
        if !names.contains(&name) {
            names.push(name);
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

/// The league table of the records folder `dir`, computed from its
/// result files and old records ([`Ledger`]): most wins first, then draws,
/// then VP difference, then VP for, then name. Files not counted are in
/// the second list, with why (file, line and column for a damaged one).
pub fn league(dir: &Path) -> Result<(Vec<Standing>, Vec<Skipped>), DataError> {
    let ledger = Ledger::read(dir)?;
    Ok((ledger.league(), ledger.skipped))
}

/// The computed record of `warband` in the records folder `dir`: `None`
/// when no result or old record names it.
pub fn record_of(dir: &Path, warband: &str) -> Result<Option<Record>, DataError> {
    Ok(Ledger::read(dir)?.record_of(warband))
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
}
