//! Issue 38, results that travel: each ended game writes one result file
//! in `records/results/`, created once and never rewritten, so a records
//! folder shared by several laptops through a synced folder (Syncthing, a
//! cloud drive) never has two writers of one file. The league and every
//! warband's record are computed from these files (`ledger.rs`).
//!
//! A game's result can still change (issue 33: the laptop withdraws a
//! confirmed end, and the game may end again): each change is a new file
//! of the same game, numbered (`ID.1.yaml`, `ID.2.yaml`…), and the highest
//! number is the game's result now. A withdrawal is a file too
//! (`withdrawn: true`). The number is the next free one in the folder; one
//! game is written by one laptop at a time (its file's lock).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::Digest;

use super::{GameRecord, GameResult};
use crate::error::DataError;
use crate::game::{Game, Side};

/// The format of result files this impia writes and reads.
pub const RESULT_VERSION: u32 = 1;

/// The folder of result files, inside a records folder.
pub const RESULTS_DIR: &str = "results";

/// A result file is a few hundred bytes; a bigger one is refused unread.
const MAX_RESULT_BYTES: u64 = 64 * 1024;

/// Who confirmed a side's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Confirmed {
    /// Not shared: the game was ended on the one screen both players used.
    #[default]
    Table,
    /// The player confirmed it on their phone (issue 26).
    Phone,
    /// The laptop confirmed it for the player (Confirm for both, or the
    /// share closed before the phone did).
    Laptop,
}

/// One side of a result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideResult {
    pub warband: String,
    #[serde(default)]
    pub player: String,
    pub vp: i32,
    pub result: GameResult,
    /// Its models not standing at the end.
    pub models_lost: usize,
    pub confirmed: Confirmed,
}

/// One result file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultFile {
    pub version: u32,
    /// The game's id (`GameSetup::game_id`): results of one game share it.
    pub game_id: String,
    /// 1, 2, …: the highest of a game is its result now.
    pub seq: u32,
    /// This file withdraws the game's result (issue 33): it no longer
    /// counts. Its sides are the result withdrawn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub withdrawn: bool,
    /// The day it was written, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The game file's name when it was written.
    pub game_file: String,
    /// The game file has no id of its own (written before games had one):
    /// `game_id` is derived from its setup, and an old record's entry keyed
    /// by the file's name is this game's.
    #[serde(default, skip_serializing_if = "is_false")]
    pub derived_id: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub scenario: String,
    pub a: SideResult,
    pub b: SideResult,
    /// `sha256:` and the hex digest of the game file's bytes as saved when
    /// this file was written.
    pub game_digest: String,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl ResultFile {
    /// The sides, A then B.
    pub fn sides(&self) -> [&SideResult; 2] {
        [&self.a, &self.b]
    }

    /// The same outcome (what the league counts): the day, the file's
    /// name, the digest and the confirmations aside.
    fn same_outcome(&self, other: &ResultFile) -> bool {
        let side = |s: &SideResult| (s.warband.clone(), s.player.clone(), s.vp, s.models_lost);
        self.withdrawn == other.withdrawn
            && self.scenario == other.scenario
            && side(&self.a) == side(&other.a)
            && side(&self.b) == side(&other.b)
    }

    /// The entry of the warband `warband` in its computed record, if it
    /// played this game.
    pub fn entry_of(&self, warband: &str) -> Option<GameRecord> {
        let (me, them) = if self.a.warband == warband {
            (&self.a, &self.b)
        } else if self.b.warband == warband {
            (&self.b, &self.a)
        } else {
            return None;
        };
        Some(GameRecord {
            game: self.game_file.clone(),
            id: self.game_id.clone(),
            date: self.date.clone(),
            scenario: self.scenario.clone(),
            opponent: them.warband.clone(),
            result: me.result,
            vp_for: me.vp,
            vp_against: them.vp,
            models_lost: me.models_lost,
            withdrawn: self.withdrawn,
        })
    }
}

/// The result of VP `mine` against `theirs`.
pub fn result_of(mine: i32, theirs: i32) -> GameResult {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => GameResult::Win,
        std::cmp::Ordering::Equal => GameResult::Draw,
        std::cmp::Ordering::Less => GameResult::Loss,
    }
}

