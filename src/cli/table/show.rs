//! `impia table show`: a roll table's rows with their exact chances, or a
//! lookup's inputs, grid and legend (and, with `--input`, the result the
//! inputs cross).

use serde::Serialize;

use super::json::{LookupOut, lookup_result};
use super::{CliError, TableArgs, heading, print_json};
use crate::core::odds::Odds;
use crate::core::packs::roll::{InputValue, key_text, row_label};
use crate::core::packs::{Body, InputKind, Key, LookupBody, Pack, PackTable, RollBody};
use crate::core::text::Lang;

pub(super) fn show(
    pack: &Pack,
    t: &PackTable,
    a: &TableArgs,
    values: Option<&[InputValue]>,
    l: Lang,
) -> Result<(), CliError> {
    match &t.body {
        Body::Roll(rb) => show_roll(pack, t, rb, a, l),
        Body::Lookup(lk) => show_lookup(pack, t, lk, a, values, l),
    }
}

/// A roll table: each row with its chance, and the chance of no row.
fn show_roll(
    pack: &Pack,
    t: &PackTable,
    rb: &RollBody,
    a: &TableArgs,
    l: Lang,
) -> Result<(), CliError> {
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
            o.percent(l),
            r.text.get(l)
        );
    }
    if !rb.omit.is_empty() {
        outln!(
            "{:>6}  {:>7}  {}",
            "—",
            none.percent(l),
            l.pick("sin fila", "no row")
        );
    }
    Ok(())
}

/// A lookup: its inputs, grid and legend, and the result the inputs cross.
fn show_lookup(
    pack: &Pack,
    t: &PackTable,
    lk: &LookupBody,
    a: &TableArgs,
    values: Option<&[InputValue]>,
    l: Lang,
) -> Result<(), CliError> {
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
                o.odds.percent(l),
                o.odds.exact(),
                o.text
            );
        }
    }
    Ok(())
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
