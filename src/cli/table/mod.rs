//! `impia table …`: list, show, roll and give the exact odds of the tables of
//! every pack (this game's R38, R39, R16, R18, R30, and the shipped and user
//! packs). A table is named `pack/id`; this game's tables also by bare id.

mod json;
mod list;
mod odds;
mod show;

use clap::{Args, Subcommand};

use super::{Cli, CliError, print_json};
use crate::core::dice::Roller;
use crate::core::packs::roll::{GivenInput, InputValue, parse_input};
use crate::core::packs::{Body, InputKind, LookupBody, Pack, PackSet, PackTable};
use crate::core::tables::{RuleSet, read_folder};
use crate::core::text::Lang;
use json::RollOut;

#[derive(Debug, Subcommand)]
pub enum TableCommand {
    /// Every table of every pack: pack/id, kind, dice, name.
    List {
        /// Only the tables of this pack (impia, crisis, dragon_rage, or a user pack).
        #[arg(long, value_name = "P")]
        pack: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// One table: every row with its exact chance, or a lookup's grid (and,
    /// with --input, the result the inputs cross).
    Show(TableArgs),
    /// Roll a table: every die shown, nested dice and follow-up tables rolled.
    Roll(RollArgs),
    /// The exact chance of every outcome, before rolling.
    Odds(TableArgs),
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// The table: pack/id (crisis/events, dragon_rage/combat), or a bare id
    /// of this game's tables (dark_forces, spell_backlash, fall, jump, cover).
    table: String,
    /// Added to the roll (spell_backlash: spell level + caster's fear).
    #[arg(
        long = "mod",
        value_name = "M",
        default_value = "0",
        value_parser = clap::value_parser!(i32).range(-99..=99),
        allow_hyphen_values = true
    )]
    modifier: i32,
    /// An input of a lookup table, e.g. --input attacker=12 --input defender=3.
    #[arg(long = "input", value_name = "NAME=VALUE", value_parser = parse_pair)]
    inputs: Vec<(String, String)>,
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
pub struct RollArgs {
    #[command(flatten)]
    t: TableArgs,
    /// Seed for a reproducible roll.
    #[arg(long, value_name = "S", allow_hyphen_values = true, value_parser = super::dice::parse_seed)]
    seed: Option<u64>,
}

fn parse_pair(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!(
            "'{}' is not NAME=VALUE (e.g. attacker=12)",
            crate::core::text::clip(s)
        )),
    }
}

/// The packs: this game's (with `--tables` over it), the shipped ones, and
/// the user packs of `--tables DIR`. The folder is read once for both.
/// A broken user pack is a warning on stderr, one line per problem (file,
/// line, column), and the other packs load (issue 32: one broken pack made
/// every `table` command fail); a table asked for and not found then says
/// that a pack did not load, and the command fails.
fn load_packs(cli: &Cli) -> Result<PackSet, CliError> {
    let folder = cli.tables.as_deref().map(read_folder).transpose()?;
    let rules = match &folder {
        Some(f) => RuleSet::load_folder(f)?,
        None => RuleSet::builtin()?,
    };
    let set = PackSet::with_folder(&rules, folder.as_ref());
    let warning = cli.lang().pick("aviso", "warning");
    for e in &set.problems {
        errln!("impia: {warning}: {e}");
    }
    Ok(set)
}

/// `message` of a table or pack not found, with a word on the packs that
/// did not load: the one asked for may be among them.
fn not_found(set: &PackSet, message: String) -> CliError {
    match set.problems.len() {
        0 => CliError(message),
        n => CliError(format!(
            "{message} ({n} problem(s) kept a pack of --tables from loading: see the warnings above)"
        )),
    }
}

fn kind(t: &PackTable) -> &'static str {
    match &t.body {
        Body::Roll(_) => "roll",
        Body::Lookup(_) if t.rolls() => "lookup",
        Body::Lookup(_) => "reference",
    }
}

