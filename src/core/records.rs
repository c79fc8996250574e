//! Each warband's record (issue 15): every game it ended, kept in a
//! `records/` folder as one readable YAML file per warband
//! (`records/SLUG.yaml`), written as safely as games (a temp file and a
//! rename). A game's entry is keyed by its game file's name, so ending the
//! same game again replaces it and undoing its end takes it out.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::core::error::DataError;
use crate::core::game::{Game, Side};
use crate::core::roster::slug;

/// The format this impia writes.
pub const RECORD_VERSION: u32 = 1;

/// A record file is small; a bigger one is refused, not read.
const MAX_RECORD_BYTES: u64 = 4 * 1024 * 1024;

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
    /// The game file's name: the entry's key.
    pub game: String,
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
/// game's own folder.
pub fn records_dir(game_path: &Path) -> PathBuf {
    let dir = game_path.parent().unwrap_or(Path::new(""));
    match (dir.file_name(), dir.parent()) {
        (Some(name), Some(up)) if name == "games" => up.join("records"),
        _ => dir.join("records"),
    }
}

/// The record file of a warband.
pub fn record_path(dir: &Path, warband: &str) -> PathBuf {
    dir.join(format!("{}.yaml", slug(warband)))
}

/// Read one record file.
pub fn read(path: &Path) -> Result<Record, DataError> {
    let text = crate::core::fsutil::read_text(path, MAX_RECORD_BYTES)?;
    let name = path.display().to_string();
    crate::core::yaml::from_str::<Record>(&name, &text)
}

/// Bring both warbands' records in line with the game at `game_path`: its
/// entry is written when the game has ended and taken out when it has not.
/// `was_ended`: whether it had ended before the change; a game that neither
/// was nor is over has no entry to touch, and no record file is read.
pub fn sync(game: &Game, game_path: &Path, was_ended: bool) -> Result<(), std::io::Error> {
    if !was_ended && game.state().ended.is_none() {
        return Ok(());
    }
    let dir = records_dir(game_path);
    let id = game_path
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    let st = game.state();
    for side in Side::WARBANDS {
        let (Some(me), Some(them)) = (st.side(side), side.opponent().and_then(|o| st.side(o)))
        else {
            continue;
        };
        let path = record_path(&dir, &me.warband);
        let mut rec = match read(&path) {
            Ok(r) => r,
            Err(_) if !path.exists() => Record {
                version: RECORD_VERSION,
                warband: me.warband.to_string(),
                games: Vec::new(),
            },
            // A damaged record is left as it is: never overwritten by surprise.
            Err(e) => return Err(std::io::Error::other(e.to_string())),
        };
        let before = rec.games.clone();
        rec.games.retain(|g| g.game != id);
        if st.ended.is_some() {
            let (vf, va) = (me.score.total(), them.score.total());
            rec.games.push(GameRecord {
                game: id.clone(),
                date: today(),
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
            });
        }
        if rec.games == before {
            continue;
        }
        std::fs::create_dir_all(&dir)?;
        let text = serde_yaml::to_string(&rec).map_err(std::io::Error::other)?;
        crate::core::fsutil::write_atomic(&path, text.as_bytes())?;
    }
    Ok(())
}

/// One line of the league table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub warband: String,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub vp_for: i32,
    pub vp_against: i32,
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
            .then((b.vp_for - b.vp_against).cmp(&(a.vp_for - a.vp_against)))
            .then(b.vp_for.cmp(&a.vp_for))
            .then(a.warband.cmp(&b.warband))
    });
    Ok((rows, bad))
}

pub fn standing(r: &Record) -> Standing {
    let count = |k: GameResult| r.games.iter().filter(|g| g.result == k).count();
    Standing {
        warband: r.warband.clone(),
        games: r.games.len(),
        wins: count(GameResult::Win),
        draws: count(GameResult::Draw),
        losses: count(GameResult::Loss),
        vp_for: r.games.iter().map(|g| g.vp_for).sum(),
        vp_against: r.games.iter().map(|g| g.vp_against).sum(),
    }
}

/// Today in UTC as `YYYY-MM-DD` (the civil calendar from days since 1970).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil(secs / 86_400)
}

/// Howard Hinnant's days-to-civil algorithm.
fn civil(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_from_days() {
        assert_eq!(civil(0), "1970-01-01");
        assert_eq!(civil(19_723), "2024-01-01");
        assert_eq!(civil(20_415), "2025-11-23");
    }

    #[test]
    fn records_go_beside_the_games_folder() {
        assert_eq!(
            records_dir(Path::new("x/games/a.yaml")),
            PathBuf::from("x/records")
        );
        assert_eq!(
            records_dir(Path::new("/tmp/g.yaml")),
            PathBuf::from("/tmp/records")
        );
    }
}
