//! `impia roster …`: check a warband, print it to PDF, start a new one.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use super::{Cli, CliError, load_rules, print_json};
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
        /// Output file; default exports/<roster file name>.pdf.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Paper size: a4 (default) or letter.
        #[arg(long, default_value = "a4", value_parser = ["a4", "letter"])]
        paper: String,
    },
    /// Write a starter roster (a Leader and a totem) to rosters/.
    New {
        name: String,
        /// Folder to write into.
        #[arg(long, default_value = "rosters", value_name = "DIR")]
        dir: PathBuf,
    },
}

#[derive(Serialize)]
struct ProblemOut<'a> {
    model: Option<&'a str>,
    rule: &'a str,
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

fn load(path: &Path, rules: &RuleSet) -> Result<Roster, CliError> {
    Ok(roster::load_roster(path, rules)?)
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
        } => {
            let r = load(file, &rules)?;
            let report = roster::check(&r, &rules);
            let paper = match paper.as_str() {
                "letter" => crate::pdf::Paper::Letter,
                _ => crate::pdf::Paper::A4,
            };
            let bytes = crate::pdf::roster_pdf(&r, &report, &rules, l, paper)
                .map_err(|e| CliError(format!("{}: {e}", file.display())))?;
            let out = output.clone().unwrap_or_else(|| {
                let stem = file
                    .file_stem()
                    .map(|s| s.to_string_lossy().to_string())
                    .unwrap_or_else(|| "roster".into());
                PathBuf::from("exports").join(format!("{stem}.pdf"))
            });
            if let Some(dir) = out.parent()
                && !dir.as_os_str().is_empty()
            {
                std::fs::create_dir_all(dir).map_err(|e| {
                    CliError(format!("{}: cannot create folder: {e}", dir.display()))
                })?;
            }
            crate::core::fsutil::write_atomic(&out, &bytes)
                .map_err(|e| CliError(format!("{}: cannot write: {e}", out.display())))?;
            println!(
                "{} {} ({} bytes){}",
                l.pick("Escrito", "Wrote"),
                out.display(),
                bytes.len(),
                if report.valid() {
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
            let path = dir.join(format!("{}.yaml", slug(name)));
            if path.exists() {
                return Err(CliError(format!(
                    "{} already exists; choose another name or edit that file",
                    path.display()
                )));
            }
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError(format!("{}: cannot create folder: {e}", dir.display())))?;
            roster::save_roster(&path, &Roster::starter(name))?;
            println!("{} {}", l.pick("Escrito", "Wrote"), path.display());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A file name from a warband name: lowercase ASCII letters, digits and dashes.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        let c = match c {
            'á' | 'à' | 'ä' | 'â' | 'Á' => 'a',
            'é' | 'è' | 'ë' | 'ê' | 'É' => 'e',
            'í' | 'ì' | 'ï' | 'î' | 'Í' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' | 'Ó' => 'o',
            'ú' | 'ù' | 'ü' | 'û' | 'Ú' | 'Ü' => 'u',
            'ñ' | 'Ñ' => 'n',
            c => c.to_ascii_lowercase(),
        };
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "banda".into() } else { out }
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
                message: p.message.get(l),
            })
            .collect(),
    }
}

fn print_check(r: &Roster, report: &RosterReport, rules: &RuleSet, l: Lang) {
    println!(
        "{} — {} / {} pts{}",
        r.name,
        report.total,
        report.points_limit,
        match &r.totem {
            Some(t) => format!(" — {}: {t}", l.pick("Tótem", "Totem")),
            None => String::new(),
        }
    );
    for (m, mr) in r.models.iter().zip(&report.models) {
        let v = ModelReportView::new(m, mr, rules, l);
        let stats: Vec<String> = Stat::ALL
            .iter()
            .map(|st| format!("{} {}", st.abbrev(l), v.stats.get(*st)))
            .collect();
        println!(
            "  {}{} ({}) {} pts — {} | {} {} | {} {} | {} cm",
            v.name,
            if v.leader { " ★" } else { "" },
            v.troop_name,
            v.cost,
            stats.join(" "),
            l.pick("PD", "DP"),
            if v.own_dp > 0 {
                format!("{} (+{})", v.dp, v.own_dp)
            } else {
                v.dp.to_string()
            },
            l.pick("Blindaje", "Armour"),
            v.armour,
            v.movement_cm
        );
        for w in &v.melee {
            println!("      {}", w);
        }
        for w in &v.ranged {
            println!("      {}", w);
        }
    }
    if report.valid() {
        println!("{}", l.pick("Banda válida.", "Valid warband."));
    } else {
        println!("{}:", l.pick("Problemas", "Problems"));
        for p in &report.problems {
            println!("  - {}", p.line(l));
        }
    }
}
