//! The campaign file, in the shape of the game file (`game/file.rs`):
//! `version:`, the start (the pack's id, the dice's seed, the warband as it
//! began), then `redo:` and `log:`, one step per line as a JSON flow map.
//! A new step is appended as one line and flushed; undo and redo rewrite
//! the file atomically. A last line without its newline was a step in
//! flight at a crash and is dropped; a bad line ends the log there (a
//! damaged file opens as far as it is good).

use serde::{Deserialize, Serialize};

use super::{Start, Step};
use crate::error::{DataError, Pos, locate_key};
use crate::game::file::{json_actions, json_section};
use crate::roster::Roster;
use crate::tables::MAX_FILE_BYTES;

/// The campaign file format this impia reads and writes.
pub const CAMPAIGN_VERSION: u32 = 1;

/// The largest campaign file read (the log's lines are short).
pub const MAX_CAMPAIGN_FILE_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Serialize)]
struct FileOut<'a> {
    version: u32,
    #[serde(flatten)]
    start: &'a Start,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    #[allow(dead_code)]
    version: Option<u32>,
    pack: String,
    seed: u64,
    roster: Roster,
    #[serde(default)]
    redo: Option<Vec<Step>>,
    #[serde(default)]
    log: Option<Vec<Step>>,
}

/// A campaign file as read, before its log is replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignFile {
    pub start: Start,
    pub redo: Vec<Step>,
    pub log: Vec<Step>,
    /// A last, unfinished line was dropped: the file is rewritten.
    pub torn_tail: bool,
    /// The first bad line of the log, where reading stopped.
    pub damaged: Option<DataError>,
    pub len: u64,
}

/// One step as a log line.
pub fn step_line(step: &Step) -> Result<String, DataError> {
    serde_json::to_string(step)
        .map(|j| format!("- {j}\n"))
        .map_err(|e| DataError::whole("campaign", format!("cannot write a step: {e}")))
}

/// The whole file as text.
pub fn to_text(start: &Start, redo: &[Step], log: &[Step]) -> Result<String, DataError> {
    let mut out = String::from(
        "# impia campaign file (house rules — not in the rules summary / reglas de la casa — no están en el resumen):\n\
         # the start, then the log with one step per line. A last line without its newline is dropped.\n",
    );
    let head = serde_yaml::to_string(&FileOut {
        version: CAMPAIGN_VERSION,
        start,
    })
    .map_err(|e| DataError::whole("campaign", format!("cannot write the start: {e}")))?;
    out.push_str(&head);
    out.push_str("redo:\n");
    for s in redo {
        out.push_str(&step_line(s)?);
    }
    out.push_str("log:\n");
    for s in log {
        out.push_str(&step_line(s)?);
    }
    Ok(out)
}

/// Parse a campaign file, keeping the log up to its first bad line.
pub fn parse(file: &str, text: &str) -> Result<CampaignFile, DataError> {
    if text.trim().is_empty() {
        return Err(DataError::whole(file, "the file is empty"));
    }
    let (text, torn_tail) = match text.rfind('\n') {
        Some(i) if i + 1 < text.len() && text[..i].contains("\nlog:") => (&text[..=i], true),
        _ => (text, false),
    };
    let log_at = json_section(text, "log", text.len(), true);
    let head_end = log_at.unwrap_or(text.len());
    let redo_at = json_section(text, "redo", head_end, false);
    let head = &text[..redo_at.unwrap_or(head_end)];
    if head.len() as u64 > MAX_FILE_BYTES {
        return Err(DataError::whole(
            file,
            format!(
                "the start of this campaign file is {} bytes; at most {MAX_FILE_BYTES} are read",
                head.len()
            ),
        ));
    }
    crate::yaml::check(file, head)?;
    #[derive(Deserialize)]
    struct VersionOnly {
        version: Option<u32>,
    }
    let v: VersionOnly = serde_yaml::from_str(head).map_err(|e| DataError::yaml(file, &e))?;
    if let Some(v) = v.version
        && (v == 0 || v > CAMPAIGN_VERSION)
    {
        let pos = locate_key(head, "version").unwrap_or(Pos { line: 1, column: 1 });
        return Err(DataError::at(
            file,
            pos,
            format!(
                "this campaign file is format version {v}; this impia reads 1 to {CAMPAIGN_VERSION} — update impia to open it"
            ),
        ));
    }
    let parsed: FileIn = serde_yaml::from_str(head).map_err(|e| DataError::yaml(file, &e))?;
    let mut redo = parsed.redo.unwrap_or_default();
    if let Some(start) = redo_at {
        redo.extend(json_actions::<Step>(file, text, start + "redo:\n".len()..head_end, false)?.0);
    }
    let mut log = parsed.log.unwrap_or_default();
    let mut damaged = None;
    if let Some(start) = log_at {
        let (steps, _, bad) =
            json_actions::<Step>(file, text, start + "log:\n".len()..text.len(), true)?;
        log.extend(steps);
        damaged = bad;
    }
    Ok(CampaignFile {
        start: Start {
            pack: parsed.pack,
            seed: parsed.seed,
            roster: parsed.roster,
        },
        redo,
        log,
        torn_tail,
        damaged,
        len: text.len() as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Start {
        Start {
            pack: "campaign_casa".into(),
            seed: 7,
            roster: Roster::starter("Banda"),
        }
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let log = vec![
            Step::Income { gold: 10 },
            Step::Experience { uid: 0, xp: 2 },
        ];
        let text = to_text(&start(), &[], &log).expect("text");
        let f = parse("c.yaml", &text).expect("parse");
        assert_eq!(f.log, log);
        assert_eq!(f.start, start());
        assert!(f.damaged.is_none() && !f.torn_tail);
    }

    #[test]
    fn a_damaged_file_opens_as_far_as_it_is_good() {
        let log = vec![
            Step::Income { gold: 10 },
            Step::Experience { uid: 0, xp: 2 },
        ];
        let mut text = to_text(&start(), &[], &log).expect("text");
        text.push_str("- {\"step\": \"nonsense\"}\n- {\"step\":\"income\",\"gold\":1}\n");
        let f = parse("c.yaml", &text).expect("parse");
        assert_eq!(f.log, log);
        let d = f.damaged.expect("damaged");
        assert!(d.pos.is_some(), "{d}");
    }

    #[test]
    fn an_unfinished_last_line_is_dropped() {
        let log = vec![Step::Income { gold: 10 }];
        let mut text = to_text(&start(), &[], &log).expect("text");
        text.push_str("- {\"step\":\"income\",\"go");
        let f = parse("c.yaml", &text).expect("parse");
        assert_eq!(f.log, log);
        assert!(f.torn_tail);
    }

    #[test]
    fn a_newer_format_is_refused_with_its_line() {
        let text = to_text(&start(), &[], &[])
            .expect("text")
            .replace("version: 1", "version: 9");
        let e = parse("c.yaml", &text).expect_err("newer");
        assert!(e.message.contains("version 9"), "{e}");
        assert!(e.pos.is_some());
    }
}
