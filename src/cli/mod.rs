//! The command line: a thin layer over the core. `--json` prints machine
//! readable output on stdout; errors go to stderr with exit code 2.
//! Human-readable lines go through [`outln!`], which escapes control
//! characters: names and texts come from user files.

/// Print one line of human-readable output on stdout, its control
/// characters escaped (see [`crate::core::text::escape_controls`]).
macro_rules! outln {
    () => {
        $crate::cli::out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::out(format_args!(
            "{}\n",
            $crate::core::text::escape_controls(&format!($($arg)*))
        ))
    };
}

/// Print one line on stderr. Unlike `eprintln!`, a stderr that cannot be
/// written (`2>/dev/full`, a full disk) is no panic (issue 21): the line
/// is lost, the command's exit code stands.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        // Escaped: a name in the message cannot drive the terminal (ESC,
        // bidi overrides, line separators).
        let line = format!($($arg)*);
        let _ = writeln!(std::io::stderr(), "{}", $crate::core::text::escape_controls(&line));
    }};
}

/// Stdout could not be written (a closed pipe, a full disk): the error,
/// carried by the panic that ends the command. `main` tells the cases apart
/// by the error's kind.
#[derive(Debug)]
pub struct OutputFailed(pub std::io::Error);

/// Writes to stdout; a failure ends the command with [`OutputFailed`]
/// (the commands print as they go, so there is no caller to return it to).
pub fn out(text: std::fmt::Arguments) {
    use std::io::Write;
    use std::sync::atomic::Ordering;
    if STDOUT_GONE.load(Ordering::SeqCst) {
        return;
    }
    if let Err(e) = std::io::stdout().lock().write_fmt(text) {
        if OUTPUT_OPTIONAL.load(Ordering::SeqCst) {
            STDOUT_GONE.store(true, Ordering::SeqCst);
            return;
        }
        std::panic::panic_any(OutputFailed(e));
    }
}

