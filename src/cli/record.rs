//! `impia record [DIR] [--json]` (issue 15): the league table of the
//! warbands whose records are in a folder (default `records/`), computed
//! from its result files and older records (issue 38); `impia record
//! export [DIR]`: every game that counts, as CSV or JSON lines.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::{CliError, print_json};
use crate::core::records::{GameRow, Ledger, SkipKind, Skipped, Standing};
use crate::core::text::Lang;

/// `impia record …` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum RecordCommand {
    /// Every game the records count, one line each (CSV with a header, or
    /// JSON lines with --json): id, day, scenario, each side's warband,
    /// player, VP, models lost and confirmation, the winner, the game
    /// file's digest and the file it came from.
    Export {
        /// The records folder (default: the library's records/).
        #[arg(value_name = "DIR")]
        dir: Option<PathBuf>,
        /// JSON lines, one game an object, instead of CSV.
        #[arg(long)]
        json: bool,
    },
}

/// Tell each file not counted on stderr, in words.
fn tell_skipped(skipped: &[Skipped], l: Lang) {
    for s in skipped {
        let why = match s.kind {
            SkipKind::ConflictCopy => l.pick(
                "copia en conflicto de la sincronización, no se cuenta",
                "a sync conflict copy, not counted",
            ),
            SkipKind::Damaged => l.pick("dañado, se salta", "damaged, skipped"),
            SkipKind::Duplicate => {
                l.pick("duplicado, contado una vez", "a duplicate, counted once")
            }
        };
        errln!("impia: {why}: {s}");
    }
}

/// The records of `dir`, the files not counted told on stderr; a folder
/// the user names must exist (a typo is said, not an empty table).
fn ledger(dir: &Path, l: Lang) -> Result<Ledger, CliError> {
    let ledger = Ledger::read(dir).map_err(|e| CliError(e.to_string()))?;
    tell_skipped(&ledger.skipped, l);
    Ok(ledger)
}

pub(crate) fn run(dir: &Path, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    run_ledger(ledger(dir, l)?, json, l)
}

/// `impia record` on the library's records folder, empty before the first
/// ended game made it.
pub(crate) fn run_library(dir: &Path, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    if !dir.exists() {
        return run_ledger(Ledger::default(), json, l);
    }
    run(dir, json, l)
}

fn run_ledger(ledger: Ledger, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    let rows = ledger.league();
    if json {
        print_json(&rows)?;
    } else {
        print_table(&rows, l);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_table(rows: &[Standing], l: Lang) {
    let width = rows
        .iter()
        .map(|r| r.warband.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    outln!(
        "{:<width$}  {:>3} {:>3} {:>3} {:>3}  {:>5} {:>5}",
        l.pick("Banda", "Warband"),
        l.pick("PJ", "G"),
        l.pick("G", "W"),
        l.pick("E", "D"),
        l.pick("P", "L"),
        l.pick("PV+", "VP+"),
        l.pick("PV−", "VP−"),
    );
    for r in rows {
        let pad = width.saturating_sub(r.warband.chars().count());
        outln!(
            "{}{}  {:>3} {:>3} {:>3} {:>3}  {:>5} {:>5}",
            r.warband,
            " ".repeat(pad),
            r.games,
            r.wins,
            r.draws,
            r.losses,
            r.vp_for,
            r.vp_against
        );
    }
}

/// `impia record export`: the games as CSV (a header line first) or JSON
/// lines.
pub(crate) fn export(dir: &Path, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    export_ledger(ledger(dir, l)?, json)
}

/// `impia record export` of the library: no games before its first end.
pub(crate) fn export_library(dir: &Path, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    if !dir.exists() {
        return export_ledger(Ledger::default(), json);
    }
    export(dir, json, l)
}

fn export_ledger(ledger: Ledger, json: bool) -> Result<ExitCode, CliError> {
    let games = ledger.games();
    if json {
        for g in &games {
            outln!("{}", serde_json::to_string(g)?);
        }
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{}", CSV_HEADER.join(","));
    for g in &games {
        outln!("{}", csv_line(g));
    }
    Ok(ExitCode::SUCCESS)
}

const CSV_HEADER: [&str; 16] = [
    "game_id",
    "date",
    "scenario",
    "warband_a",
    "player_a",
    "vp_a",
    "models_lost_a",
    "confirmed_a",
    "warband_b",
    "player_b",
    "vp_b",
    "models_lost_b",
    "confirmed_b",
    "winner",
    "game_digest",
    "source",
];

/// One game as a CSV line (RFC 4180 quoting). A text cell a spreadsheet
/// would take for a formula (`=`, `+`, `-`, `@`) gets a `'` first.
fn csv_line(g: &GameRow) -> String {
    let text = |s: &str| {
        let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            format!("'{s}")
        } else {
            s.to_string()
        };
        if s.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s
        }
    };
    let opt = |n: Option<usize>| n.map(|n| n.to_string()).unwrap_or_default();
    let by = |c: Option<crate::core::records::Confirmed>| {
        c.and_then(|c| serde_json::to_value(c).ok())
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    };
    [
        text(&g.game_id),
        text(&g.date),
        text(&g.scenario),
        text(&g.warband_a),
        text(&g.player_a),
        g.vp_a.to_string(),
        opt(g.models_lost_a),
        by(g.confirmed_a),
        text(&g.warband_b),
        text(&g.player_b),
        g.vp_b.to_string(),
        opt(g.models_lost_b),
        by(g.confirmed_b),
        g.winner.to_string(),
        text(&g.game_digest),
        text(&g.source),
    ]
    .join(",")
}
