//! `impia game …`: start a game from two rosters, show where it stands,
//! check that its log replays.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use super::{Cli, CliError, load_rules, print_json};
use crate::core::game::{self, Game, GameFileError, GameSetup, ModelRef, Side, file};
use crate::core::glossary;
use crate::core::roster;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// Exit code of `game replay` (and `status`) when the log does not replay.
pub const EXIT_INCONSISTENT: u8 = 1;

#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// Start a game from two rosters and write its file.
    New {
        /// Warband A's roster file.
        #[arg(long, value_name = "ROSTER")]
        a: PathBuf,
        /// Warband B's roster file.
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
        /// The game file to write.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: PathBuf,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
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
    /// stdin; dice it lacks are rolled with the game's dice. Exit 0 applied,
    /// 1 refused by the rules (nothing written), 2 unreadable or malformed.
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
    Undo { file: PathBuf },
    /// Redo the last undone action, with the same dice.
    Redo { file: PathBuf },
    /// Show the game live on the players' phones: prints a link (and QR
    /// code) for seat A, seat B and the table, then applies action JSON
    /// lines from stdin (or `undo`, `redo`) like `game act`. Ctrl+C or the
    /// end of stdin stops it.
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
    },
}

pub fn run(cli: &Cli, cmd: &GameCommand) -> Result<ExitCode, CliError> {
    let rules = load_rules(cli)?;
    let l = cli.lang();
    match cmd {
        GameCommand::New {
            a,
            b,
            seed,
            scenario,
            player_a,
            player_b,
            output,
            force,
        } => {
            if output.exists() && !force {
                return Err(CliError(format!(
                    "{} already exists; choose another file or pass --force",
                    output.display()
                )));
            }
            let ra = roster::load_roster(a, &rules)?;
            let rb = roster::load_roster(b, &rules)?;
            let mut setup = GameSetup::new(ra, rb)
                .with_scenario(scenario.clone().unwrap_or_default())
                .with_players(
                    player_a.clone().unwrap_or_default(),
                    player_b.clone().unwrap_or_default(),
                );
            if let Some(s) = seed {
                setup = setup.with_seed(*s);
            }
            for w in setup.warnings(&rules, l) {
                eprintln!("{}: {w}", l.pick("aviso", "warning"));
            }
            let mut g = Game::new(setup, &rules);
            g.save(output).map_err(file_error)?;
            outln!("{} {}", l.pick("Escrito", "Wrote"), output.display());
            Ok(ExitCode::SUCCESS)
        }
        GameCommand::Status { file, json } => {
            let g = match open(file, &rules)? {
                Ok(g) => g,
                Err(msg) => {
                    eprintln!("impia: {msg}");
                    return Ok(ExitCode::from(EXIT_INCONSISTENT));
                }
            };
            let out = status_out(&g, l);
            if *json {
                print_json(&out)?;
            } else {
                print_status(&out, l);
            }
            Ok(ExitCode::SUCCESS)
        }
        GameCommand::Replay { file: path, json } => {
            let f = file::read(path)?;
            let result = game::replay(&f.setup, &rules, &f.log);
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
            if *json {
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
        GameCommand::Offers { file, json } => super::game_play::offers(file, &rules, *json, l),
        GameCommand::Act { file, action, json } => {
            super::game_play::act(file, &rules, action.as_deref(), *json, l)
        }
        GameCommand::Report {
            file,
            json,
            output,
            force,
        } => super::game_report::run(file, &rules, *json, output.as_ref(), *force, l),
        GameCommand::Undo { file } => super::game_play::undo(file, &rules, false, l),
        GameCommand::Redo { file } => super::game_play::undo(file, &rules, true, l),
        GameCommand::Serve {
            file,
            bind,
            port,
            stay,
        } => super::game_serve::serve(file, &rules, *bind, *port, *stay, l),
    }
}

fn file_error(e: GameFileError) -> CliError {
    CliError(e.to_string())
}

/// Open a game: `Err` for an unreadable file (exit 2), `Ok(Err)` for a log
/// that does not replay (exit 1).
pub(crate) fn open(path: &Path, rules: &RuleSet) -> Result<Result<Game, String>, CliError> {
    match Game::load(path, rules) {
        Ok(g) => Ok(Ok(g)),
        Err(e @ GameFileError::Inconsistent { .. }) => Ok(Err(e.to_string())),
        Err(GameFileError::Data(d)) => Err(d.into()),
    }
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

#[derive(Serialize)]
struct ModelOut {
    #[serde(rename = "ref")]
    model: String,
    name: String,
    leader: bool,
    status: game::Status,
    fear: i32,
    courage: i32,
    /// DP it gives the pool each turn (R10).
    dp: i32,
    /// The Leader's extra DP left this turn (R32).
    own_dp: i32,
    /// One-use herb DP left (R37).
    herbs: i32,
    toughness: i32,
    round: i32,
    acted: bool,
    engaged: Vec<String>,
}

#[derive(Serialize)]
struct VpOut {
    kills: i32,
    totem: i32,
    scenario: i32,
    total: i32,
}

#[derive(Serialize)]
struct SideOut {
    side: Side,
    warband: String,
    player: String,
    pool: i32,
    vp: VpOut,
    totem_standing: bool,
    models: Vec<ModelOut>,
}

#[derive(Serialize)]
struct HitOut {
    attacker: String,
    target: String,
    strength: i32,
    penetration: i32,
}

#[derive(Serialize)]
pub(crate) struct StatusOut {
    scenario: String,
    turn: u32,
    phase: game::Phase,
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<i32>,
    /// What the game waits for, in words.
    now: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    dark_forces: Option<i32>,
    sides: Vec<SideOut>,
    beasts: Vec<ModelOut>,
    pending_hits: Vec<HitOut>,
    actions: usize,
    redo: usize,
}

fn model_out(r: ModelRef, m: &game::ModelState) -> ModelOut {
    ModelOut {
        model: r.to_string(),
        name: m.name.to_string(),
        leader: m.leader,
        status: m.status,
        fear: m.fear,
        courage: m.courage(),
        dp: m.profile.dp,
        own_dp: m.own_dp,
        herbs: m.herbs,
        toughness: m.toughness(),
        round: m.round,
        acted: m.acted,
        engaged: m.engaged.iter().map(|e| e.to_string()).collect(),
    }
}

pub(crate) fn status_out(g: &Game, l: Lang) -> StatusOut {
    let st = g.state();
    StatusOut {
        scenario: g.setup().scenario.clone(),
        turn: st.turn,
        phase: st.phase,
        round: st.round.as_ref().map(|r| r.round),
        now: g.now_text(l),
        dark_forces: st.dark_forces.as_ref().map(|d| d.total),
        sides: st
            .sides
            .iter()
            .map(|(side, s)| SideOut {
                side,
                warband: s.warband.to_string(),
                player: s.player.to_string(),
                pool: s.pool,
                vp: VpOut {
                    kills: s.score.kills,
                    totem: s.score.totem,
                    scenario: s.score.scenario,
                    total: s.score.total(),
                },
                totem_standing: s.totem_standing,
                models: st.models_of(side).map(|(r, m)| model_out(r, m)).collect(),
            })
            .collect(),
        beasts: st
            .models_of(Side::Beast)
            .map(|(r, m)| model_out(r, m))
            .collect(),
        pending_hits: st
            .pending_hits
            .iter()
            .map(|h| HitOut {
                attacker: h.attacker.to_string(),
                target: h.target.to_string(),
                strength: h.strength,
                penetration: h.penetration,
            })
            .collect(),
        actions: g.actions().len(),
        redo: g.redo_list().len(),
    }
}

pub(crate) fn print_status(s: &StatusOut, l: Lang) {
    outln!(
        "{}{} {} — {}",
        if s.scenario.is_empty() {
            String::new()
        } else {
            format!("{} — ", s.scenario)
        },
        glossary::TURN.get(l),
        s.turn,
        s.now
    );
    for side in s.sides.iter().map(Some).chain(std::iter::once(None)) {
        let (title, models) = match side {
            Some(x) => (
                format!(
                    "{} ({}{}) — {} {} — {} {}{}",
                    x.warband,
                    x.side.label(l),
                    if x.player.is_empty() {
                        String::new()
                    } else {
                        format!(", {}", x.player)
                    },
                    l.pick("reserva", "pool"),
                    x.pool,
                    glossary::VP.get(l),
                    x.vp.total,
                    if x.totem_standing {
                        ""
                    } else {
                        l.pick(" — Tótem destruido", " — totem destroyed")
                    }
                ),
                &x.models,
            ),
            None if !s.beasts.is_empty() => (l.pick("Bestias", "Beasts").to_string(), &s.beasts),
            None => continue,
        };
        outln!("{title}");
        for m in models {
            outln!(
                "  {} {}{}: {} — {} {}/{} — {} {} (+{}) — {} {}{}",
                m.model,
                m.name,
                if m.leader { " ★" } else { "" },
                m.status_label(l),
                l.pick("Pavor", "fear"),
                m.fear,
                m.courage,
                glossary::DP.get(l),
                m.dp,
                m.own_dp + m.herbs,
                l.pick("ronda", "round"),
                m.round,
                if m.acted {
                    l.pick(" (ya actuó)", " (acted)")
                } else {
                    ""
                }
            );
        }
    }
    for h in &s.pending_hits {
        outln!(
            "  {}: {} → {} (F {}, Pen {})",
            l.pick("Impacto pendiente", "Pending hit"),
            h.attacker,
            h.target,
            h.strength,
            h.penetration
        );
    }
}

impl ModelOut {
    fn status_label(&self, l: Lang) -> &'static str {
        self.status.label(l)
    }
}
