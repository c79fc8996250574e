//! Issue 38: the league and every warband's record, computed from a
//! records folder: the result files in `results/` and the records older
//! impia wrote (`SLUG.yaml`), read and kept. The same files give the same
//! table in any order they arrived:
//! - a game counts once: its result is its files' highest number
//!   (`result.rs`), and a copy of a file under another name is the same
//!   result (reported, counted once);
//! - a sync tool's conflict copies (Syncthing's `.sync-conflict-…`,
//!   Dropbox's "(conflicted copy …)", cloud drives' " (1)") are ignored and
//!   reported: the original is there, or will be;
//! - a damaged file is reported with its file, line and column, skipped;
//! - an old record's entry counts unless a result file has its game (the
//!   newer word on it), and two old files naming one warband count each
//!   game once.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::result::{self, Confirmed, RESULTS_DIR, ResultFile};
use super::{GameRecord, RECORD_VERSION, Record, Standing};
use crate::error::DataError;

/// Why a file of the records folder was not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipKind {
    /// A sync tool's conflict copy: ignored.
    ConflictCopy,
    /// Unreadable or not a record: skipped.
    Damaged,
    /// The same result as another file: counted once.
    Duplicate,
}

/// A file not counted, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Skipped {
    pub kind: SkipKind,
    pub path: PathBuf,
    /// The error (file, line, column), the file counted instead, or
    /// nothing (a conflict copy).
    pub detail: String,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            SkipKind::Damaged => write!(f, "{}", self.detail),
            SkipKind::ConflictCopy => write!(f, "{}", self.path.display()),
            SkipKind::Duplicate => write!(f, "{} ({})", self.path.display(), self.detail),
        }
    }
}

/// At most this many files of a results folder are read.
const MAX_RESULT_FILES: usize = 200_000;

/// Whether a file name is a sync tool's conflict copy.
pub fn is_conflict_copy(name: &str) -> bool {
    let lower = name.to_lowercase();
    if lower.contains(".sync-conflict-") || lower.contains("conflicted copy") {
        return true;
    }
    // " (1)", " (2)"… before the extension: a cloud drive's second copy.
    let stem = Path::new(name)
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    stem.strip_suffix(')')
        .and_then(|s| s.rsplit_once(" ("))
        .is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// One game as the export gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRow {
    pub game_id: String,
    pub date: String,
    pub scenario: String,
    pub warband_a: String,
    pub player_a: String,
    pub vp_a: i32,
    /// Unknown for a side only an old record of the other side tells.
    pub models_lost_a: Option<usize>,
    pub confirmed_a: Option<Confirmed>,
    pub warband_b: String,
    pub player_b: String,
    pub vp_b: i32,
    pub models_lost_b: Option<usize>,
    pub confirmed_b: Option<Confirmed>,
    /// `a`, `b` or `draw`.
    pub winner: &'static str,
    pub game_digest: String,
    /// The file it was read from (a result file, or an old record).
    pub source: String,
}

/// A records folder, read and computed.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// Each game's result now (the highest-numbered file), withdrawn ones
    /// included, by game id.
    pub results: BTreeMap<String, (PathBuf, ResultFile)>,
    /// Old records' entries that count, by warband, with their file.
    pub legacy: BTreeMap<String, Vec<(PathBuf, GameRecord)>>,
    /// Files not counted, and why, in name order.
    pub skipped: Vec<Skipped>,
}

/// The YAML files of a folder that are not hidden, in name order, and the
/// conflict copies among them set apart.
fn yaml_files(dir: &Path, skipped: &mut Vec<Skipped>) -> std::io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            crate::fsutil::is_yaml(p)
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .take(MAX_RESULT_FILES)
        .collect();
    paths.sort();
    paths.retain(|p| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        if is_conflict_copy(&name) {
            skipped.push(Skipped {
                kind: SkipKind::ConflictCopy,
                path: p.clone(),
                detail: String::new(),
            });
            false
        } else {
            true
        }
    });
    Ok(paths)
}

impl Ledger {
    /// Read the records folder `dir`: its old records and its `results/`.
    /// Only a folder that cannot be listed is an error.
    pub fn read(dir: &Path) -> Result<Ledger, DataError> {
        let mut l = Ledger::default();
        let listed = |e: std::io::Error| DataError::whole(dir.display().to_string(), e.to_string());
        let old = yaml_files(dir, &mut l.skipped).map_err(listed)?;
        let results_dir = dir.join(RESULTS_DIR);
        let new = if results_dir.is_dir() {
            yaml_files(&results_dir, &mut l.skipped)
                .map_err(|e| DataError::whole(results_dir.display().to_string(), e.to_string()))?
        } else {
            Vec::new()
        };
        l.read_results(new);
        l.read_legacy(old);
        l.skipped.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(l)
    }

