//! `impia odds …` and `impia roll …`: exact odds and seeded rolls of checks.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::{Cli, CliError, print_json};
use crate::core::dice::{
    CheckRoll, CheckSpec, OpposedOutcome, OpposedRoll, OpposedSpec, Roller, roll_check,
    roll_opposed,
};
use crate::core::odds::{self, Odds};

/// The largest attribute or value we accept: far above any profile.
const MAX_VALUE: i32 = 99;
/// The largest modifier sum we accept, either way.
const MAX_MODIFIER: i32 = 99;
/// More advantages than this is surely a typo (at most 3 count anyway, R04).
const MAX_EDGE_INPUT: u32 = 20;

pub(super) fn parse_value(s: &str) -> Result<i32, String> {
    let v: i32 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number"))?;
    if v < 0 {
        return Err(format!(
            "an attribute cannot be negative (got {v}); use --mod for penalties"
        ));
    }
    if v > MAX_VALUE {
        return Err(format!(
            "{v} is too large for an attribute (at most {MAX_VALUE})"
        ));
    }
    Ok(v)
}

pub(super) fn parse_modifier(s: &str) -> Result<i32, String> {
    let v: i32 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number (e.g. 2 or -1)"))?;
    if v.abs() > MAX_MODIFIER {
        return Err(format!(
            "{v} is too large a modifier (at most ±{MAX_MODIFIER})"
        ));
    }
    Ok(v)
}

pub(crate) fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim().parse().map_err(|_| {
        format!(
            "'{s}' is not a seed; use a whole number from 0 to {}",
            u64::MAX
        )
    })
}

pub(super) fn parse_count(s: &str) -> Result<u32, String> {
    let v: i64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a count (0, 1, 2 or 3)"))?;
    if v < 0 {
        return Err(format!("a count cannot be negative (got {v})"));
    }
    if v > MAX_EDGE_INPUT as i64 {
        return Err(format!("{v} is too many (at most 3 count, R04)"));
    }
    Ok(v as u32)
}

