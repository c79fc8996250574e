//! `impia game report FILE [--json] [-o FILE.pdf]` (issue 15): the game's
//! story, each warband's VP and losses, and the luck of the dice.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::super::{CliError, print_json};
use super::read::{EXIT_INCONSISTENT, open};
use crate::core::game::report::{Report, report};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

pub(crate) fn run(
    path: &Path,
    rules: &RuleSet,
    json: bool,
    output: Option<&PathBuf>,
    force: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let g = match open(path, rules)? {
        Ok(g) => g,
        Err(msg) => {
            errln!("impia: {msg}");
            return Ok(ExitCode::from(EXIT_INCONSISTENT));
        }
    };
    let r = report(&g, l).map_err(|e| CliError(format!("{}: {}", path.display(), e.message(l))))?;
    if let Some(out) = output {
        super::super::roster::check_output(path, out, force, l)?;
        let bytes = crate::pdf::report_pdf(&r, l, crate::pdf::Paper::A4)
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        crate::core::fsutil::write_atomic(out, &bytes)
            .map_err(|e| CliError(format!("{}: cannot write: {e}", out.display())))?;
        outln!(
            "{} {} ({} bytes)",
            l.pick("Escrito", "Wrote"),
            out.display(),
            bytes.len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    if json {
        print_json(&r)?;
    } else {
        print_text(&r, l);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(r: &Report, l: Lang) {
    for line in r.lines(l) {
        outln!("{line}");
    }
}