    fn read_results(&mut self, paths: Vec<PathBuf>) {
        // Every file of a game, then the highest number of each.
        let mut by_game: BTreeMap<String, Vec<(PathBuf, ResultFile)>> = BTreeMap::new();
        for p in paths {
            match result::read(&p) {
                Ok(r) => by_game.entry(r.game_id.clone()).or_default().push((p, r)),
                Err(e) => self.skipped.push(Skipped {
                    kind: SkipKind::Damaged,
                    path: p,
                    detail: e.to_string(),
                }),
            }
        }
        for (id, mut files) in by_game {
            let top = files.iter().map(|(_, r)| r.seq).max().unwrap_or(0);
            files.retain(|(_, r)| r.seq == top);
            // One number, several files: the one under its own name first,
            // then the first by name; never an order of arrival.
            let own = result::file_name(&id, top);
            files.sort_by_key(|(p, _)| {
                let name = p.file_name().map(|n| n.to_string_lossy().to_string());
                (name.as_deref() != Some(own.as_str()), p.clone())
            });
            let mut it = files.into_iter();
            let Some(kept) = it.next() else { continue };
            for (p, _) in it {
                self.skipped.push(Skipped {
                    kind: SkipKind::Duplicate,
                    path: p,
                    detail: format!("the same game and number as {}", kept.0.display()),
                });
            }
            self.results.insert(id, kept);
        }
    }

    fn read_legacy(&mut self, paths: Vec<PathBuf>) {
        // Games of old files that have no id: a result of a game as old,
        // by its file's name and warbands, is their newer word.
        let derived: BTreeSet<(String, String, String)> = self
            .results
            .values()
            .filter(|(_, r)| r.derived_id)
            .flat_map(|(_, r)| {
                [
                    (
                        r.game_file.clone(),
                        r.a.warband.clone(),
                        r.b.warband.clone(),
                    ),
                    (
                        r.game_file.clone(),
                        r.b.warband.clone(),
                        r.a.warband.clone(),
                    ),
                ]
            })
            .collect();
        let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
        for p in paths {
            let rec = match super::read(&p) {
                Ok(r) => r,
                Err(e) => {
                    self.skipped.push(Skipped {
                        kind: SkipKind::Damaged,
                        path: p,
                        detail: e.to_string(),
                    });
                    continue;
                }
            };
            for g in rec.games {
                let superseded = if g.id.is_empty() {
                    derived.contains(&(g.game.clone(), rec.warband.clone(), g.opponent.clone()))
                } else {
                    self.results.contains_key(&g.id)
                };
                if superseded {
                    continue;
                }
                // Two old files of one warband (a copy): each game once.
                let key = if g.id.is_empty() {
                    format!(
                        "{}\u{0}{}\u{0}{}\u{0}{}\u{0}{}\u{0}{}",
                        g.game, g.date, g.opponent, g.vp_for, g.vp_against, g.withdrawn
                    )
                } else {
                    format!("{}\u{0}{}", g.id, g.withdrawn)
                };
                if seen.insert((rec.warband.clone(), key)) {
                    self.legacy
                        .entry(rec.warband.clone())
                        .or_default()
                        .push((p.clone(), g));
                }
            }
        }
    }

    /// Every warband named by a result or an old record, in name order.
    pub fn warbands(&self) -> Vec<String> {
        let mut names: BTreeSet<String> = self.legacy.keys().cloned().collect();
        for (_, r) in self.results.values() {
            names.insert(r.a.warband.clone());
            names.insert(r.b.warband.clone());
        }
        names.into_iter().collect()
    }

    /// The computed record of one warband: its results' entries and its old
    /// records' that count, oldest first (by day, then game id).
    pub fn record_of(&self, warband: &str) -> Option<Record> {
        let mut games: Vec<GameRecord> = self
            .results
            .values()
            .filter_map(|(_, r)| r.entry_of(warband))
            .collect();
        if let Some(old) = self.legacy.get(warband) {
            games.extend(old.iter().map(|(_, g)| g.clone()));
        }
        if games.is_empty() && !self.legacy.contains_key(warband) {
            return None;
        }
        games.sort_by(|a, b| {
            (&a.date, &a.game, &a.id, a.withdrawn).cmp(&(&b.date, &b.game, &b.id, b.withdrawn))
        });
        Some(Record {
            version: RECORD_VERSION,
            warband: warband.to_string(),
            games,
        })
    }

