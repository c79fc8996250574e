//! The game file: `version: 3`, the setup (rosters embedded), the undone
//! list (each with its log position and, since issue 33, an optional
//! `leave`: who asked and who allowed it to be taken back), the redo list,
//! then the log, one action per line as a JSON flow map (valid YAML).
//!
//! Saving (see docs/READINGS-game.md, "Autosave"): a new action is appended
//! as one line and flushed to disk (`sync_data`) before it is acknowledged;
//! undo, redo and the first save rewrite the whole file atomically (a temp
//! file renamed over it, `fsutil::write_atomic`). Recovery rule: a last line without its
//! newline is an action that was in flight when the program died; it was
//! never acknowledged and is dropped, and the next save rewrites the file.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::refs::Sides;
use super::setup::{Beast, GameSetup};
use crate::error::{DataError, Pos, locate_key};
use crate::roster::Roster;
use crate::tables::{MAX_FILE_BYTES, read_text};

mod autosave;
mod lock;
#[cfg(test)]
mod portable_tests;
pub mod watch;
pub(crate) use autosave::Autosave;
pub use autosave::{MAX_GAME_FILE_BYTES, TooBig};
pub use lock::{GameLock, Locked, lock, lock_path, target};
use watch::SaveError;
pub use watch::{FileChange, Kept};

/// Take the lock of the game file `path` names, before anything reads it
/// (see [`Locked`]).
pub fn take_lock(path: &Path) -> std::io::Result<Locked> {
    lock::take(path)
}

/// The game file format this impia reads and writes: 1 the first, 2 the
/// undone list, 3 (issue 33) an undone action's `leave`, 4 (issue 38) the
/// campaigns the warbands came from. Older files open as ever; a newer one
/// is refused with words that say so.
pub const GAME_VERSION: u32 = 4;

/// The version a file is written as: 4 only when it names a campaign, so a
/// game without one still opens in the impia of version 3.
fn version_of(setup: &GameSetup) -> u32 {
    if setup.campaigns.a.is_some() || setup.campaigns.b.is_some() {
        GAME_VERSION
    } else {
        3
    }
}

/// An action undone and then dropped by a new action: where it stood in the
/// log, and what it was (its dice included), so the history can show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Undone {
    pub at: usize,
    pub action: Action,
    /// Issue 33: taken back by request (who asked, who allowed) or by the
    /// laptop; absent for an undo at the laptop dropped by a new action,
    /// and in files of before (which open as ever).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leave: Option<super::leave::Leave>,
}

impl Undone {
    /// An action the laptop undid (to the redo list), dropped by a new
    /// action or kept while it may be redone: a roll is marked taken back
    /// by the laptop (issue 33: a seat never undoes a roll alone), anything
    /// else plainly undone.
    pub fn dropped(at: usize, action: Action) -> Undone {
        use super::leave::{By, Leave};
        let leave = action.act().dice().is_some().then_some(Leave {
            asked: By::Laptop,
            allowed: By::Laptop,
        });
        Undone { at, action, leave }
    }
}

#[derive(Serialize)]
struct FileOut<'a> {
    version: u32,
    #[serde(flatten)]
    setup: &'a GameSetup,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    // Checked by `newer_version` before this parse; kept so the field is known.
    #[allow(dead_code)]
    #[serde(default)]
    version: Option<u32>,
    #[serde(default)]
    id: String,
    #[serde(default)]
    scenario: String,
    players: Sides<String>,
    seed: u64,
    rosters: Sides<Roster>,
    #[serde(default)]
    bestiary: Vec<Beast>,
    #[serde(default = "rules_1")]
    rules: u32,
    #[serde(default)]
    campaigns: Sides<Option<super::setup::CampaignVersion>>,
    #[serde(default)]
    undone: Option<Vec<Undone>>,
    #[serde(default)]
    redo: Option<Vec<Action>>,
    #[serde(default)]
    log: Option<Vec<Action>>,
}

fn rules_1() -> u32 {
    super::setup::RULES_1
}

#[derive(Deserialize)]
struct VersionOnly {
    version: Option<u32>,
}

