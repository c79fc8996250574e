//! `impia record [DIR] [--json]` (issue 15): the league table of the
//! warbands whose records are in a folder (default `records/`).

use std::path::Path;
use std::process::ExitCode;

use super::{CliError, print_json};
use crate::core::records::{Standing, league};
use crate::core::text::Lang;

pub(crate) fn run(dir: &Path, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    let (rows, bad) = league(dir).map_err(|e| CliError(e.to_string()))?;
    for b in &bad {
        errln!(
            "impia: {}: {b}",
            l.pick("no es un historial, se salta", "not a record, skipped")
        );
    }
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