#[derive(Debug, Args, Clone, Copy)]
pub struct CheckArgs {
    /// The attribute, 0 or more (R01).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = parse_value)]
    attr: i32,
    /// Sum of bonuses and penalties (R03), e.g. 2 or -1.
    #[arg(long = "mod", value_name = "M", default_value = "0", allow_hyphen_values = true, value_parser = parse_modifier)]
    modifier: i32,
    /// Advantages (R04).
    #[arg(long, value_name = "A", default_value = "0", allow_hyphen_values = true, value_parser = parse_count)]
    adv: u32,
    /// Complications (R04).
    #[arg(long, value_name = "C", default_value = "0", allow_hyphen_values = true, value_parser = parse_count)]
    comp: u32,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

impl CheckArgs {
    fn spec(&self) -> CheckSpec {
        CheckSpec::new(self.attr)
            .with_modifier(self.modifier)
            .with_edge(self.adv, self.comp)
    }
}

#[derive(Debug, Args, Clone, Copy)]
pub struct OpposedArgs {
    /// The active side's value (whose activation it is).
    #[arg(long, value_name = "A", allow_hyphen_values = true, value_parser = parse_value)]
    active: i32,
    /// The passive side's value.
    #[arg(long, value_name = "P", allow_hyphen_values = true, value_parser = parse_value)]
    passive: i32,
    #[arg(long, value_name = "M", default_value = "0", allow_hyphen_values = true, value_parser = parse_modifier)]
    active_mod: i32,
    #[arg(long, value_name = "M", default_value = "0", allow_hyphen_values = true, value_parser = parse_modifier)]
    passive_mod: i32,
    #[arg(long, value_name = "N", default_value = "0", allow_hyphen_values = true, value_parser = parse_count)]
    active_adv: u32,
    #[arg(long, value_name = "N", default_value = "0", allow_hyphen_values = true, value_parser = parse_count)]
    active_comp: u32,
    #[arg(long, value_name = "N", default_value = "0", allow_hyphen_values = true, value_parser = parse_count)]
    passive_adv: u32,
    #[arg(long, value_name = "N", default_value = "0", allow_hyphen_values = true, value_parser = parse_count)]
    passive_comp: u32,
    /// An opposed Combat check: a tie means both hit (R23).
    #[arg(long)]
    combat: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

impl OpposedArgs {
    fn spec(&self) -> OpposedSpec {
        OpposedSpec {
            active: CheckSpec::new(self.active)
                .with_modifier(self.active_mod)
                .with_edge(self.active_adv, self.active_comp),
            passive: CheckSpec::new(self.passive)
                .with_modifier(self.passive_mod)
                .with_edge(self.passive_adv, self.passive_comp),
            combat: self.combat,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum OddsCommand {
    /// Attribute check: 1d10 at most the attribute (R01).
    Check(CheckArgs),
    /// Opposed check: 1d10 + value on each side (R02).
    Opposed(OpposedArgs),
    /// Many cases, one JSON object per line on stdin (`{"kind": "check",
    /// "attr": 5, "mod": 1}`, `{"kind": "opposed", "active": 5, "passive": 4,
    /// "combat": true}`; the keys are the flags of `odds check` and `odds
    /// opposed`); one JSON line out per case, `{"error": …}` for a bad one.
    /// Exit 0 if every case was good, 1 if any was bad.
    Batch,
}

#[derive(Debug, Args)]
pub struct Seed {
    /// Seed for a reproducible roll; without it a random seed is used and printed.
    #[arg(long, value_name = "S", allow_hyphen_values = true, value_parser = parse_seed)]
    seed: Option<u64>,
}

impl Seed {
    fn roller(&self) -> Roller {
        match self.seed {
            Some(s) => Roller::seeded(s),
            None => Roller::from_entropy(),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum RollCommand {
    /// Roll an attribute check (R01).
    Check {
        #[command(flatten)]
        check: CheckArgs,
        #[command(flatten)]
        seed: Seed,
    },
    /// Roll an opposed check (R02).
    Opposed {
        #[command(flatten)]
        opposed: OpposedArgs,
        #[command(flatten)]
        seed: Seed,
    },
}

/// What `odds check --json` prints (and `odds batch` for a check).
#[derive(Serialize)]
pub(super) struct CheckOddsOut {
    pub(super) p_success: Odds,
}

pub fn odds(cli: &Cli, cmd: &OddsCommand) -> Result<(), CliError> {
    let l = cli.lang();
    match cmd {
        OddsCommand::Batch => {
            return Err(CliError(
                "odds batch is run by `batch::run`; this is a bug".into(),
            ));
        }
        OddsCommand::Check(a) => {
            let p = Odds(odds::check_success(&a.spec()));
            if a.json {
                print_json(&CheckOddsOut { p_success: p })?;
            } else {
                outln!(
                    "{} {}: {} {} ({})",
                    crate::core::glossary::ATTRIBUTE_CHECK.get(l),
                    a.spec().words(l),
                    l.pick("éxito", "success"),
                    p.exact(),
                    p.percent(l)
                );
            }
        }
        OddsCommand::Opposed(a) => {
            let o = odds::opposed(&a.spec());
            if a.json {
                print_json(&o)?;
            } else {
                let s = a.spec();
                outln!(
                    "{} {} {} {}",
                    crate::core::glossary::OPPOSED_CHECK.get(l),
                    s.active.words(l),
                    l.pick("contra", "against"),
                    s.passive.words(l),
                );
                outln!(
                    "  {}: {} ({})",
                    OpposedOutcome::ActiveWins.name(l),
                    o.active_wins.exact(),
                    o.active_wins.percent(l)
                );
                outln!(
                    "  {}: {} ({})",
                    OpposedOutcome::PassiveWins.name(l),
                    o.passive_wins.exact(),
                    o.passive_wins.percent(l)
                );
                if let Some(b) = o.both_hit {
                    outln!(
                        "  {}: {} ({})",
                        OpposedOutcome::BothHit.name(l),
                        b.exact(),
                        b.percent(l)
                    );
                }
            }
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct CheckRollOut<'a> {
    seed: u64,
    #[serde(flatten)]
    roll: &'a CheckRoll,
}

#[derive(Serialize)]
struct OpposedRollOut<'a> {
    seed: u64,
    #[serde(flatten)]
    roll: &'a OpposedRoll,
}

pub fn roll(cli: &Cli, cmd: &RollCommand) -> Result<(), CliError> {
    let l = cli.lang();
    match cmd {
        RollCommand::Check { check, seed } => {
            let mut roller = seed.roller();
            let r = roll_check(&mut roller, check.spec());
            if check.json {
                print_json(&CheckRollOut {
                    seed: roller.seed(),
                    roll: &r,
                })?;
            } else {
                outln!(
                    "{} {}: {}  ({} {})",
                    crate::core::glossary::ATTRIBUTE_CHECK.get(l),
                    r.spec.words(l),
                    r.words(l),
                    l.pick("semilla", "seed"),
                    roller.seed()
                );
            }
        }
        RollCommand::Opposed { opposed, seed } => {
            let mut roller = seed.roller();
            let r = roll_opposed(&mut roller, opposed.spec());
            if opposed.json {
                print_json(&OpposedRollOut {
                    seed: roller.seed(),
                    roll: &r,
                })?;
            } else {
                outln!(
                    "{}  ({} {})",
                    r.words(l),
                    l.pick("semilla", "seed"),
                    roller.seed()
                );
            }
        }
    }
    Ok(())
}