/// A game file as read, before its log is replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFile {
    pub setup: GameSetup,
    pub undone: Vec<Undone>,
    pub redo: Vec<Action>,
    pub log: Vec<Action>,
    /// The line of each log action in the file (1-based), when known.
    pub lines: Vec<usize>,
    /// A last, unfinished line was dropped (an action in flight at a crash),
    /// or a last line without its newline was kept: the file is rewritten.
    pub torn_tail: bool,
    /// Read while recovering: the first bad line of the log, where reading
    /// stopped.
    pub damaged: Option<DataError>,
    /// The log is the file's last section, one action per line: a new
    /// action can be appended. Otherwise (a log written as YAML, no `log:`
    /// line of its own) the first save rewrites the file.
    pub appendable: bool,
    /// The length of the text read.
    pub len: u64,
}

/// One action as a log line.
pub fn action_line(action: &Action) -> Result<String, DataError> {
    json_line(action)
}

fn json_line<T: Serialize>(item: &T) -> Result<String, DataError> {
    serde_json::to_string(item)
        .map(|j| format!("- {j}\n"))
        .map_err(|e| DataError::whole("game", format!("cannot write an action: {e}")))
}

/// The whole file as text.
pub fn to_text(
    setup: &GameSetup,
    undone: &[Undone],
    redo: &[Action],
    log: &[Action],
) -> Result<String, DataError> {
    let mut out = String::from(
        "# impia game file: the setup, then the log with one action per line.\n\
         # A last line without its newline was an action in flight at a crash; it is dropped.\n",
    );
    let head = serde_yaml::to_string(&FileOut {
        version: version_of(setup),
        setup,
    })
    .map_err(|e| DataError::whole("game", format!("cannot write the setup: {e}")))?;
    // What is written must open again: the setup is read through the YAML
    // parser, which takes at most MAX_FILE_BYTES.
    if head.len() as u64 > MAX_FILE_BYTES {
        return Err(DataError::whole(
            "game",
            format!(
                "the two rosters make a game setup of {} bytes; a game file holds at most {MAX_FILE_BYTES}: use smaller rosters",
                head.len()
            ),
        ));
    }
    out.push_str(&head);
    if !undone.is_empty() {
        out.push_str("undone:\n");
        for u in undone {
            out.push_str(&json_line(u)?);
        }
    }
    out.push_str("redo:\n");
    for a in redo {
        out.push_str(&action_line(a)?);
    }
    out.push_str("log:\n");
    for a in log {
        out.push_str(&action_line(a)?);
    }
    Ok(out)
}

fn newer_version(file: &str, text: &str) -> Result<(), DataError> {
    let v: VersionOnly = serde_yaml::from_str(text).map_err(|e| DataError::yaml(file, &e))?;
    let pos = locate_key(text, "version").unwrap_or(Pos { line: 1, column: 1 });
    // A file without `version:` is version 1, the first format.
    match v.version {
        None => Ok(()),
        Some(v) if v > GAME_VERSION => Err(DataError::at(
            file,
            pos,
            format!(
                "this game file is format version {v}, written by a newer impia; this impia reads version {GAME_VERSION} — update impia to open it"
            ),
        )),
        Some(0) => Err(DataError::at(file, pos, "version must be 1 or more")),
        Some(_) => Ok(()),
    }
}

/// A game played with rules of a newer impia is refused (issue 32): its log
/// replayed with the rules this impia knows could give other results, a
/// wrong state or winner, and an action written into it would be decided by
/// rules its players did not play. Refused like a newer `version:`, rather
/// than opened read-only, because even reading it would show figures its
/// own rules may not give.
fn newer_rules(file: &str, head: &str, rules: u32) -> Result<(), DataError> {
    use super::setup::RULES_CURRENT;
    if rules <= RULES_CURRENT {
        return Ok(());
    }
    // The setup's own key stands at the start of its line (a roster's
    // nested keys are indented).
    let pos = head
        .lines()
        .position(|l| {
            l.strip_prefix("rules")
                .is_some_and(|r| r.trim_start().starts_with(':'))
        })
        .map_or(Pos { line: 1, column: 1 }, |i| Pos {
            line: i + 1,
            column: 1,
        });
    Err(DataError::at(
        file,
        pos,
        format!(
            "this game was played with rules {rules}, of a newer impia; this impia knows rules 1 to {RULES_CURRENT} and would replay it with others — update impia to open it"
        ),
    ))
}