pub fn run(cli: &Cli, cmd: &TableCommand) -> Result<(), CliError> {
    let set = load_packs(cli)?;
    let l = cli.lang();
    match cmd {
        TableCommand::List { pack, json } => list::list(&set, pack.as_deref(), *json, l)?,
        TableCommand::Show(a) => {
            let (pack, t) = find(&set, &a.table)?;
            let values = given(t, &a.inputs, l, false)?;
            show::show(pack, t, a, values.as_deref(), l)?;
        }
        TableCommand::Odds(a) => {
            let (pack, t) = find(&set, &a.table)?;
            let values = given(t, &a.inputs, l, true)?.unwrap_or_default();
            odds::odds(pack, t, a, &values, l)?;
        }
        TableCommand::Roll(r) => {
            let a = &r.t;
            let (pack, t) = find(&set, &a.table)?;
            if !t.rolls() && a.inputs.is_empty() {
                return Err(CliError(format!(
                    "'{}' is a reference table: nothing to roll; use 'impia table show {} --input …' to read it",
                    a.table, a.table
                )));
            }
            let values = given(t, &a.inputs, l, true)?.unwrap_or_default();
            let mut roller = match r.seed {
                Some(s) => Roller::seeded(s),
                None => Roller::from_entropy(),
            };
            let result = t
                .roll(pack, a.modifier, &values, &mut roller)
                .map_err(|e| CliError(format!("{}/{}: {e}", pack.id, t.id)))?;
            if a.json {
                print_json(&RollOut::new(&result, roller.seed(), l))?;
            } else {
                for line in result.lines(pack, l, true) {
                    outln!("{line}");
                }
                let rolled =
                    result.roll.is_some() || result.check.is_some() || !result.nested.is_empty();
                if rolled {
                    outln!("({} {})", l.pick("semilla", "seed"), roller.seed());
                }
            }
        }
    }
    Ok(())
}

fn find<'a>(set: &'a PackSet, wanted: &str) -> Result<(&'a Pack, &'a PackTable), CliError> {
    set.find(wanted).map_err(|e| not_found(set, e.to_string()))
}

/// The `--input` values in the table's order. `None` when none were given
/// and `required` is false (show without inputs).
fn given(
    t: &PackTable,
    pairs: &[(String, String)],
    l: Lang,
    required: bool,
) -> Result<Option<Vec<InputValue>>, CliError> {
    let Body::Lookup(lk) = &t.body else {
        if let Some((k, _)) = pairs.first() {
            return Err(CliError(format!(
                "'{}' takes no inputs (got --input {}=…); it is rolled as it is",
                t.id,
                crate::core::text::clip(k)
            )));
        }
        return Ok(Some(Vec::new()));
    };
    for (k, _) in pairs {
        if !lk.inputs.iter().any(|i| i.id == *k) {
            return Err(CliError(format!(
                "'{}' has no input '{}'; its inputs are: {}",
                t.id,
                crate::core::text::clip(k),
                usage(lk)
            )));
        }
    }
    if pairs.is_empty() && !required {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(lk.inputs.len());
    for i in &lk.inputs {
        let Some((_, v)) = pairs.iter().rev().find(|(k, _)| *k == i.id) else {
            return Err(CliError(format!("'{}' needs {}", t.id, usage(lk))));
        };
        out.push(parse_input(i, v, l).map_err(|e| CliError(e.to_string()))?);
    }
    Ok(Some(out))
}

/// `--input attacker=N --input defender=N`, with the choices of a choice input.
fn usage(lk: &LookupBody) -> String {
    lk.inputs
        .iter()
        .map(|i| match &i.kind {
            InputKind::Number { .. } => format!("--input {}=N", i.id),
            InputKind::Measure => format!("--input {}=CM", i.id),
            InputKind::Choice(cs) => format!(
                "--input {}={}",
                i.id,
                cs.iter()
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join("|")
            ),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn given_inputs(t: &PackTable, values: &[InputValue]) -> Vec<GivenInput> {
    let Body::Lookup(lk) = &t.body else {
        return Vec::new();
    };
    lk.inputs
        .iter()
        .zip(values)
        .map(|(i, v)| GivenInput {
            id: i.id.clone(),
            value: match (v, &i.kind) {
                (InputValue::Choice(c), InputKind::Choice(cs)) => {
                    cs.get(*c).map(|c| c.id.clone()).unwrap_or_default()
                }
                (InputValue::Number(n), _) => n.to_string(),
                (InputValue::Measure(x), _) => x.to_string(),
                (InputValue::Choice(c), _) => c.to_string(),
            },
        })
        .collect()
}

fn heading(pack: &Pack, t: &PackTable, l: Lang) -> String {
    let mut h = format!("{} — {}/{}", t.name.get(l), pack.id, t.id);
    let mut extra = Vec::new();
    if let Some(d) = t.dice_label() {
        extra.push(d);
    }
    if let Some(r) = &t.rule {
        extra.push(r.clone());
    }
    if !extra.is_empty() {
        h.push_str(&format!(" ({})", extra.join(", ")));
    }
    h
}
