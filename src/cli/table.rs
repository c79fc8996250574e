//! `impia table …`: list, show and roll the rule tables.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::{Cli, CliError, load_rules, print_json};
use crate::core::dice::Roller;
use crate::core::odds::Odds;
use crate::core::tables::{JumpCheck, RollTable, RuleSet};
use crate::core::text::Lang;

#[derive(Debug, Subcommand)]
pub enum TableCommand {
    /// Every table: id, name, dice.
    List {
        #[arg(long)]
        json: bool,
    },
    /// One table, every row (with the exact chance of each row for die tables).
    Show {
        /// Table id: dark_forces, spell_backlash, fall, jump, cover, …
        id: String,
        /// Added to the roll when computing the odds (e.g. spell level + caster fear).
        #[arg(
            long = "mod",
            value_name = "M",
            default_value = "0",
            value_parser = clap::value_parser!(i32).range(-99..=99),
            allow_hyphen_values = true
        )]
        modifier: i32,
        #[arg(long)]
        json: bool,
    },
    /// Roll a die-range table and read its row.
    Roll(RollArgs),
}

#[derive(Debug, Args)]
pub struct RollArgs {
    /// Table id: dark_forces, spell_backlash, …
    id: String,
    /// Added to the roll (spell_backlash: spell level + caster's fear).
    #[arg(
        long = "mod",
        value_name = "M",
        default_value = "0",
        value_parser = clap::value_parser!(i32).range(-99..=99),
        allow_hyphen_values = true
    )]
    modifier: i32,
    /// Seed for a reproducible roll.
    #[arg(long, value_name = "S", allow_hyphen_values = true, value_parser = super::dice::parse_seed)]
    seed: Option<u64>,
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct ListEntry {
    id: String,
    name: String,
    kind: &'static str,
    dice: Option<String>,
    rule: String,
}

fn entries(rs: &RuleSet, l: Lang) -> Vec<ListEntry> {
    let mut out: Vec<ListEntry> = rs
        .roll_tables
        .iter()
        .map(|t| ListEntry {
            id: t.id.clone(),
            name: t.name.get(l).to_string(),
            kind: "roll",
            dice: Some(t.dice.clone()),
            rule: t.rule.clone(),
        })
        .collect();
    for (id, name, rule) in [
        (&rs.fall.id, &rs.fall.name, &rs.fall.rule),
        (&rs.jump.id, &rs.jump.name, &rs.jump.rule),
        (&rs.cover.id, &rs.cover.name, &rs.cover.rule),
    ] {
        out.push(ListEntry {
            id: id.clone(),
            name: name.get(l).to_string(),
            kind: "reference",
            dice: None,
            rule: rule.clone(),
        });
    }
    out
}

fn unknown_table(rs: &RuleSet, id: &str) -> CliError {
    let ids: Vec<String> = entries(rs, Lang::En).into_iter().map(|e| e.id).collect();
    CliError(format!(
        "no table '{id}'; the tables are: {}",
        ids.join(", ")
    ))
}

pub fn run(cli: &Cli, cmd: &TableCommand) -> Result<(), CliError> {
    let rs = load_rules(cli)?;
    let l = cli.lang();
    match cmd {
        TableCommand::List { json } => {
            let list = entries(&rs, l);
            if *json {
                print_json(&list)?;
            } else {
                for e in list {
                    println!(
                        "{:<16} {:<6} {:<4} {}",
                        e.id,
                        e.dice.as_deref().unwrap_or("-"),
                        e.rule,
                        e.name
                    );
                }
            }
        }
        TableCommand::Show { id, modifier, json } => {
            if let Some(t) = rs.roll_table(id) {
                show_roll_table(t, l, *modifier, *json)?;
            } else {
                show_reference(&rs, id, l, *json)?;
            }
        }
        TableCommand::Roll(a) => {
            let Some(t) = rs.roll_table(&a.id) else {
                if entries(&rs, l).iter().any(|e| e.id == a.id) {
                    return Err(CliError(format!(
                        "'{}' is a reference table, not a die-range table; use 'impia table show {}'",
                        a.id, a.id
                    )));
                }
                return Err(unknown_table(&rs, &a.id));
            };
            let mut roller = match a.seed {
                Some(s) => Roller::seeded(s),
                None => Roller::from_entropy(),
            };
            let r = t.roll(&mut roller, a.modifier).map_err(CliError)?;
            let row = &t.rows[r.row];
            if a.json {
                #[derive(Serialize)]
                struct Out<'a> {
                    seed: u64,
                    #[serde(flatten)]
                    roll: &'a crate::core::tables::roll::TableRoll,
                    range: &'a str,
                    text: &'a str,
                }
                print_json(&Out {
                    seed: roller.seed(),
                    roll: &r,
                    range: &row.range,
                    text: row.text.get(l),
                })?;
            } else {
                let dice: Vec<String> = r.rolled.iter().map(|d| d.to_string()).collect();
                let modifier = if r.modifier != 0 {
                    format!(" {:+}", r.modifier)
                } else {
                    String::new()
                };
                println!(
                    "{} ({}): [{}]{} = {} → {}: {}  ({} {})",
                    t.name.get(l),
                    r.dice,
                    dice.join(", "),
                    modifier,
                    r.total,
                    row.range,
                    row.text.get(l),
                    l.pick("semilla", "seed"),
                    roller.seed()
                );
            }
        }
    }
    Ok(())
}