/// The part of a file name that stands for a game id: the id itself when it
/// is a plain one (what impia draws: 16 hex digits), else a hash of it, so
/// a hand-edited id never makes a path.
pub fn id_stem(id: &str) -> String {
    let plain = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if plain {
        return id.to_string();
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("x{h:016x}")
}

/// The name of a game's result file number `seq`: `ID.SEQ.yaml`.
pub fn file_name(id: &str, seq: u32) -> String {
    format!("{}.{seq}.yaml", id_stem(id))
}

/// The id stem and number of a result file's name, if it is one.
pub fn parse_name(name: &str) -> Option<(&str, u32)> {
    let stem = name.strip_suffix(".yaml")?;
    let (id, seq) = stem.rsplit_once('.')?;
    let seq: u32 = seq.parse().ok()?;
    (!id.is_empty() && seq > 0).then_some((id, seq))
}

/// Read one result file; a version this impia does not know is refused at
/// its line.
pub fn read(path: &Path) -> Result<ResultFile, DataError> {
    let text = crate::fsutil::read_text(path, MAX_RESULT_BYTES)?;
    let name = path.display().to_string();
    #[derive(Deserialize)]
    struct VersionOnly {
        version: Option<u32>,
    }
    let version = crate::yaml::from_str::<VersionOnly>(&name, &text)
        .ok()
        .and_then(|v| v.version);
    if let Some(v) = version
        && !(1..=RESULT_VERSION).contains(&v)
    {
        let message = format!(
            "result format version {v} is unknown; this impia reads version 1 to {RESULT_VERSION}{}",
            if v > RESULT_VERSION {
                " (a newer impia wrote it: update impia)"
            } else {
                ""
            }
        );
        return Err(match crate::error::locate_key(&text, "version") {
            Some(p) => DataError::at(&name, p, message),
            None => DataError::whole(&name, message),
        });
    }
    let r = crate::yaml::from_str::<ResultFile>(&name, &text)?;
    if r.game_id.is_empty() || r.seq == 0 {
        let key = if r.game_id.is_empty() {
            "game_id"
        } else {
            "seq"
        };
        let message = format!("`{key}` must not be empty or 0");
        return Err(match crate::error::locate_key(&text, key) {
            Some(p) => DataError::at(&name, p, message),
            None => DataError::whole(&name, message),
        });
    }
    Ok(r)
}

/// Write a result file once: created under its name only if no file has
/// it (the whole text first written to a temp file beside it, so a sync
/// tool never copies half a file), never replacing one.
pub fn write_once(dir: &Path, r: &ResultFile) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let target = dir.join(file_name(&r.game_id, r.seq));
    let text = serde_yaml::to_string(r).map_err(std::io::Error::other)?;
    let mut builder = tempfile::Builder::new();
    let prefix = format!(".impia-{}-", crate::platform::pid());
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    match tmp.persist_noclobber(&target) {
        Ok(_) => {}
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => return Err(e.error),
        Err(_) => {
            // A file system without hard links: create it exclusively.
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&target)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
        }
    }
    if let Ok(d) = std::fs::File::open(dir) {
        // Some file systems refuse to sync a folder; the file is safe.
        let _ = d.sync_all();
    }
    Ok(target)
}

/// `sha256:HEX` of the file at `path` (at most the game file limit).
pub fn digest_of(path: &Path) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(crate::game::file::MAX_GAME_FILE_BYTES)
        .read_to_end(&mut bytes)?;
    let hash = sha2::Sha256::digest(&bytes);
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    Ok(format!("sha256:{hex}"))
}

/// The result files of one game in `dir` (by their names), read; files
/// that cannot be read count for their number only.
fn of_game(dir: &Path, id: &str) -> (Vec<ResultFile>, u32) {
    let stem = id_stem(id);
    let mut found = Vec::new();
    let mut top = 0;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (found, 0);
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some((s, seq)) = parse_name(&name) else {
            continue;
        };
        if s != stem {
            continue;
        }
        top = top.max(seq);
        if let Ok(r) = read(&e.path())
            && r.game_id == id
        {
            found.push(r);
        }
    }
    found.sort_by_key(|r| r.seq);
    (found, top)
}

