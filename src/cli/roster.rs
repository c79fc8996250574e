//! `impia roster …`: check a warband, print it to PDF, start a new one.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use super::{Cli, CliError, load_rules, print_json};
use crate::core::glossary;
use crate::core::roster::{self, ModelReportView, Roster, RosterReport};
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::Lang;

/// Exit code of `roster check` for a roster that loads but breaks a rule.
pub const EXIT_INVALID: u8 = 1;

#[derive(Debug, Subcommand)]
pub enum RosterCommand {
    /// Cost, derived profiles and problems of a roster. Exit 0 valid, 1 invalid, 2 unreadable.
    Check {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Print the roster as a PDF sheet.
    Pdf {
        file: PathBuf,
        /// Output file; default the library's exports/<roster file name>.pdf.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Paper size: a4 (default) or letter.
        #[arg(long, default_value = "a4", value_parser = ["a4", "letter"])]
        paper: String,
        /// Replace an existing output file that is not a PDF.
        #[arg(long)]
        force: bool,
    },
    /// Print the roster as a compact text to share in a chat (in --lang).
    Text { file: PathBuf },
    /// Read a roster shared as text (Spanish or English) back into YAML:
    /// to stdout, or to -o FILE. Unreadable text: errors by line, exit 2.
    Import {
        /// The text file.
        file: PathBuf,
        /// The YAML roster to write; refused if it exists, unless --force.
        #[arg(short, long, value_name = "OUT.yaml")]
        output: Option<PathBuf>,
        /// Overwrite OUT.yaml if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Write a starter roster (a Leader and a totem) to the library's rosters/.
    New {
        name: String,
        /// Folder to write into (default: the library's rosters/).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

#[derive(Serialize)]
struct ProblemOut<'a> {
    model: Option<&'a str>,
    /// A rule id (R34) or, where no rule fits, a reading id.
    rule: &'a str,
    /// How the sheet and the app cite it: the rule id or the reading's title.
    cite: &'a str,
    message: &'a str,
}

#[derive(Serialize)]
struct CheckOut<'a> {
    name: &'a str,
    total: u32,
    points_limit: u32,
    valid: bool,
    totem: Option<&'a str>,
    models: Vec<ModelReportView>,
    problems: Vec<ProblemOut<'a>>,
}

/// A roster file, or a campaign file's current version (issue 38: a
/// campaign is a warband too, so `roster check` and `text` read it).
fn load(path: &Path, rules: &RuleSet) -> Result<Roster, CliError> {
    Ok(crate::core::campaign::load_warband(path, rules)?.roster)
}

pub fn run(cli: &Cli, cmd: &RosterCommand) -> Result<ExitCode, CliError> {
    let rules = load_rules(cli)?;
    let l = cli.lang();
    match cmd {
        RosterCommand::Check { file, json } => {
            let r = load(file, &rules)?;
            let report = roster::check(&r, &rules);
            if *json {
                print_json(&check_out(&r, &report, &rules, l))?;
            } else {
                print_check(&r, &report, &rules, l);
            }
            Ok(if report.valid() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(EXIT_INVALID)
            })
        }
        RosterCommand::Pdf {
            file,
            output,
            paper,
            force,
        } => {
            let paper = match paper.as_str() {
                "letter" => crate::pdf::Paper::Letter,
                _ => crate::pdf::Paper::A4,
            };
            let (bytes, valid) = sheet_bytes(file, &rules, l, paper)?;
            let out = match output {
                Some(o) => o.clone(),
                None => {
                    let stem = file
                        .file_stem()
                        .map(|s| s.to_string_lossy().to_string())
                        .unwrap_or_else(|| "roster".into());
                    super::library(cli, true)?
                        .exports()
                        .join(format!("{stem}.pdf"))
                }
            };
            check_output(file, &out, *force, l)?;
            if let Some(dir) = out.parent()
                && !dir.as_os_str().is_empty()
            {
                std::fs::create_dir_all(dir).map_err(|e| {
                    CliError(format!("{}: cannot create folder: {e}", dir.display()))
                })?;
            }
            crate::core::fsutil::write_atomic(&out, &bytes)
                .map_err(|e| CliError(format!("{}: cannot write: {e}", out.display())))?;
            outln!(
                "{} {} ({} bytes){}",
                l.pick("Escrito", "Wrote"),
                out.display(),
                bytes.len(),
                if valid {
                    String::new()
                } else {
                    format!(
                        " — {}",
                        l.pick(
                            "banda NO VÁLIDA, marcada en la hoja",
                            "INVALID warband, marked on the sheet"
                        )
                    )
                }
            );
            Ok(ExitCode::SUCCESS)
        }
        RosterCommand::New { name, dir } => {
            if name.trim().is_empty() {
                return Err(CliError("a warband needs a name".into()));
            }
            let dir = match dir {
                Some(d) => d.clone(),
                None => super::library(cli, true)?.rosters(),
            };
            let path = dir.join(format!("{}.yaml", roster::slug(name)));
            if path.exists() {
                return Err(CliError(format!(
                    "{} already exists; choose another name or edit that file",
                    path.display()
                )));
            }
            std::fs::create_dir_all(&dir)
                .map_err(|e| CliError(format!("{}: cannot create folder: {e}", dir.display())))?;
            roster::save_roster(&path, &Roster::starter_in(name, l))?;
            outln!("{} {}", l.pick("Escrito", "Wrote"), path.display());
            Ok(ExitCode::SUCCESS)
        }
        RosterCommand::Text { file } => super::roster_text::print_text(file, &rules, l),
        RosterCommand::Import {
            file,
            output,
            force,
        } => super::roster_text::import(file, output.as_ref(), *force, &rules, l),
    }
}

/// Refuse an output that would lose data: the input roster itself (by any
/// name: a symlink or a hard link to it), something that is not a regular
/// file (a FIFO, a device, a folder), or, without `--force`, an existing
/// file that is not a PDF.
pub(crate) fn check_output(input: &Path, out: &Path, force: bool, l: Lang) -> Result<(), CliError> {
    let shown = out.display();
    match crate::core::fsutil::check_regular(out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(CliError(format!("{shown}: {e}"))),
        Ok(Err(what)) => {
            return Err(CliError(format!(
                "{shown}: {}",
                l.pick(
                    &format!(
                        "es {}, no un archivo normal; el PDF no se escribe ahí",
                        match what {
                            "a FIFO" => "una FIFO",
                            "a device" => "un dispositivo",
                            "a folder" => "una carpeta",
                            "a socket" => "un socket",
                            _ => "algo",
                        }
                    ),
                    &format!("is {what}, not a regular file; the PDF is not written there"),
                )
            )));
        }
        Ok(Ok(())) => {}
    }
    if crate::core::fsutil::same_file(input, out) {
        return Err(CliError(format!(
            "{shown}: {}",
            l.pick(
                "es el propio archivo de la banda; elige otro nombre para el PDF",
                "is the roster file itself; choose another name for the PDF",
            )
        )));
    }
    if !force && !starts_with_pdf_magic(out) {
        return Err(CliError(format!(
            "{shown}: {}",
            l.pick(
                "ya existe y no es un PDF; usa --force para reemplazarlo",
                "exists and is not a PDF; use --force to replace it",
            )
        )));
    }
    Ok(())
}

/// The sheet as PDF bytes, and whether the warband is valid: a roster's,
/// or (issue 38) a campaign's current version with its experience,
/// injuries and advances.
fn sheet_bytes(
    file: &Path,
    rules: &RuleSet,
    l: Lang,
    paper: crate::pdf::Paper,
) -> Result<(Vec<u8>, bool), CliError> {
    let campaign = super::campaign::sheet_of(file, rules, l)?;
    let r = match &campaign {
        Some((r, _)) => r.clone(),
        None => load(file, rules)?,
    };
    let report = roster::check(&r, rules);
    match &campaign {
        Some((_, c)) => crate::pdf::campaign_pdf(&r, &report, rules, l, paper, c),
        None => crate::pdf::roster_pdf(&r, &report, rules, l, paper),
    }
    .map(|b| (b, report.valid()))
    .map_err(|e| CliError(format!("{}: {e}", file.display())))
}

/// Whether a file starts with `%PDF`, as every PDF does.
fn starts_with_pdf_magic(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| &head == b"%PDF")
}

