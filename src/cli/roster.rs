//! `impia roster …`: check a warband, print it to PDF, start a new one.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use super::{Cli, CliError, load_rules, print_json};
use crate::core::dice::Roller;
use crate::core::roster::{self, Model, ModelReportView, Roster, RosterReport, Spell};
use crate::core::tables::{Keyword, RuleSet, Stat};
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
    /// Write a starter roster (a Leader and a totem) to rosters/.
    New {
        name: String,
        /// Folder to write into.
        #[arg(long, default_value = "rosters", value_name = "DIR")]
        dir: PathBuf,
    },
    /// Save N random rosters to FILE, printing each save before it starts
    /// and once it is acknowledged (crash tests).
    #[command(hide = true)]
    Stress {
        file: PathBuf,
        #[arg(long, value_name = "N")]
        saves: usize,
        #[arg(long, default_value = "0")]
        seed: u64,
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
            force,
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
            let path = dir.join(format!("{}.yaml", roster::slug(name)));
            if path.exists() {
                return Err(CliError(format!(
                    "{} already exists; choose another name or edit that file",
                    path.display()
                )));
            }
            std::fs::create_dir_all(dir)
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
        RosterCommand::Stress { file, saves, seed } => stress(file, &rules, *saves, *seed),
    }
}

/// Refuse an output that would lose data: the input roster itself (by any
/// name: a symlink or a hard link to it), something that is not a regular
/// file (a FIFO, a device, a folder), or, without `--force`, an existing
/// file that is not a PDF.
fn check_output(input: &Path, out: &Path, force: bool, l: Lang) -> Result<(), CliError> {
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

/// Whether a file starts with `%PDF`, as every PDF does.
fn starts_with_pdf_magic(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| &head == b"%PDF")
}

/// The number a stress save gives its roster, in the name: `Estrés nº 12`.
pub fn stress_number(r: &Roster) -> Option<u64> {
    r.name.strip_prefix("Estrés nº ")?.parse().ok()
}

/// FNV-1a of a file's bytes: what `roster stress` announces for each save.
pub fn stress_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A random warband of ids from the tables, with text that YAML must quote.
fn random_roster(rules: &RuleSet, rng: &mut Roller, number: u64) -> Roster {
    let pick = |rng: &mut Roller, n: usize| (rng.die(n.max(1) as u32) - 1) as usize;
    let notes = [
        "",
        "Ñandú: «fiero» # no es comentario",
        "- lista\n- de: 'cosas'\n\"comillas\"",
        "&ancla *alias [ { ! | > % @ `",
        "  espacios al borde  ",
        "línea 1\nlínea 2\n",
    ];
    let weapons: Vec<&str> = rules
        .melee_weapons
        .iter()
        .map(|w| w.id.as_str())
        .chain(rules.ranged_weapons.iter().map(|w| w.id.as_str()))
        .collect();
    let n_models = 1 + pick(rng, 12);
    let models = (0..n_models)
        .map(|i| {
            let troop = &rules.troops[pick(rng, rules.troops.len())];
            let upgrades = rules
                .upgrades
                .iter()
                .filter(|u| Some(u.group) == troop.upgrade_group && rng.die(4) == 1)
                .map(|u| u.id.clone())
                .collect();
            let mut equipment: Vec<String> = Vec::new();
            for e in &rules.equipment {
                let copies = if e.repeatable {
                    rng.die(4) - 1
                } else {
                    rng.die(2) - 1
                };
                equipment.extend((0..copies).map(|_| e.id.clone()));
            }
            Model {
                name: format!("Miniatura {}: «{}»", i + 1, notes[pick(rng, notes.len())]),
                troop: troop.id.clone(),
                leader: i == 0,
                weapons: (0..pick(rng, 3))
                    .map(|_| weapons[pick(rng, weapons.len())].to_string())
                    .collect(),
                armour: (rng.die(2) == 1)
                    .then(|| rules.armours[pick(rng, rules.armours.len())].id.clone()),
                equipment,
                upgrades,
                spells: if troop.keywords.contains(&Keyword::CastsSpells) {
                    vec![Spell {
                        name: "Niebla: \"espesa\"".into(),
                        level: rng.die(3),
                        cost: rng.die(3),
                        text: notes[pick(rng, notes.len())].into(),
                    }]
                } else {
                    Vec::new()
                },
                notes: notes[pick(rng, notes.len())].into(),
            }
        })
        .collect();
    Roster {
        version: roster::ROSTER_VERSION,
        name: format!("Estrés nº {number}"),
        points_limit: (rng.die(2) == 1).then(|| 100 + rng.die(400)),
        totem: Some(notes[pick(rng, notes.len())].into()),
        models,
    }
}

/// Save `n` random rosters to `path` one after another. Before each save it
/// prints `save NUMBER HASH` (the FNV-1a of the bytes about to be written);
/// once the save returns, `ack NUMBER`. The numbers go on from the roster
/// already in the file.
fn stress(path: &Path, rules: &RuleSet, n: usize, seed: u64) -> Result<ExitCode, CliError> {
    let first = if path.exists() {
        stress_number(&load(path, rules)?).map_or(0, |k| k + 1)
    } else {
        0
    };
    let mut rng = Roller::seeded(seed ^ first);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut say = |text: String| -> Result<(), CliError> {
        writeln!(out, "{text}")
            .and_then(|_| out.flush())
            .map_err(|e| CliError(format!("stdout: {e}")))
    };
    for number in first..first + n as u64 {
        let r = random_roster(rules, &mut rng, number);
        let text = roster::roster_to_yaml(&r)?;
        say(format!("save {number} {}", stress_hash(text.as_bytes())))?;
        roster::save_roster(path, &r)?;
        say(format!("ack {number}"))?;
    }
    Ok(ExitCode::SUCCESS)
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
        outln!(
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
