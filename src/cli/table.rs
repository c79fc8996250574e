//! `impia table …`: list, show, roll and give the exact odds of the tables of
//! every pack (this game's R38, R39, R16, R18, R30, and the shipped and user
//! packs). A table is named `pack/id`; this game's tables also by bare id.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::{Cli, CliError, load_rules, print_json};
use crate::core::dice::Roller;
use crate::core::odds::Odds;
use crate::core::packs::roll::{
    Check, DiceRoll, GivenInput, InputValue, OutcomeOdds, TableRoll, key_text, parse_input,
    row_label,
};
use crate::core::packs::{
    Body, CellResult, InputKind, Key, LookupBody, OutOfRange, Pack, PackSet, PackTable, nested,
};
use crate::core::text::Lang;

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
        _ => Err(format!("'{s}' is not NAME=VALUE (e.g. attacker=12)")),
    }
}

/// The packs: this game's (with `--tables` over it), the shipped ones, and
/// the user packs of `--tables DIR`. A broken user pack is refused, one line
/// per problem.
fn load_packs(cli: &Cli) -> Result<PackSet, CliError> {
    let rules = load_rules(cli)?;
    let set = PackSet::load(&rules, cli.tables.as_deref());
    if !set.problems.is_empty() {
        let lines: Vec<String> = set.problems.iter().map(|e| e.to_string()).collect();
        return Err(CliError(lines.join("\nimpia: ")));
    }
    Ok(set)
}

fn kind(t: &PackTable) -> &'static str {
    match &t.body {
        Body::Roll(_) => "roll",
        Body::Lookup(_) if t.rolls() => "lookup",
        Body::Lookup(_) => "reference",
    }
}

#[derive(Serialize)]
struct ListEntry {
    /// `pack/id`, what the other commands take.
    r#ref: String,
    pack: String,
    id: String,
    name: String,
    kind: &'static str,
    dice: Option<String>,
    rule: Option<String>,
    inputs: Vec<String>,
    modifiers: Vec<String>,
}

fn entries(set: &PackSet, pack: Option<&str>, l: Lang) -> Vec<ListEntry> {
    set.packs
        .iter()
        .filter(|p| pack.is_none_or(|w| w == p.id))
        .flat_map(|p| {
            p.tables.iter().map(move |t| ListEntry {
                r#ref: format!("{}/{}", p.id, t.id),
                pack: p.id.clone(),
                id: t.id.clone(),
                name: t.name.get(l).to_string(),
                kind: kind(t),
                dice: t.dice_label(),
                rule: t.rule.clone(),
                inputs: match &t.body {
                    Body::Lookup(lk) => lk.inputs.iter().map(|i| i.id.clone()).collect(),
                    Body::Roll(_) => Vec::new(),
                },
                modifiers: t.modifiers.iter().map(|m| m.id.clone()).collect(),
            })
        })
        .collect()
}