/// The result the game gives now, as a file numbered `seq`.
fn result_now(game: &Game, path: &Path, seq: u32, by: [Confirmed; 2]) -> Option<ResultFile> {
    let st = game.state();
    let (a, b) = (st.side(Side::A)?, st.side(Side::B)?);
    let (va, vb) = (a.score.total(), b.score.total());
    let side = |s: &crate::game::SideState, mine: i32, theirs: i32, by: Confirmed| SideResult {
        warband: s.warband.to_string(),
        player: s.player.to_string(),
        vp: mine,
        result: result_of(mine, theirs),
        models_lost: s.models.iter().filter(|m| !m.status.in_play()).count(),
        confirmed: by,
    };
    Some(ResultFile {
        version: RESULT_VERSION,
        game_id: game.setup().game_id(),
        seq,
        withdrawn: false,
        date: crate::date::today(),
        game_file: path
            .file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_default(),
        derived_id: game.setup().id.is_empty(),
        scenario: game.setup().scenario.clone(),
        a: side(a, va, vb, by[0]),
        b: side(b, vb, va, by[1]),
        game_digest: digest_of(path).unwrap_or_default(),
    })
}

/// Bring the result files in line with the game at `game_path` (the
/// host's duty after each change): an ended game whose result is not the
/// folder's latest for it gets a new file; a game that left its end gets a
/// withdrawal when its latest result counts. `legacy_live`: whether an
/// old record (written before result files) counts this game, looked at
/// only when the game has no result file yet.
pub(super) fn sync(
    game: &Game,
    game_path: &Path,
    was_ended: bool,
    by: [Confirmed; 2],
    legacy_live: &dyn Fn() -> Option<GameRecord>,
) -> std::io::Result<()> {
    let ended = game.state().ended.is_some();
    if !was_ended && !ended {
        return Ok(());
    }
    let dir = super::records_dir(game_path).join(RESULTS_DIR);
    let id = game.setup().game_id();
    let (mine, top) = of_game(&dir, &id);
    let latest = mine.last();
    let next = top.saturating_add(1);
    if ended {
        let Some(want) = result_now(game, game_path, next, by) else {
            return Ok(());
        };
        let known = match latest {
            Some(r) => r.same_outcome(&want),
            // An old record already counts this very result: kept as it is.
            None if top == 0 => legacy_live().is_some_and(|g| {
                want.entry_of(&g_warband(&want, &g))
                    .is_some_and(|w| w.vp_for == g.vp_for && w.vp_against == g.vp_against)
            }),
            None => false,
        };
        if !known {
            write_once(&dir, &want)?;
        }
        return Ok(());
    }
    // The game left its end: withdraw what counts.
    let withdrawn = match latest {
        Some(r) if !r.withdrawn => Some(r.clone()),
        Some(_) => None,
        None if top == 0 => legacy_live().and_then(|_| result_now(game, game_path, next, by)),
        None => None,
    };
    if let Some(mut w) = withdrawn {
        w.seq = next;
        w.withdrawn = true;
        w.date = crate::date::today();
        w.version = RESULT_VERSION;
        write_once(&dir, &w)?;
    }
    Ok(())
}

/// The warband of `want` that an old record's entry `g` is from: the side
/// whose opponent the entry names.
fn g_warband(want: &ResultFile, g: &GameRecord) -> String {
    if want.b.warband == g.opponent {
        want.a.warband.clone()
    } else {
        want.b.warband.clone()
    }
}

/// The game file names other than `file_name` that result files of the
/// game `id` in the records folder `records` name (for `copy_of`).
pub(super) fn other_files(records: &Path, id: &str, file_name: &str) -> Vec<String> {
    let (mine, _) = of_game(&records.join(RESULTS_DIR), id);
    let mut names: Vec<String> = Vec::new();
    for r in mine {
        if r.game_file != file_name && !names.contains(&r.game_file) {
            names.push(r.game_file);
        }
    }
    names
}