fn check_out<'a>(
    r: &'a Roster,
    report: &'a RosterReport,
    rules: &RuleSet,
    l: Lang,
) -> CheckOut<'a> {
    CheckOut {
        name: &r.name,
        total: report.total,
        points_limit: report.points_limit,
        valid: report.valid(),
        totem: r.totem.as_deref(),
        models: r
            .models
            .iter()
            .zip(&report.models)
            .map(|(m, mr)| ModelReportView::new(m, mr, rules, l))
            .collect(),
        problems: report
            .problems
            .iter()
            .map(|p| ProblemOut {
                model: p.model.as_deref(),
                rule: &p.rule,
                cite: p.cite.get(l),
                message: p.message.get(l),
            })
            .collect(),
    }
}

fn print_check(r: &Roster, report: &RosterReport, rules: &RuleSet, l: Lang) {
    outln!(
        "{} — {} / {} pts{}",
        r.name,
        report.total,
        report.points_limit,
        match &r.totem {
            Some(t) => format!(" — {}: {t}", crate::core::glossary::TOTEM.get(l)),
            None => String::new(),
        }
    );
    for (m, mr) in r.models.iter().zip(&report.models) {
        let v = ModelReportView::new(m, mr, rules, l);
        let stats: Vec<String> = Stat::ALL
            .iter()
            .map(|st| format!("{} {}", st.abbrev(l), v.stats.get(*st)))
            .collect();
        outln!(
            "  {}{} ({}) {} pts — {} | {} {} | {} {} | {} cm",
            v.name,
            if v.leader { " ★" } else { "" },
            v.troop_name,
            v.cost,
            stats.join(" "),
            glossary::DP.get(l),
            if v.own_dp > 0 {
                format!("{} (+{})", v.dp, v.own_dp)
            } else {
                v.dp.to_string()
            },
            glossary::ARMOUR.get(l),
            v.armour,
            v.movement_cm
        );
        for w in &v.melee {
            outln!("      {}", w);
        }
        for w in &v.ranged {
            outln!("      {}", w);
        }
    }
    if report.valid() {
        outln!("{}", l.pick("Banda válida.", "Valid warband."));
    } else {
        outln!("{}:", l.pick("Problemas", "Problems"));
        for p in &report.problems {
            outln!("  - {}", p.line(l));
        }
    }
}