/// Set by a command whose output is a log beside its work (`game serve`):
/// a stdout that cannot be written stops the log, not the command.
static OUTPUT_OPTIONAL: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// Stdout failed once under [`OUTPUT_OPTIONAL`]: nothing more is written.
static STDOUT_GONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// From now on a stdout that cannot be written (`| head -3`, a closed
/// terminal) drops the output quietly instead of ending the command
/// (issue 32: `game serve … | head -3` killed the server).
pub(crate) fn output_optional() {
    OUTPUT_OPTIONAL.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Whether the command's output was dropped after stdout failed: `main`
/// does not turn the last flush's error into an exit code then.
pub fn output_dropped() -> bool {
    STDOUT_GONE.load(std::sync::atomic::Ordering::SeqCst)
        || OUTPUT_OPTIONAL.load(std::sync::atomic::Ordering::SeqCst)
}

pub mod batch;
mod campaign;
mod dice;
pub mod game;
mod record;
pub mod roster;
mod roster_text;
mod table;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::core::error::DataError;
use crate::core::library::Library;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// Exit code for bad input: a bad flag, an unreadable or broken file.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Exit code when another impia window or command has the game open for
/// writing: nothing was read or written; the same command may work in a
/// moment (sysexits' EX_TEMPFAIL).
pub const EXIT_BUSY: u8 = 75;

/// Set once a command has saved what it was asked to: from then on an
/// output that cannot be written (`> /dev/full`, a closed pipe) is told on
/// stderr but does not turn the command into a failure (issue 21).
static SAVED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The command's change is saved: see [`saved`].
pub(crate) fn mark_saved() {
    SAVED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Whether the command saved its change before its output failed: `main`
/// then exits 0, since a script must not retry a saved action.
pub fn saved() -> bool {
    SAVED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Exit code of `odds batch` when some case was bad (each got its error line).
pub const EXIT_BATCH_BAD_CASE: u8 = 1;

/// `impia --version`: the release and the commit it was built from
/// (build.rs; "unknown" when built without git).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("IMPIA_COMMIT"), ")");

#[derive(Debug, Parser)]
#[command(
    name = "impia",
    version = VERSION,
    about = "Table-side assistant for the Unholy Lands (Tierras Impías) skirmish game",
    long_about = "Table-side assistant for the Unholy Lands (Tierras Impías) skirmish game.\n\
                  With no command it opens the app; the commands below give exact odds, seeded rolls and the rule tables."
)]
pub struct Cli {
    /// A folder of YAML tables that override or extend the shipped ones;
    /// its pack files (YAML files that start with `pack:`) and sub-folders
    /// are table packs.
    #[arg(long, global = true, value_name = "DIR")]
    pub tables: Option<PathBuf>,

    /// Language of names and texts: es (default) or en. In the app it
    /// overrides the remembered choice.
    #[arg(long, global = true, value_parser = parse_lang)]
    pub lang: Option<Lang>,

    /// The library: the folder of your rosters, games, records and PDFs
    /// where impia puts what it names itself (default: `impia` in your
    /// documents folder, or the one chosen in the app; also IMPIA_HOME).
    /// Paths given on the command line are used as they are.
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,

    /// The app's view to open on: warband, game, dice, tables or reference.
    #[arg(long, value_parser = parse_view)]
    pub view: Option<StartView>,

    /// A roster to open in the app.
    #[arg(value_name = "ROSTER")]
    pub file: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact odds of a check, before rolling (R01, R02, R04).
    #[command(subcommand)]
    Odds(dice::OddsCommand),
    /// Roll a check with every die shown; --seed makes it reproducible.
    #[command(subcommand)]
    Roll(dice::RollCommand),
    /// The rule tables: list, show and roll them (R38, R39, R16, R18, R30).
    #[command(subcommand)]
    Table(table::TableCommand),
    /// Warbands: check a roster, print it to PDF, start a new one.
    #[command(subcommand)]
    Roster(roster::RosterCommand),
    /// Games: start one from two rosters, show its status, replay its log.
    #[command(subcommand)]
    Game(game::GameCommand),
    /// A warband's campaign (house rules — not in the rules summary): the
    /// sequence after each game drafted from its log, every step undoable.
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    /// Print the library folder (where the app and the commands keep the
    /// files they name themselves); made, with the example warbands, on
    /// first use.
    Library {
        #[arg(long)]
        json: bool,
    },
    /// The league table of the warbands recorded in a folder (default:
    /// the library's records/): games, wins, draws, losses, VP for and
    /// against, computed from the result files (`export`: every game).
    #[command(args_conflicts_with_subcommands = true)]
    Record {
        #[command(subcommand)]
        command: Option<record::RecordCommand>,
        #[arg(value_name = "DIR")]
        dir: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
}

fn parse_lang(s: &str) -> Result<Lang, crate::core::text::LangError> {
    s.parse()
}

/// The app's view named on the command line. The CLI does not know the
/// app: `main` opens it with this (arrows run one way, issue 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartView {
    Warband,
    Game,
    Dice,
    Reference,
    Tables,
}

fn parse_view(s: &str) -> Result<StartView, String> {
    use StartView as View;
    match s.to_ascii_lowercase().as_str() {
        "warband" | "banda" => Ok(View::Warband),
        "game" | "partida" => Ok(View::Game),
        "dice" | "dados" => Ok(View::Dice),
        "reference" | "reglas" => Ok(View::Reference),
        "tables" | "tablas" => Ok(View::Tables),
        _ => Err(format!(
            "unknown view '{s}', expected warband, game, dice, tables or reference"
        )),
    }
}

impl Cli {
    /// The language of CLI output: Spanish unless --lang says otherwise.
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }
}

/// A CLI failure: what to print on stderr.
#[derive(Debug)]
pub struct CliError(pub String);

impl From<DataError> for CliError {
    fn from(e: DataError) -> Self {
        CliError(e.to_string())
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError(format!("cannot write JSON: {e}"))
    }
}

/// The library (`--home`, `IMPIA_HOME`, the app's choice, the default),
/// made ready when a command is about to write in it.
pub(crate) fn library(cli: &Cli, prepare: bool) -> Result<Library, CliError> {
    let (lib, _) = Library::locate(cli.home.as_deref()).map_err(|e| CliError(e.to_string()))?;
    if prepare {
        lib.prepare().map_err(|e| CliError(e.to_string()))?;
    }
    Ok(lib)
}

pub(crate) fn load_rules(cli: &Cli) -> Result<RuleSet, CliError> {
    Ok(RuleSet::load(cli.tables.as_deref())?)
}