    /// The league table: most wins first, then draws, then VP difference,
    /// then VP for, then name.
    pub fn league(&self) -> Vec<Standing> {
        let mut rows: Vec<Standing> = self
            .warbands()
            .iter()
            .filter_map(|w| self.record_of(w))
            .map(|r| super::standing(&r))
            .collect();
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
        rows
    }

    /// Every game that counts, one row each, oldest first: the results',
    /// then the old records' (the two warbands' entries of one game, by its
    /// id, make one row).
    pub fn games(&self) -> Vec<GameRow> {
        let mut rows: Vec<GameRow> = self
            .results
            .values()
            .filter(|(_, r)| !r.withdrawn)
            .map(|(p, r)| GameRow {
                game_id: r.game_id.clone(),
                date: r.date.clone(),
                scenario: r.scenario.clone(),
                warband_a: r.a.warband.clone(),
                player_a: r.a.player.clone(),
                vp_a: r.a.vp,
                models_lost_a: Some(r.a.models_lost),
                confirmed_a: Some(r.a.confirmed),
                warband_b: r.b.warband.clone(),
                player_b: r.b.player.clone(),
                vp_b: r.b.vp,
                models_lost_b: Some(r.b.models_lost),
                confirmed_b: Some(r.b.confirmed),
                winner: winner(r.a.vp, r.b.vp),
                game_digest: r.game_digest.clone(),
                source: file_label(p),
            })
            .collect();
        let mut taken: BTreeSet<(String, String)> = BTreeSet::new();
        for (warband, entries) in &self.legacy {
            for (p, g) in entries.iter().filter(|(_, g)| !g.withdrawn) {
                if taken.contains(&(warband.clone(), legacy_key(g))) {
                    continue;
                }
                // The opponent's entry of the same game, if its record has it.
                let theirs = self.legacy.get(&g.opponent).and_then(|es| {
                    es.iter().map(|(_, o)| o).find(|o| {
                        !o.withdrawn
                            && o.opponent == *warband
                            && if g.id.is_empty() {
                                o.id.is_empty()
                                    && o.game == g.game
                                    && o.date == g.date
                                    && o.vp_for == g.vp_against
                                    && o.vp_against == g.vp_for
                            } else {
                                o.id == g.id
                            }
                    })
                });
                if let Some(o) = theirs {
                    taken.insert((g.opponent.clone(), legacy_key(o)));
                }
                rows.push(GameRow {
                    game_id: g.id.clone(),
                    date: g.date.clone(),
                    scenario: g.scenario.clone(),
                    warband_a: warband.clone(),
                    player_a: String::new(),
                    vp_a: g.vp_for,
                    models_lost_a: Some(g.models_lost),
                    confirmed_a: None,
                    warband_b: g.opponent.clone(),
                    player_b: String::new(),
                    vp_b: g.vp_against,
                    models_lost_b: theirs.map(|o| o.models_lost),
                    confirmed_b: None,
                    winner: winner(g.vp_for, g.vp_against),
                    game_digest: String::new(),
                    source: file_label(p),
                });
            }
        }
        rows.sort_by(|a, b| {
            (&a.date, &a.game_id, &a.warband_a).cmp(&(&b.date, &b.game_id, &b.warband_a))
        });
        rows
    }
}

fn legacy_key(g: &GameRecord) -> String {
    format!("{}\u{0}{}\u{0}{}", g.id, g.game, g.date)
}

fn winner(a: i32, b: i32) -> &'static str {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => "a",
        std::cmp::Ordering::Equal => "draw",
        std::cmp::Ordering::Less => "b",
    }
}

/// A file as an export names it: `results/NAME` or the old record's name.
fn file_label(p: &Path) -> String {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let in_results = p
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|d| d == RESULTS_DIR);
    if in_results {
        format!("{RESULTS_DIR}/{name}")
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflict_copies_of_the_three_tools_are_told_apart() {
        for name in [
            "0a1b.1.sync-conflict-20260101-120000-ABCDEFG.yaml",
            "0a1b.1 (conflicted copy 2026-01-01).yaml",
            "0a1b.1 (Ana's conflicted copy 2026-01-01).yaml",
            "0a1b.1 (1).yaml",
            "hijos-del-lobo (12).yaml",
        ] {
            assert!(is_conflict_copy(name), "{name}");
        }
        for name in ["0a1b.1.yaml", "hijos-del-lobo.yaml", "lobo (viejo).yaml"] {
            assert!(!is_conflict_copy(name), "{name}");
        }
    }
}
