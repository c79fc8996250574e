//! `impia game …`: start a game from two rosters, show where it stands,
//! check that its log replays.

mod play;
mod read;
mod report;
mod serve;

pub use read::EXIT_INCONSISTENT;
use read::{open, print_status};

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use serde::Serialize;

use super::{Cli, CliError, load_rules, print_json};
use crate::core::game::{self, GameSetup, GameStatus, Host, file};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// Start a game from two rosters and write its file.
    New(NewGame),
    /// Turn, round, each side's pool and VP, each model's fear, status and DP.
    Status {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Re-apply the log. Exit 0 consistent, 1 at the first inconsistent action, 2 unreadable.
    Replay {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// What can be done now: every offer, allowed or refused with its reason.
    Offers {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Apply one action (--action JSON), or one JSON action per line on
    /// stdin; dice it lacks are rolled with the game's dice. A batch is all
    /// or nothing: every line is checked first, then all are saved in one
    /// write. Exit 0 applied and saved (even if the output then cannot be
    /// written), 1 refused by the rules or the log does not replay (the
    /// line is named; nothing written), 2 unreadable or malformed input,
    /// 73 not saved (the disk, or the file changed under impia: the game
    /// as played is in the recovery file stderr names), 75 busy: another
    /// impia window or command has the game open for writing (nothing read
    /// or written; try again).
    Act {
        file: PathBuf,
        #[arg(long, value_name = "JSON")]
        action: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// The game's report: each turn's story, each warband's VP and losses,
    /// and the luck of the dice; --json, or -o FILE.pdf for a printed page.
    Report {
        file: PathBuf,
        #[arg(long)]
        json: bool,
        /// Write the report as a one-page PDF here.
        #[arg(short = 'o', long = "output", value_name = "FILE.pdf")]
        output: Option<PathBuf>,
        /// Replace an existing output file that is not a PDF.
        #[arg(long)]
        force: bool,
    },
    /// Undo the last action (it stays in the history, marked undone).
    /// Exit 75 while another window or command has the game. Undoing an
    /// end the warbands' records hold withdraws that result: refused
    /// (exit 1, naming the result) without `--withdraw`; with it, the
    /// records keep the entry marked withdrawn.
    Undo {
        file: PathBuf,
        /// Withdraw the recorded result when the undo takes back the end.
        #[arg(long)]
        withdraw: bool,
    },
    /// Redo the last undone action, with the same dice. Exit 75 while
    /// another window or command has the game.
    Redo { file: PathBuf },
    /// Open a damaged game as the app does: keep the log up to its first
    /// bad line (named), copy the file to FILE.bak and rewrite it with the
    /// good part. Exit 0 (recovered, or nothing to recover), 2 unreadable,
    /// 75 busy.
    Recover { file: PathBuf },
    /// Show the game live on the players' phones, and let each player act
    /// for their own warband from theirs: prints a link (and QR code) for
    /// seat A, seat B and the table, then applies action JSON lines from
    /// stdin (or `undo`, `redo`, `withdraw`: undo a recorded end,
    /// `allow` / `refuse`: a phone's request to take back, `confirm`: the
    /// end confirmed for both)
    /// like `game act`. A phone's first action asks here "allow? [y/N]"
    /// (the next line answers); each phone's action is printed. Ctrl+C or
    /// the end of stdin stops it; exit 73 when changes could not be saved
    /// (said on stderr, kept in the recovery file).
    Serve {
        file: PathBuf,
        /// The address to listen on (default: this machine's address on the
        /// local network; 0.0.0.0 only when given).
        #[arg(long, value_name = "ADDR")]
        bind: Option<std::net::IpAddr>,
        /// The port (0: any free port).
        #[arg(long, value_name = "N", default_value_t = 0)]
        port: u16,
        /// Keep serving after the end of stdin, until Ctrl+C.
        #[arg(long)]
        stay: bool,
        /// Every phone may play without asking (scripts and tests).
        #[arg(long)]
        allow_all: bool,
        /// Come back with the port, links and approvals kept beside the game
        /// by the last share of it (the app's or `--resume`'s), and keep
        /// them for the next time (issue 35).
        #[arg(long)]
        resume: bool,
    },
}

/// `game new`'s arguments.
#[derive(Debug, Args)]
pub struct NewGame {
    /// Warband A's roster file, or a campaign file (its current version).
    #[arg(long, value_name = "ROSTER")]
    a: PathBuf,
    /// Warband B's roster file, or a campaign file (its current version).
    #[arg(long, value_name = "ROSTER")]
    b: PathBuf,
    /// Seed of the app's dice (default: a fresh one).
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long, value_name = "NAME")]
    scenario: Option<String>,
    #[arg(long = "player-a", value_name = "NAME")]
    player_a: Option<String>,
    #[arg(long = "player-b", value_name = "NAME")]
    player_b: Option<String>,
    /// The game file to write (default: a new file in the library's games/, named
    /// by the warbands and the day, never over an existing one).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
}

pub fn run(cli: &Cli, cmd: &GameCommand) -> Result<ExitCode, CliError> {
    let rules = load_rules(cli)?;
    let l = cli.lang();
    match cmd {
        GameCommand::New(n) => new_game(cli, n, &rules, l),
        GameCommand::Status { file, json } => status(file, &rules, *json, l),
        GameCommand::Replay { file, json } => replay(file, &rules, *json, l),
        GameCommand::Offers { file, json } => play::offers(file, &rules, *json, l),
        GameCommand::Act { file, action, json } => {
            play::act(file, &rules, action.as_deref(), *json, l)
        }
        GameCommand::Report {
            file,
            json,
            output,
            force,
        } => report::run(file, &rules, *json, output.as_ref(), *force, l),
        GameCommand::Recover { file } => recover(file, &rules, l),
        GameCommand::Undo { file, withdraw } => play::undo(
            file,
            &rules,
            play::Undo::Back {
                withdraw: *withdraw,
            },
            l,
        ),
        GameCommand::Redo { file } => play::undo(file, &rules, play::Undo::Redo, l),
        GameCommand::Serve {
            file,
            bind,
            port,
            stay,
            allow_all,
            resume,
        } => serve::serve(
            file,
            &rules,
            serve::ServeOptions {
                bind: *bind,
                port: *port,
                stay: *stay,
                allow_all: *allow_all,
                resume: *resume,
            },
            l,
        ),
    }
}

/// `game new`: two rosters into a new game file.
fn new_game(cli: &Cli, n: &NewGame, rules: &RuleSet, l: Lang) -> Result<ExitCode, CliError> {
    let NewGame {
        a,
        b,
        seed,
        scenario,
        player_a,
        player_b,
        output,
        force,
    } = n;
    // Checked again under the lock; here so that no roster is read in vain.
    if let Some(output) = output
        && output.exists()
        && !force
    {
        return Err(CliError(format!(
            "{} already exists; choose another file or pass --force",
            output.display()
        )));
    }
    // Issue 38: a campaign file plays its warband at its current version,
    // and the game records which version played.
    let wa = crate::core::campaign::load_warband(a, rules)?;
    let wb = crate::core::campaign::load_warband(b, rules)?;
    let mut setup = GameSetup::new(wa.roster, wb.roster)
        .with_campaign(crate::core::game::Side::A, wa.campaign)
        .with_campaign(crate::core::game::Side::B, wb.campaign)
        .with_scenario(scenario.clone().unwrap_or_default())
        .with_players(
            player_a.clone().unwrap_or_default(),
            player_b.clone().unwrap_or_default(),
        );
    if let Some(s) = seed {
        setup = setup.with_seed(*s);
    }
    for w in setup.warnings(rules, l) {
        errln!("{}: {w}", l.pick("aviso", "warning"));
    }
    let created = match output {
        Some(output) => Host::create(output, setup, rules, *force),
        None => Host::create_in(&super::library(cli, true)?.games(), setup, rules),
    };
    let host = match created {
        Ok(h) => h,
        Err(e) => return play::host_error(e),
    };
    super::mark_saved();
    let written = host.path().map(Path::display);
    if let Some(p) = written {
        outln!("{} {p}", l.pick("Escrito", "Wrote"));
    }
    Ok(ExitCode::SUCCESS)
}

/// `game status FILE`: where the game stands.
fn status(file: &Path, rules: &RuleSet, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    let g = match open(file, rules)? {
        Ok(g) => g,
        Err(msg) => {
            errln!("impia: {msg}");
            return Ok(ExitCode::from(EXIT_INCONSISTENT));
        }
    };
    let out = GameStatus::of(&g, l);
    if json {
        print_json(&out)?;
    } else {
        print_status(&out, l);
    }
    Ok(ExitCode::SUCCESS)
}

/// `game replay FILE`: whether the log replays, and where it stops.
fn replay(path: &Path, rules: &RuleSet, json: bool, l: Lang) -> Result<ExitCode, CliError> {
    let f = file::read(path)?;
    let result = game::replay(&f.setup, rules, &f.log);
    let out = match &result {
        Ok(st) => ReplayOut {
            file: path.display().to_string(),
            actions: f.log.len(),
            consistent: true,
            turn: st.turn,
            index: None,
            line: None,
            message: None,
        },
        Err(e) => ReplayOut {
            file: path.display().to_string(),
            actions: f.log.len(),
            consistent: false,
            turn: 0,
            index: Some(e.index),
            line: f.lines.get(e.index).copied(),
            message: Some(e.error.message(l)),
        },
    };
    if json {
        print_json(&out)?;
    } else if out.consistent {
        outln!(
            "{}: {} {} ({} {})",
            out.file,
            out.actions,
            l.pick("acciones, todas se reaplican", "actions, all replay"),
            l.pick("turno", "turn"),
            out.turn
        );
    } else {
        outln!(
            "{}:{}: {} {} {}: {}",
            out.file,
            out.line.unwrap_or(0),
            l.pick("la acción", "action"),
            out.index.unwrap_or(0),
            l.pick("no se reaplica", "does not replay"),
            out.message.as_deref().unwrap_or("")
        );
    }
    Ok(if out.consistent {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_INCONSISTENT)
    })
}