/// Print a value as pretty JSON on stdout.
pub(crate) fn print_json<T: serde::Serialize>(v: &T) -> Result<(), CliError> {
    out(format_args!("{}\n", serde_json::to_string_pretty(v)?));
    Ok(())
}

/// Parse the arguments; a bad argument gives a one-line error and exit 2.
/// `Ok(None)`: no subcommand (the caller opens the app).
pub fn parse_args<I, T>(args: I) -> Result<Cli, ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => Ok(cli),
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    // Help or version to a closed terminal: nothing to tell.
                    let _ = e.print();
                    Err(if e.exit_code() == 0 {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::from(EXIT_BAD_INPUT)
                    })
                }
                ErrorKind::MissingRequiredArgument => {
                    // Name the missing arguments on the one line.
                    let text = e.render().to_string();
                    let missing: Vec<&str> = text
                        .lines()
                        .skip(1)
                        .take_while(|l| l.starts_with("  "))
                        .map(str::trim)
                        .collect();
                    errln!("impia: missing required arguments: {}", missing.join(" "));
                    Err(ExitCode::from(EXIT_BAD_INPUT))
                }
                _ => {
                    // Clap's first line says what and where; the usage that
                    // follows is noise in a script's log.
                    let text = e.render().to_string();
                    let first = text.lines().next().unwrap_or("error: bad arguments");
                    errln!("impia: {}", first.trim_start_matches("error: "));
                    Err(ExitCode::from(EXIT_BAD_INPUT))
                }
            }
        }
    }
}

/// `impia library --json`: the folder and its sub-folders.
#[derive(serde::Serialize)]
struct LibraryOut<'a> {
    root: &'a std::path::Path,
    rosters: PathBuf,
    games: PathBuf,
    records: PathBuf,
    exports: PathBuf,
}

/// `impia library`: the folder, made ready (examples on first use).
fn show_library(cli: &Cli, json: bool) -> Result<ExitCode, CliError> {
    let lib = library(cli, true)?;
    if json {
        print_json(&LibraryOut {
            root: lib.root(),
            rosters: lib.rosters(),
            games: lib.games(),
            records: lib.records(),
            exports: lib.exports(),
        })?;
    } else {
        outln!("{}", lib.root().display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Run a parsed command line; returns the process exit code. With no
/// command there is nothing to run here: `main` opens the app.
pub fn run(cli: &Cli) -> ExitCode {
    let result = match &cli.command {
        None => Ok(ExitCode::SUCCESS),
        Some(Command::Odds(dice::OddsCommand::Batch)) => {
            let stdout = std::io::stdout();
            match batch::run(
                std::io::stdin().lock(),
                std::io::BufWriter::new(stdout.lock()),
            ) {
                Ok(true) => Ok(ExitCode::SUCCESS),
                Ok(false) => Ok(ExitCode::from(EXIT_BATCH_BAD_CASE)),
                Err(e) => Err(CliError(format!("odds batch: {e}"))),
            }
        }
        Some(Command::Odds(c)) => dice::odds(cli, c).map(|_| ExitCode::SUCCESS),
        Some(Command::Roll(c)) => dice::roll(cli, c).map(|_| ExitCode::SUCCESS),
        Some(Command::Table(c)) => table::run(cli, c).map(|_| ExitCode::SUCCESS),
        Some(Command::Roster(c)) => roster::run(cli, c),
        Some(Command::Game(c)) => game::run(cli, c),
        Some(Command::Campaign(c)) => campaign::run(cli, c),
        Some(Command::Record {
            command: Some(record::RecordCommand::Export { dir, json }),
            ..
        }) => match dir {
            Some(dir) => record::export(dir, *json, cli.lang()),
            None => library(cli, false)
                .and_then(|lib| record::export_library(&lib.records(), *json, cli.lang())),
        },
        Some(Command::Record {
            command: None,
            dir,
            json,
        }) => match dir {
            Some(dir) => record::run(dir, *json, cli.lang()),
            None => library(cli, false)
                .and_then(|lib| record::run_library(&lib.records(), *json, cli.lang())),
        },
        Some(Command::Library { json }) => show_library(cli, *json),
    };
    match result {
        Ok(code) => code,
        Err(CliError(msg)) => {
            errln!("impia: {}", crate::core::text::escape_controls(&msg));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