fn show_roll_table(t: &RollTable, l: Lang, modifier: i32, json: bool) -> Result<(), CliError> {
    let odds = t.row_odds(modifier).map_err(CliError)?;
    if json {
        #[derive(Serialize)]
        struct Row<'a> {
            range: &'a str,
            text: &'a str,
            odds: Odds,
        }
        #[derive(Serialize)]
        struct Out<'a> {
            id: &'a str,
            name: &'a str,
            rule: &'a str,
            dice: &'a str,
            modifier: i32,
            modifiers: Vec<&'a str>,
            rows: Vec<Row<'a>>,
        }
        return print_json(&Out {
            id: &t.id,
            name: t.name.get(l),
            rule: &t.rule,
            dice: &t.dice,
            modifier,
            modifiers: t.modifiers.iter().map(|m| m.name.get(l)).collect(),
            rows: t
                .rows
                .iter()
                .zip(odds)
                .map(|(r, o)| Row {
                    range: &r.range,
                    text: r.text.get(l),
                    odds: o,
                })
                .collect(),
        });
    }
    println!("{} ({}, {})", t.name.get(l), t.dice, t.rule);
    if let Some(d) = &t.description {
        println!("{}", d.get(l));
    }
    if !t.modifiers.is_empty() {
        let names: Vec<&str> = t.modifiers.iter().map(|m| m.name.get(l)).collect();
        println!(
            "{}: {} ({} {modifier:+})",
            l.pick("Se suma", "Add"),
            names.join(" + "),
            l.pick("ahora", "now")
        );
    }
    for (r, o) in t.rows.iter().zip(odds) {
        println!("{:>6}  {:>7}  {}", r.range, o.percent(), r.text.get(l));
    }
    Ok(())
}

fn show_reference(rs: &RuleSet, id: &str, l: Lang, json: bool) -> Result<(), CliError> {
    if id == rs.fall.id {
        if json {
            return print_json(&rs.fall);
        }
        println!("{} ({})", rs.fall.name.get(l), rs.fall.rule);
        for r in &rs.fall.rows {
            let s = match r.strength {
                Some(s) => format!("{} {s}", l.pick("Fuerza", "Strength")),
                None => l.pick("Sin daño", "No harm").to_string(),
            };
            println!("  {:<16} {}", r.label.get(l), s);
        }
    } else if id == rs.jump.id {
        if json {
            return print_json(&rs.jump);
        }
        println!("{} ({})", rs.jump.name.get(l), rs.jump.rule);
        for r in &rs.jump.rows {
            let what = match r.check {
                JumpCheck::Free => l.pick("sin tirada", "no roll").to_string(),
                JumpCheck::Agility if r.modifier != 0 => format!(
                    "{} {:+}",
                    l.pick("tirada de Agilidad", "Agility check"),
                    r.modifier
                ),
                JumpCheck::Agility => l.pick("tirada de Agilidad", "Agility check").to_string(),
                JumpCheck::Impossible => l.pick("imposible", "impossible").to_string(),
            };
            println!("  {:<20} {}", what, r.label.get(l));
        }
    } else if id == rs.cover.id {
        if json {
            return print_json(&rs.cover);
        }
        println!("{} ({})", rs.cover.name.get(l), rs.cover.rule);
        for r in &rs.cover.rows {
            println!(
                "  {:<8} {} {:+}  {}",
                r.name.get(l),
                l.pick("Blindaje", "Armour"),
                r.armour,
                r.examples.get(l)
            );
        }
        println!("  {}", rs.cover.text.get(l));
    } else {
        return Err(unknown_table(rs, id));
    }
    Ok(())
}
