//! `impia campaign …` (issue 38), in the shape of `impia game …`: start a
//! warband's campaign, show it, list what can be done, act, undo and redo,
//! report. House rules: every output says so first.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;

use super::{Cli, CliError, EXIT_BUSY, load_rules, print_json};
use crate::core::campaign::host::{self, CampaignError};
use crate::core::campaign::offers::{from_game, take, take_defaults};
use crate::core::campaign::view::{self, stats_line};
use crate::core::campaign::{
    Campaign, CampaignHost, CampaignPack, Start, Step, offers, parse_campaign_pack, side_in,
};
use crate::core::game::{Host, Side, played::played};
use crate::core::packs::Origin;
use crate::core::roster;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// Exit code when the campaign's rules refuse a step.
const EXIT_REFUSED: u8 = 1;

#[derive(Debug, Subcommand)]
pub enum CampaignCommand {
    /// Start a warband's campaign from its roster and write its file.
    New {
        roster: PathBuf,
        /// The campaign file to write (default: campaigns/ROSTER.yaml in
        /// the library).
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        /// A campaign pack file (default: the example pack, house rules).
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long)]
        force: bool,
        #[arg(long)]
        json: bool,
    },
    /// The warband now: models, experience, injuries and advances, gold,
    /// the game whose sequence is open.
    Status {
        file: PathBuf,
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// What can be done now, each table roll with the exact chance of
    /// every row.
    Offers {
        file: PathBuf,
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Take a step: an offer by id (`injury:3`, `advance:0`, `hire:warrior`,
    /// `mark`…), or --game (draft the game's sequence from its log), or
    /// --defaults (every default of the drafted sequence), or --roster (a
    /// roster edited in the builder: a new version). Exit 1 refused, 75 busy.
    Act {
        file: PathBuf,
        offer: Option<String>,
        /// A game file this warband played: its log drafts the sequence.
        #[arg(long, value_name = "GAME")]
        game: Option<PathBuf>,
        /// Which side of the game is this warband (a or b; default: the
        /// side the game started from this campaign).
        #[arg(long, value_name = "a|b")]
        side: Option<String>,
        /// Take every default step (experience, injury rolls, income).
        #[arg(long)]
        defaults: bool,
        /// The name of a hired model.
        #[arg(long)]
        name: Option<String>,
        /// A roster edited outside the sequence.
        #[arg(long, value_name = "ROSTER")]
        roster: Option<PathBuf>,
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Undo the last step (its refund is the replay without it).
    Undo {
        file: PathBuf,
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Redo the last undone step, with the same dice.
    Redo {
        file: PathBuf,
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// The campaign's report: the marks "after game N" with their frozen
    /// figures, the treasury, every step.
    Report {
        file: PathBuf,
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// The roster at its current version (or after step N), to open in
    /// the builder.
    Roster {
        file: PathBuf,
        #[arg(long, value_name = "N")]
        at: Option<usize>,
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
    },
}

fn load_pack(path: Option<&Path>) -> Result<CampaignPack, CliError> {
    match path {
        None => Ok(CampaignPack::shipped()?),
        Some(p) => {
            let text = crate::core::fsutil::read_text(p, crate::core::tables::MAX_FILE_BYTES)?;
            Ok(parse_campaign_pack(
                &p.display().to_string(),
                &text,
                Origin::User(p.to_path_buf()),
            )?)
        }
    }
}

fn finder(pack: Option<&Path>) -> Result<impl Fn(&str) -> Option<CampaignPack>, CliError> {
    let mut packs = vec![CampaignPack::shipped()?];
    if pack.is_some() {
        packs.insert(0, load_pack(pack)?);
    }
    Ok(move |id: &str| packs.iter().find(|p| p.id() == id).cloned())
}

fn open_error(e: CampaignError) -> Result<ExitCode, CliError> {
    match e {
        CampaignError::Busy => {
            errln!("impia: {e}");
            Ok(ExitCode::from(EXIT_BUSY))
        }
        CampaignError::Refused(r) => {
            errln!("impia: {}", r.0.en);
            Ok(ExitCode::from(EXIT_REFUSED))
        }
        e => Err(CliError(e.to_string())),
    }
}

/// Read a campaign without its lock (status, offers, report).
fn read(
    file: &Path,
    pack: Option<&Path>,
    rules: &RuleSet,
) -> Result<(Campaign, CampaignPack), CliError> {
    let f = host::read(file)?;
    let find = finder(pack)?;
    let p = find(&f.start.pack)
        .ok_or_else(|| CliError(CampaignError::NoPack(f.start.pack.clone()).to_string()))?;
    let (c, damaged) = host::replay(f, &p, rules);
    if let Some(d) = damaged {
        errln!("impia: {}: {d}", file.display());
    }
    Ok((c, p))
}

// One arm per command, each short.
#[allow(clippy::too_many_lines)]
pub fn run(cli: &Cli, cmd: &CampaignCommand) -> Result<ExitCode, CliError> {
    let rules = load_rules(cli)?;
    let l = cli.lang();
    match cmd {
        CampaignCommand::New {
            roster: r,
            output,
            pack,
            seed,
            force,
            json,
        } => {
            let p = load_pack(pack.as_deref())?;
            let roster = roster::load_roster(r, &rules)?;
            let path = match output {
                Some(o) => o.clone(),
                None => {
                    let dir = super::library(cli, true)?
                        .games()
                        .with_file_name("campaigns");
                    std::fs::create_dir_all(&dir)
                        .map_err(|e| CliError(format!("{}: {e}", dir.display())))?;
                    dir.join(format!("{}.yaml", roster::slug(&roster.name)))
                }
            };
            let start = Start {
                pack: p.id().to_string(),
                seed: seed.unwrap_or_else(|| crate::core::dice::Roller::from_entropy().seed()),
                roster,
            };
            let h = match CampaignHost::create(&path, start, p, &rules, *force) {
                Ok(h) => h,
                Err(e) => return open_error(e),
            };
            super::mark_saved();
            if *json {
                print_json(&view::status(&h.campaign, &h.pack, &rules, l))?;
            } else {
                outln!("{}", h.pack.label.get(l));
                outln!("{} {}", l.pick("Escrito", "Wrote"), path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        CampaignCommand::Status { file, pack, json } => {
            let (c, p) = read(file, pack.as_deref(), &rules)?;
            let s = view::status(&c, &p, &rules, l);
            if *json {
                print_json(&s)?;
            } else {
                print_status(&s, l);
            }
            Ok(ExitCode::SUCCESS)
        }
        CampaignCommand::Offers { file, pack, json } => {
            let (c, p) = read(file, pack.as_deref(), &rules)?;
            let os = offers(&c, &p, &rules);
            if *json {
                print_json(&os)?;
            } else {
                outln!("{}", p.label.get(l));
                for o in &os {
                    let mark = if o.refused.is_some() {
                        "  "
                    } else if o.default {
                        "* "
                    } else {
                        "+ "
                    };
                    match &o.refused {
                        Some(why) => outln!("{mark}{}: {} ({})", o.id, o.what.get(l), why.get(l)),
                        None => outln!("{mark}{}: {}", o.id, o.what.get(l)),
                    }
                    // The odds before the roll, for a roll that can be made.
                    for r in o.odds.iter().filter(|_| o.refused.is_none()) {
                        outln!(
                            "      {:>5}  {:>7} ({})  {}",
                            r.label,
                            r.percent.get(l),
                            r.exact,
                            r.text.get(l)
                        );
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        CampaignCommand::Act {
            file,
            offer,
            game,
            side,
            defaults,
            name,
            roster: edited,
            pack,
            json,
        } => act(
            file,
            offer.as_deref(),
            game.as_deref(),
            side.as_deref(),
            *defaults,
            name.as_deref(),
            edited.as_deref(),
            pack.as_deref(),
            &rules,
            *json,
            l,
        ),
        CampaignCommand::Undo { file, pack, json } => {
            back(file, pack.as_deref(), &rules, false, *json, l)
        }
        CampaignCommand::Redo { file, pack, json } => {
            back(file, pack.as_deref(), &rules, true, *json, l)
        }
        CampaignCommand::Report { file, pack, json } => {
            let (c, p) = read(file, pack.as_deref(), &rules)?;
            let r = view::report(&c, &p, &rules, l);
            if *json {
                print_json(&r)?;
            } else {
                print_status(&r.status, l);
                for m in &r.marks {
                    let odd = if m.unexplained {
                        l.pick(
                            " — cambio que ningún paso explica",
                            " — a change no step explains",
                        )
                    } else {
                        ""
                    };
                    outln!(
                        "{} {}: {} {}, {} pts, {} {}{odd}",
                        l.pick("Tras la partida", "After game"),
                        m.game,
                        l.pick("valor", "rating"),
                        m.rating,
                        m.points,
                        m.models,
                        l.pick("miniaturas", "models")
                    );
                }
                outln!("{}:", l.pick("Tesoro", "Treasury"));
                for t in &r.treasury {
                    outln!("  {t}");
                }
                outln!("{}:", l.pick("Pasos", "Steps"));
                for (i, s) in r.steps.iter().enumerate() {
                    outln!("  {}. {s}", i + 1);
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        CampaignCommand::Roster {
            file,
            at,
            output,
            pack,
        } => {
            let (c, p) = read(file, pack.as_deref(), &rules)?;
            let st = match at {
                Some(n) => c
                    .state_at(*n, &p, &rules)
                    .map_err(|(i, e)| CliError(format!("step {}: {}", i + 1, e.0.en)))?,
                None => c.state.clone(),
            };
            let r = st.roster();
            match output {
                Some(o) => {
                    roster::save_roster(o, &r)?;
                    outln!("{} {}", l.pick("Escrito", "Wrote"), o.display());
                }
                None => outln!("{}", roster::roster_to_yaml(&r)?.trim_end()),
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn print_status(s: &view::StatusView, l: Lang) {
    outln!("{}", s.label);
    outln!(
        "{} — {} {}, {} {}, {} pts, {} {}",
        s.warband,
        s.games,
        l.pick("partidas", "games"),
        s.gold,
        l.pick("de oro", "gold"),
        s.points,
        l.pick("valor", "rating"),
        s.rating
    );
    if let Some(g) = s.open_game {
        outln!(
            "{} {g}",
            l.pick("Secuencia abierta: partida", "Sequence open: game")
        );
    }
    for m in &s.models {
        outln!(
            "  [{}] {} ({}) {} — XP {}/{}, {} pts{}",
            m.uid,
            m.name,
            m.troop,
            stats_line(&m.stats),
            m.xp_available,
            m.xp,
            m.points,
            if m.marks.is_empty() {
                String::new()
            } else {
                format!(" — {}", m.marks.join(", "))
            }
        );
    }
    for m in &s.fallen {
        outln!("  † {} ({})", m.name, m.troop);
    }
}

#[allow(clippy::too_many_arguments)]
fn act(
    file: &Path,
    offer: Option<&str>,
    game: Option<&Path>,
    side: Option<&str>,
    defaults: bool,
    name: Option<&str>,
    edited: Option<&Path>,
    pack: Option<&Path>,
    rules: &RuleSet,
    json: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let mut h = match CampaignHost::open(file, rules, finder(pack)?) {
        Ok(h) => h,
        Err(e) => return open_error(e),
    };
    if let Some(d) = &h.damaged {
        errln!("impia: {}: {d}", file.display());
    }
    let refused = |e: crate::core::campaign::Refused| {
        errln!("impia: {}", e.0.get(l));
        Ok(ExitCode::from(EXIT_REFUSED))
    };
    let mut steps: Vec<Step> = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    if let Some(g) = game {
        let gm = Host::view(g, rules).map_err(|e| CliError(format!("{}: {e}", g.display())))?;
        // Issue 38: a game started from this campaign names its side.
        let side = match side.map(str::to_ascii_lowercase).as_deref() {
            Some("a") => Side::A,
            Some("b") => Side::B,
            None if let Some(s) = side_in(gm.setup(), file) => s,
            _ => return Err(CliError("--game needs --side a or --side b".into())),
        };
        let wg = played(&gm, side)
            .map_err(|e| CliError(format!("{}: {}", g.display(), e.message(l))))?;
        let id = if gm.setup().id.is_empty() {
            g.display().to_string()
        } else {
            gm.setup().id.clone()
        };
        match from_game(&h.campaign.state, &id, &wg) {
            Ok(s) => steps.push(s),
            Err(e) => return refused(e),
        }
    }
    if let Some(r) = edited {
        let roster = roster::load_roster(r, rules)?;
        steps.push(Step::Edit { roster });
    }
    // Each step is saved as it is taken: a refusal keeps those before it.
    for s in steps {
        if let Err(e) = h.act(s.clone(), rules) {
            return act_error(e, l);
        }
        taken.push(view::step_words(&s, &h.pack, &h.campaign.state, l));
    }
    if defaults {
        let mut c = h.campaign.clone();
        let drafted = match take_defaults(&mut c, &h.pack, rules) {
            Ok(d) => d,
            Err(e) => return refused(e),
        };
        for s in drafted {
            if let Err(e) = h.act(s.clone(), rules) {
                return act_error(e, l);
            }
            taken.push(view::step_words(&s, &h.pack, &h.campaign.state, l));
        }
    }
    if let Some(o) = offer {
        let s = match take(&h.campaign, &h.pack, rules, o, name) {
            Ok(s) => s,
            Err(e) => return refused(e),
        };
        if let Err(e) = h.act(s.clone(), rules) {
            return act_error(e, l);
        }
        taken.push(view::step_words(&s, &h.pack, &h.campaign.state, l));
    }
    super::mark_saved();
    if json {
        print_json(&Acted {
            taken,
            status: view::status(&h.campaign, &h.pack, rules, l),
        })?;
    } else {
        for t in &taken {
            outln!("{t}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `campaign act --json`: the steps taken, in words, and the campaign now.
#[derive(serde::Serialize)]
struct Acted {
    taken: Vec<String>,
    #[serde(flatten)]
    status: view::StatusView,
}

fn act_error(e: CampaignError, l: Lang) -> Result<ExitCode, CliError> {
    match e {
        CampaignError::Refused(r) => {
            errln!("impia: {}", r.0.get(l));
            Ok(ExitCode::from(EXIT_REFUSED))
        }
        e => open_error(e),
    }
}

fn back(
    file: &Path,
    pack: Option<&Path>,
    rules: &RuleSet,
    redo: bool,
    json: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let mut h = match CampaignHost::open(file, rules, finder(pack)?) {
        Ok(h) => h,
        Err(e) => return open_error(e),
    };
    let r = if redo { h.redo(rules) } else { h.undo(rules) };
    match r {
        Ok(Some(s)) => {
            super::mark_saved();
            if json {
                print_json(&view::status(&h.campaign, &h.pack, rules, l))?;
            } else {
                outln!(
                    "{}: {}",
                    l.pick(
                        if redo { "Rehecho" } else { "Deshecho" },
                        if redo { "Redone" } else { "Undone" }
                    ),
                    view::step_words(&s, &h.pack, &h.campaign.state, l)
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Ok(None) => {
            errln!(
                "impia: {}",
                l.pick("nada que deshacer o rehacer", "nothing to undo or redo")
            );
            Ok(ExitCode::from(EXIT_REFUSED))
        }
        Err(e) => open_error(e),
    }
}

/// Issue 38: a campaign file's current version and its sheet's campaign
/// lines (`roster pdf`); `None` for a file that is not a campaign.
pub(super) fn sheet_of(
    file: &Path,
    rules: &RuleSet,
    l: Lang,
) -> Result<Option<(roster::Roster, view::SheetView)>, CliError> {
    let Ok(text) =
        crate::core::fsutil::read_text(file, crate::core::campaign::file::MAX_CAMPAIGN_FILE_BYTES)
    else {
        // Not readable here: the roster's own loader says why.
        return Ok(None);
    };
    if !crate::core::campaign::is_campaign(&text) {
        return Ok(None);
    }
    let (c, p) = read(file, None, rules)?;
    Ok(Some((c.state.roster(), view::sheet(&c, &p, rules, l))))
}