/// `game recover FILE`: what the app does with a damaged game, from the
/// command line, the lock taken first.
fn recover(path: &Path, rules: &RuleSet, l: Lang) -> Result<ExitCode, CliError> {
    let (mut host, problem) = match Host::recover(path, rules) {
        Ok(x) => x,
        Err(e) => return play::host_error(e),
    };
    let n = host.actions().len();
    let Some(problem) = problem else {
        outln!(
            "{}: {} {n} {}",
            path.display(),
            l.pick("nada que recuperar:", "nothing to recover:"),
            l.pick("acciones, todas se reaplican", "actions, all replay")
        );
        return Ok(ExitCode::SUCCESS);
    };
    // Write the good part now (the app waits for the next action).
    host.save_as(path, true)
        .map_err(|e| CliError(e.to_string()))?;
    super::mark_saved();
    // The copy just made: the last of .bak, .bak.1, .bak.2… (never over an
    // older one).
    let bak = (0..1000)
        .map(|k| {
            let mut b = path.as_os_str().to_owned();
            b.push(if k == 0 {
                ".bak".into()
            } else {
                format!(".bak.{k}")
            });
            PathBuf::from(b)
        })
        .take_while(|b| b.symlink_metadata().is_ok())
        .last();
    outln!("{problem}");
    outln!(
        "{}: {} {n} {}; {} {}",
        path.display(),
        l.pick("recuperada con", "recovered with"),
        l.pick("acciones", "actions"),
        l.pick("el original queda en", "the original is kept in"),
        bak.map(|b| b.display().to_string()).unwrap_or_default()
    );
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct ReplayOut {
    file: String,
    actions: usize,
    consistent: bool,
    turn: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}
