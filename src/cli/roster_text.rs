//! `impia roster text` and `impia roster import`: a roster as chat text and
//! back (the format is in docs/ROSTER-FORMAT.md, "A roster as text").

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::{CliError, EXIT_BAD_INPUT};
use crate::core::roster::{self, text};
use crate::core::tables::{RuleSet, read_text};
use crate::core::text::Lang;

/// Print the roster in FILE as text in `l`, its control characters escaped
/// like every CLI line (issue 32: a name's U+202E reached the terminal).
pub fn print_text(file: &Path, rules: &RuleSet, l: Lang) -> Result<ExitCode, CliError> {
    // A campaign file reads at its current version, as `roster check` does.
    let r = crate::core::campaign::load_warband(file, rules)?.roster;
    let text = roster::to_text(&r, rules, l);
    super::out(format_args!(
        "{}",
        crate::core::text::escape_controls(&text)
    ));
    Ok(ExitCode::SUCCESS)
}

/// Read the text in FILE; write the YAML roster to `output` (refusing to
/// overwrite without `force`) or to stdout. Unreadable text: every bad line
/// on stderr as `FILE:LINE:COLUMN: message`, exit 2.
pub fn import(
    file: &Path,
    output: Option<&PathBuf>,
    force: bool,
    rules: &RuleSet,
    l: Lang,
) -> Result<ExitCode, CliError> {
    if let Some(out) = output
        && out.exists()
        && !force
    {
        return Err(CliError(format!(
            "{} already exists; add --force to overwrite it",
            out.display()
        )));
    }
    let src = read_text(file, text::MAX_TEXT_BYTES as u64)?;
    let r = match roster::from_text(&src, rules) {
        Ok(r) => r,
        Err(errors) => {
            let name = file.display();
            for e in &errors.errors {
                let place = match (e.line, e.column) {
                    (Some(n), Some(c)) => format!("{name}:{n}:{c}"),
                    (Some(n), None) => format!("{name}:{n}"),
                    _ => name.to_string(),
                };
                errln!("{place}: {}", e.kind.message(l));
            }
            if errors.more > 0 {
                errln!(
                    "{name}: {}",
                    match l {
                        Lang::Es => format!("… y {} problemas más", errors.more),
                        Lang::En => format!("… and {} more problems", errors.more),
                    }
                );
            }
            return Ok(ExitCode::from(EXIT_BAD_INPUT));
        }
    };
    match output {
        Some(out) => {
            roster::save_roster(out, &r)?;
            outln!("{} {}", l.pick("Escrito", "Wrote"), out.display());
        }
        None => super::out(format_args!("{}", roster::roster_to_yaml(&r)?)),
    }
    let report = roster::check(&r, rules);
    if !report.valid() {
        errln!(
            "{}",
            match l {
                Lang::Es => format!(
                    "aviso: la banda incumple {} regla(s); `impia roster check` las lista",
                    report.problems.len()
                ),
                Lang::En => format!(
                    "note: the warband breaks {} rule(s); `impia roster check` lists them",
                    report.problems.len()
                ),
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}