/// Where the section `key:` (`redo:`, `log:`) starts in `text`, if its
/// lines up to `end` are all JSON actions (`- {…}`), blank or comments: the
/// fast path, read line by line instead of by the YAML parser.
pub(crate) fn json_section(text: &str, key: &str, end: usize, lenient: bool) -> Option<usize> {
    let head = format!("{key}:\n");
    let at = text[..end]
        .match_indices(&format!("\n{head}"))
        .next()
        .map(|(i, _)| i + 1)
        .or_else(|| text.starts_with(&head).then_some(0))?;
    (lenient
        || text[at + head.len()..end]
            .lines()
            .all(|l| l.starts_with("- {") || l.trim().is_empty() || l.starts_with('#')))
    .then_some(at)
}

/// The actions of a fast-path section (`body` is its byte range in `text`)
/// and the line of each, 1-based.
/// The actions of a section, their lines, and (`lenient`) the first bad
/// line, where reading stopped; not lenient, a bad line is the error.
pub(crate) type Section<T> = (Vec<T>, Vec<usize>, Option<DataError>);

pub(crate) fn json_actions<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
    body: std::ops::Range<usize>,
    lenient: bool,
) -> Result<Section<T>, DataError> {
    let first_line = text[..body.start].matches('\n').count() + 1;
    let mut actions = Vec::new();
    let mut lines = Vec::new();
    for (k, l) in text[body].lines().enumerate() {
        let line = first_line + k;
        if !l.starts_with("- {") {
            if lenient && !l.trim().is_empty() && !l.starts_with('#') {
                let e = DataError::at(
                    file,
                    Pos { line, column: 1 },
                    "expected an action line `- {…}`",
                );
                return Ok((actions, lines, Some(e)));
            }
            continue;
        }
        let parsed: Result<T, DataError> = serde_json::from_str(&l[2..]).map_err(|e| {
            DataError::at(
                file,
                Pos {
                    line,
                    column: e.column() + 2,
                },
                e.to_string()
                    .split(" at line ")
                    .next()
                    .unwrap_or("bad action")
                    .to_string(),
            )
        });
        match parsed {
            Ok(a) => {
                actions.push(a);
                lines.push(line);
            }
            Err(e) if lenient => return Ok((actions, lines, Some(e))),
            Err(e) => return Err(e),
        }
    }
    Ok((actions, lines, None))
}

/// Parse a game file's text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<GameFile, DataError> {
    parse_with(file, text, false)
}

/// Parse a game file's text keeping the log up to its first bad line
/// (named in `damaged`): a damaged game opens as far as it is good.
pub fn parse_recovering(file: &str, text: &str) -> Result<GameFile, DataError> {
    // A file that reads whole (a log written as YAML included) is read so.
    parse_with(file, text, false).or_else(|_| parse_with(file, text, true))
}

fn parse_with(file: &str, text: &str, lenient: bool) -> Result<GameFile, DataError> {
    if text.trim().is_empty() {
        return Err(DataError::whole(file, "the file is empty"));
    }
    // Recovery rule: an unfinished last line of the log was never
    // acknowledged and is dropped, unless it is a whole action that only
    // lacks its newline (a hand-written file): that one is kept.
    let owned;
    let (text, torn_tail) = match text.rfind('\n') {
        Some(i) if i + 1 < text.len() && text[..i].contains("\nlog:") => {
            let tail = &text[i + 1..];
            let whole =
                tail.starts_with("- {") && serde_json::from_str::<Action>(&tail[2..]).is_ok();
            if whole {
                owned = format!("{text}\n");
                (owned.as_str(), true)
            } else {
                (&text[..=i], true)
            }
        }
        _ => (text, false),
    };
    // The fast path: the redo list and the log as lines of JSON after their
    // keys; only the setup before them goes to the YAML parser.
    let log_at = json_section(text, "log", text.len(), lenient);
    let head_end = log_at.unwrap_or(text.len());
    let redo_at = json_section(text, "redo", head_end, false);
    let undone_end = redo_at.unwrap_or(head_end);
    let undone_at = json_section(text, "undone", undone_end, false);
    let head = &text[..undone_at.unwrap_or(undone_end)];
    if head.len() as u64 > MAX_FILE_BYTES {
        return Err(DataError::whole(
            file,
            format!(
                "the setup part of this game file (before `redo:` and `log:`) is {} bytes; at most {MAX_FILE_BYTES} are read",
                head.len()
            ),
        ));
    }
    crate::yaml::check(file, head)?;
    newer_version(file, head)?;
    let parsed: FileIn = serde_yaml::from_str(head).map_err(|e| DataError::yaml(file, &e))?;
    newer_rules(file, head, parsed.rules)?;
    let mut undone = parsed.undone.unwrap_or_default();
    if let Some(start) = undone_at {
        undone.extend(json_actions(file, text, start + "undone:\n".len()..undone_end, false)?.0);
    }
    let mut redo = parsed.redo.unwrap_or_default();
    if let Some(start) = redo_at {
        redo.extend(json_actions(file, text, start + "redo:\n".len()..head_end, false)?.0);
    }
    let mut log = parsed.log.unwrap_or_default();
    let mut lines = Vec::new();
    let mut damaged = None;
    if let Some(start) = log_at {
        let (actions, at, bad) =
            json_actions(file, text, start + "log:\n".len()..text.len(), lenient)?;
        damaged = bad;
        log.extend(actions);
        lines = at;
    }
    Ok(GameFile {
        setup: GameSetup {
            id: parsed.id,
            scenario: parsed.scenario,
            players: parsed.players,
            seed: parsed.seed,
            rosters: parsed.rosters,
            bestiary: parsed.bestiary,
            rules: parsed.rules,
            campaigns: parsed.campaigns,
        },
        undone,
        redo,
        log,
        lines,
        torn_tail,
        damaged,
        appendable: log_at.is_some(),
        len: text.len() as u64,
    })
}