pub fn run(cli: &Cli, cmd: &TableCommand) -> Result<(), CliError> {
    let set = load_packs(cli)?;
    let l = cli.lang();
    match cmd {
        TableCommand::List { pack, json } => {
            if let Some(p) = pack
                && set.pack(p).is_none()
            {
                let ids: Vec<&str> = set.packs.iter().map(|p| p.id.as_str()).collect();
                return Err(CliError(format!(
                    "no pack '{p}'; the packs are: {}",
                    ids.join(", ")
                )));
            }
            let list = entries(&set, pack.as_deref(), l);
            if *json {
                print_json(&list)?;
            } else {
                for e in list {
                    let rule = e.rule.map(|r| format!("  ({r})")).unwrap_or_default();
                    outln!(
                        "{:<26} {:<9} {:<8} {}{rule}",
                        e.r#ref,
                        e.kind,
                        e.dice.as_deref().unwrap_or("-"),
                        e.name
                    );
                }
            }
        }
        TableCommand::Show(a) => {
            let (pack, t) = find(&set, &a.table)?;
            let values = given(t, &a.inputs, l, false)?;
            show(pack, t, a, values.as_deref(), l)?;
        }
        TableCommand::Odds(a) => {
            let (pack, t) = find(&set, &a.table)?;
            let values = given(t, &a.inputs, l, true)?.unwrap_or_default();
            odds(pack, t, a, &values, l)?;
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
    set.find(wanted).map_err(|e| CliError(e.to_string()))
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
                "'{}' takes no inputs (got --input {k}=…); it is rolled as it is",
                t.id
            )));
        }
        return Ok(Some(Vec::new()));
    };
    for (k, _) in pairs {
        if !lk.inputs.iter().any(|i| i.id == *k) {
            return Err(CliError(format!(
                "'{}' has no input '{k}'; its inputs are: {}",
                t.id,
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
        out.push(parse_input(i, v, l).map_err(CliError)?);
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

#[derive(Serialize)]
struct OutcomeOut<'a> {
    key: &'a str,
    text: &'a str,
    odds: Odds,
}

fn outcome_rows(list: &[OutcomeOdds], l: Lang) -> Vec<OutcomeOut<'_>> {
    list.iter()
        .map(|o| OutcomeOut {
            key: &o.key,
            text: o.name.get(l),
            odds: o.odds,
        })
        .collect()
}

fn odds(
    pack: &Pack,
    t: &PackTable,
    a: &TableArgs,
    values: &[InputValue],
    l: Lang,
) -> Result<(), CliError> {
    let list = t
        .odds(a.modifier, values)
        .map_err(|e| CliError(format!("{}/{}: {e}", pack.id, t.id)))?;
    if a.json {
        #[derive(Serialize)]
        struct Out<'a> {
            table: String,
            modifier: i32,
            inputs: Vec<GivenInput>,
            outcomes: Vec<OutcomeOut<'a>>,
        }
        return print_json(&Out {
            table: format!("{}/{}", pack.id, t.id),
            modifier: a.modifier,
            inputs: given_inputs(t, values),
            outcomes: outcome_rows(&list, l),
        });
    }
    outln!("{}", heading(pack, t, l));
    for o in &list {
        let key = if o.key.is_empty() || matches!(t.body, Body::Lookup(_)) {
            String::new()
        } else {
            format!("{:>6}  ", o.key)
        };
        outln!(
            "{key}{:>7}  {:>9}  {}",
            o.odds.percent(),
            o.odds.exact(),
            o.name.get(l)
        );
    }
    Ok(())
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

fn show(
    pack: &Pack,
    t: &PackTable,
    a: &TableArgs,
    values: Option<&[InputValue]>,
    l: Lang,
) -> Result<(), CliError> {
    match &t.body {
        Body::Roll(rb) => {
            let (odds, none) = rb.row_odds(a.modifier);
            if a.json {
                #[derive(Serialize)]
                struct Row<'a> {
                    range: &'a str,
                    text: &'a str,
                    odds: Odds,
                    #[serde(skip_serializing_if = "Option::is_none")]
                    then: Option<&'a str>,
                }
                #[derive(Serialize)]
                struct Out<'a> {
                    id: &'a str,
                    pack: &'a str,
                    name: &'a str,
                    kind: &'static str,
                    rule: Option<&'a str>,
                    dice: String,
                    modifier: i32,
                    modifiers: Vec<&'a str>,
                    rows: Vec<Row<'a>>,
                    #[serde(skip_serializing_if = "Option::is_none")]
                    no_row: Option<Odds>,
                }
                return print_json(&Out {
                    id: &t.id,
                    pack: &pack.id,
                    name: t.name.get(l),
                    kind: "roll",
                    rule: t.rule.as_deref(),
                    dice: rb.dice.to_string(),
                    modifier: a.modifier,
                    modifiers: t.modifiers.iter().map(|m| m.name.get(l)).collect(),
                    rows: rb
                        .rows
                        .iter()
                        .zip(odds)
                        .map(|(r, o)| Row {
                            range: &r.label,
                            text: r.text.get(l),
                            odds: o,
                            then: r.then.as_deref(),
                        })
                        .collect(),
                    no_row: (!rb.omit.is_empty()).then_some(none),
                });
            }
            outln!("{}", heading(pack, t, l));
            describe(t, l);
            if !t.modifiers.is_empty() {
                let names: Vec<&str> = t.modifiers.iter().map(|m| m.name.get(l)).collect();
                outln!(
                    "{}: {} ({} {:+})",
                    l.pick("Se suma", "Add"),
                    names.join(" + "),
                    l.pick("ahora", "now"),
                    a.modifier
                );
            }
            for (r, o) in rb.rows.iter().zip(odds) {
                let then = match &r.then {
                    Some(n) => format!("  → {} {n}", l.pick("tira en", "roll on")),
                    None => String::new(),
                };
                outln!(
                    "{:>6}  {:>7}  {}{then}",
                    r.label,
                    o.percent(),
                    r.text.get(l)
                );
            }
            if !rb.omit.is_empty() {
                outln!(
                    "{:>6}  {:>7}  {}",
                    "—",
                    none.percent(),
                    l.pick("sin fila", "no row")
                );
            }
            Ok(())
        }
        Body::Lookup(lk) => {
            let result = match values {
                Some(v) => Some(
                    lookup_result(t, lk, a.modifier, v, l)
                        .map_err(|e| CliError(format!("{}/{}: {e}", pack.id, t.id)))?,
                ),
                None => None,
            };
            if a.json {
                return print_json(&LookupOut::new(pack, t, lk, a.modifier, result, l));
            }
            outln!("{}", heading(pack, t, l));
            describe(t, l);
            for i in &lk.inputs {
                let what = match &i.kind {
                    InputKind::Number { min, max } => match (min, max) {
                        (Some(a), Some(b)) => format!("{a}–{b}"),
                        (Some(a), None) => format!("≥ {a}"),
                        (None, Some(b)) => format!("≤ {b}"),
                        (None, None) => l.pick("número", "number").to_string(),
                    },
                    InputKind::Measure => l.pick("medida", "measure").into(),
                    InputKind::Choice(cs) => cs
                        .iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(" | "),
                };
                outln!("  --input {}=…  {} ({what})", i.id, i.name.get(l));
            }
            for line in grid_lines(lk, l) {
                outln!("{line}");
            }
            for (code, text) in lk.legend_lines(l) {
                outln!("  {code}: {text}");
            }
            if let Some(text) = lk.out_of_range.text() {
                outln!("{}", text.get(l));
            }
            for n in &t.notes {
                outln!("{}", n.get(l));
            }
            if let Some(r) = result {
                outln!("→ {}", r.text);
                for o in &r.odds {
                    outln!(
                        "  {:>7}  {:>9}  {}",
                        o.odds.percent(),
                        o.odds.exact(),
                        o.text
                    );
                }
            }
            Ok(())
        }
    }
}

fn describe(t: &PackTable, l: Lang) {
    if let Some(d) = &t.description {
        outln!("{}", d.get(l));
    }
}

/// The grid or the rows of a lookup, as aligned text.
fn grid_lines(lk: &LookupBody, l: Lang) -> Vec<String> {
    let row_input = &lk.inputs[0];
    let mut table: Vec<Vec<String>> = Vec::new();
    if !lk.columns.is_empty() {
        let mut head = vec![String::new()];
        for c in &lk.columns {
            head.push(match (c, lk.inputs.get(1)) {
                (Key::Range { label, .. }, _) => label.clone(),
                (k, Some(i)) => key_text(k, i),
                (k, None) => key_text(k, row_input),
            });
        }
        table.push(head);
        for r in &lk.rows {
            let mut line = vec![key_text(&r.key, row_input)];
            line.extend(r.cells.iter().map(|c| c.short(lk, l)));
            table.push(line);
        }
    } else {
        for (i, r) in lk.rows.iter().enumerate() {
            let key = match &r.key {
                Key::Choice(_) => {
                    crate::core::packs::choice_name(row_input, &key_text(&r.key, row_input), l)
                        .unwrap_or("")
                        .to_string()
                }
                _ => row_label(lk, i),
            };
            let cell = r
                .cells
                .first()
                .map(|c| c.describe(lk, l))
                .unwrap_or_default();
            table.push(vec![key, cell]);
        }
    }
    let cols = table.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|i| {
            table
                .iter()
                .filter_map(|r| r.get(i))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let last = cols.saturating_sub(1);
    table
        .iter()
        .map(|r| {
            let mut s = String::from(" ");
            for (i, c) in r.iter().enumerate() {
                let pad = widths[i].saturating_sub(c.chars().count());
                if i == last && lk.columns.is_empty() {
                    s.push_str(&format!(" {c}"));
                } else {
                    s.push_str(&format!(" {}{c}", " ".repeat(pad)));
                }
            }
            s
        })
        .collect()
}

#[derive(Serialize)]
struct OddsLine {
    key: String,
    text: String,
    odds: Odds,
}

/// The result the inputs cross, and the chance of each outcome.
#[derive(Serialize)]
struct LookupResult {
    inputs: Vec<GivenInput>,
    cell: Option<String>,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    odds: Vec<OddsLine>,
}

fn lookup_result(
    t: &PackTable,
    lk: &LookupBody,
    modifier: i32,
    values: &[InputValue],
    l: Lang,
) -> Result<LookupResult, String> {
    let at = lk.locate(values)?;
    let list = t.odds(modifier, values)?;
    let text = match &at.cell {
        Some(c) => c.describe(lk, l),
        None => l
            .pick("se tira para la columna", "the column is rolled")
            .to_string(),
    };
    Ok(LookupResult {
        inputs: given_inputs(t, values),
        cell: at
            .cell
            .as_ref()
            .map(|c| c.code.clone())
            .filter(|c| !c.is_empty()),
        text,
        note: at.note.map(|n| n.get(l).to_string()),
        odds: list
            .into_iter()
            .map(|o| OddsLine {
                key: o.key,
                text: o.name.get(l).to_string(),
                odds: o.odds,
            })
            .collect(),
    })
}

#[derive(Serialize)]
struct InputOut {
    id: String,
    name: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<i32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    choices: Vec<String>,
}

#[derive(Serialize)]
struct RowOut {
    key: String,
    cells: Vec<String>,
}

#[derive(Serialize)]
struct LookupOut {
    id: String,
    pack: String,
    name: String,
    kind: &'static str,
    rule: Option<String>,
    inputs: Vec<InputOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_dice: Option<String>,
    modifiers: Vec<String>,
    columns: Vec<String>,
    rows: Vec<RowOut>,
    legend: Vec<(String, String)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    out_of_range: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<LookupResult>,
}

impl LookupOut {
    fn new(
        pack: &Pack,
        t: &PackTable,
        lk: &LookupBody,
        _modifier: i32,
        result: Option<LookupResult>,
        l: Lang,
    ) -> LookupOut {
        let rule = match &lk.out_of_range {
            OutOfRange::Refuse => None,
            OutOfRange::Nearest => Some("nearest".to_string()),
            OutOfRange::Ratio(r) => Some(
                r.text
                    .as_ref()
                    .map(|t| t.get(l).to_string())
                    .unwrap_or_else(|| "ratio".into()),
            ),
        };
        LookupOut {
            id: t.id.clone(),
            pack: pack.id.clone(),
            name: t.name.get(l).to_string(),
            kind: kind(t),
            rule: t.rule.clone(),
            inputs: lk
                .inputs
                .iter()
                .map(|i| {
                    let (kind, min, max, choices) = match &i.kind {
                        InputKind::Number { min, max } => ("number", *min, *max, Vec::new()),
                        InputKind::Measure => ("measure", None, None, Vec::new()),
                        InputKind::Choice(cs) => (
                            "choice",
                            None,
                            None,
                            cs.iter().map(|c| c.id.clone()).collect(),
                        ),
                    };
                    InputOut {
                        id: i.id.clone(),
                        name: i.name.get(l).to_string(),
                        kind,
                        min,
                        max,
                        choices,
                    }
                })
                .collect(),
            column_dice: lk.column_dice.map(|d| d.to_string()),
            modifiers: t.modifiers.iter().map(|m| m.id.clone()).collect(),
            columns: lk
                .columns
                .iter()
                .map(|c| key_text(c, lk.inputs.get(1).unwrap_or(&lk.inputs[0])))
                .collect(),
            rows: lk
                .rows
                .iter()
                .map(|r| RowOut {
                    key: key_text(&r.key, &lk.inputs[0]),
                    cells: r
                        .cells
                        .iter()
                        .map(|c| match (&c.result, c.code.is_empty()) {
                            (CellResult::Text { text, .. }, true) => text.get(l).to_string(),
                            _ => c.short(lk, l),
                        })
                        .collect(),
                })
                .collect(),
            legend: lk.legend_lines(l),
            out_of_range: rule,
            result,
        }
    }
}

/// A roll as JSON: the table's dice (`dice`, `rolled`, `modifier`,
/// `total`), the row (`row`, `range`, `text`), and for lookups the inputs,
/// the cell and the roll it asked for; nested dice and the next table.
#[derive(Serialize)]
struct RollOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    table: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    inputs: Vec<GivenInput>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rolled: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    modifier: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<i32>,
    row: Option<usize>,
    range: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<Check>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    nested: Vec<nested::NestedRoll>,
    #[serde(skip_serializing_if = "Option::is_none")]
    then: Option<Box<RollOut>>,
}

impl RollOut {
    fn new(r: &TableRoll, seed: u64, l: Lang) -> RollOut {
        let mut out = RollOut::inner(r, l);
        out.seed = Some(seed);
        out
    }

    fn inner(r: &TableRoll, l: Lang) -> RollOut {
        let roll: Option<&DiceRoll> = r.roll.as_ref();
        RollOut {
            seed: None,
            table: r.table.clone(),
            inputs: r.inputs.clone(),
            dice: roll.map(|d| d.dice.clone()),
            rolled: roll.map(|d| d.rolled.clone()),
            modifier: roll.map(|d| d.modifier),
            total: roll.map(|d| d.total),
            row: r.row,
            range: r.key.clone(),
            cell: r.cell.clone(),
            check: r.check.clone(),
            outcome: r.outcome.clone(),
            text: r.text.get(l).to_string(),
            note: r.note.as_ref().map(|n| n.get(l).to_string()),
            nested: r.nested.clone(),
            then: r.then.as_ref().map(|t| Box::new(RollOut::inner(t, l))),
        }
    }
}