/// Read and parse a game file.
pub fn read(path: &Path) -> Result<GameFile, DataError> {
    read_as(path, path, false)
}

/// Read a game file as far as its log is good (see [`parse_recovering`]).
pub fn read_recovering(path: &Path) -> Result<GameFile, DataError> {
    read_as(path, path, true)
}

/// Read the file `real` (a lock's target), naming it `name` in errors: the
/// name the user gave.
pub(crate) fn read_as(real: &Path, name: &Path, recovering: bool) -> Result<GameFile, DataError> {
    let file = name.display().to_string();
    let text = read_text(real, MAX_GAME_FILE_BYTES).map_err(|mut e| {
        e.file.clone_from(&file);
        e
    })?;
    if recovering {
        parse_recovering(&file, &text)
    } else {
        parse(&file, &text)
    }
}

impl Autosave {
    /// Append action lines in one write and flush them to disk: a kill
    /// leaves them all, or an unfinished last line that the next open
    /// drops. The file's last byte is checked first: a file that does not
    /// end in a newline (an editor dropped it after `log:`) gets one, or
    /// the first line would be glued onto the last. Issue 32: the file and
    /// its lock are compared with what this writer last saw first.
    pub(crate) fn append_all(&mut self, actions: &[Action]) -> Result<(), SaveError> {
        let mut text = String::new();
        for a in actions {
            text.push_str(&action_line(a).map_err(|e| std::io::Error::other(e.to_string()))?);
        }
        self.append_text(text)
    }

    /// Rewrite the whole file atomically (after the same comparison).
    pub(crate) fn rewrite(
        &mut self,
        setup: &GameSetup,
        undone: &[Undone],
        redo: &[Action],
        log: &[Action],
    ) -> Result<(), SaveError> {
        let text =
            to_text(setup, undone, redo, log).map_err(|e| std::io::Error::other(e.to_string()))?;
        self.rewrite_text(text)
    }
}

/// The fingerprint of a log one action longer (FNV-1a over the previous
/// fingerprint and the action's JSON).
pub fn fingerprint_next(prev: u64, action: &Action) -> u64 {
    let json = serde_json::to_vec(action).unwrap_or_default();
    let mut h = prev;
    for b in prev.to_le_bytes().iter().chain(json.iter()) {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The fingerprint of the empty log.
pub const FINGERPRINT_EMPTY: u64 = 0xcbf2_9ce4_8422_2325;

/// The fingerprint of every prefix of a log, `out[n]` for the first `n`
/// actions: two logs agree up to `n` actions when their `n`-th prints do.
pub fn fingerprints(log: &[Action]) -> Vec<u64> {
    let mut out = Vec::with_capacity(log.len() + 1);
    let mut h = FINGERPRINT_EMPTY;
    out.push(h);
    for a in log {
        h = fingerprint_next(h, a);
        out.push(h);
    }
    out
}
