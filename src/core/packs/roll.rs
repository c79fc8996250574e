//! Reading, rolling and the exact odds of pack tables: the row a total falls
//! in, the cell two inputs cross (with the out-of-range rule), the roll a
//! result asks for, nested dice, and `then` links.

use serde::Serialize;

use super::cell::{Cell, CellResult};
use super::nested::{self, NestedRoll};
use super::{
    Body, Input, InputKind, Key, LookupBody, OutOfRange, Pack, PackTable, RollBody, RollRow,
};
use crate::core::dice::Roller;
use crate::core::dice_expr::DiceExpr;
use crate::core::odds::{Odds, Prob};
use crate::core::text::{Lang, Text};

use super::links::MAX_CHAIN;

/// A value given for an input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputValue {
    Number(i32),
    Measure(f64),
    /// Index of the choice.
    Choice(usize),
}

/// Read what a player typed for an input: a whole number, a length
/// (`7.5` or `7,5`), or a choice by id or by name.
pub fn parse_input(input: &Input, text: &str, l: Lang) -> Result<InputValue, String> {
    let t = text.trim();
    let name = input.name.get(l);
    match &input.kind {
        InputKind::Number { min, max } => {
            let v: i32 = t
                .parse()
                .map_err(|_| format!("{name} ({}): '{t}' is not a whole number", input.id))?;
            check_number(input, v, *min, *max)?;
            Ok(InputValue::Number(v))
        }
        InputKind::Measure => {
            let v: f64 = t
                .replace(',', ".")
                .parse()
                .map_err(|_| format!("{name} ({}): '{t}' is not a number", input.id))?;
            if !v.is_finite() || v < 0.0 {
                return Err(format!("{name} ({}): '{t}' must be 0 or more", input.id));
            }
            Ok(InputValue::Measure(v))
        }
        InputKind::Choice(cs) => {
            let low = t.to_lowercase();
            cs.iter()
                .position(|c| {
                    c.id == t || c.name.es.to_lowercase() == low || c.name.en.to_lowercase() == low
                })
                .map(InputValue::Choice)
                .ok_or_else(|| {
                    format!(
                        "{name} ({}): '{t}' is not one of {}",
                        input.id,
                        cs.iter()
                            .map(|c| c.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
        }
    }
}

fn check_number(input: &Input, v: i32, min: Option<i32>, max: Option<i32>) -> Result<(), String> {
    if let Some(m) = min
        && v < m
    {
        return Err(format!("{} must be at least {m}, not {v}", input.id));
    }
    if let Some(m) = max
        && v > m
    {
        return Err(format!("{} must be at most {m}, not {v}", input.id));
    }
    Ok(())
}

impl RollBody {
    /// The row a total falls in. An omitted total reads no row; a total below
    /// every row (a negative modifier) reads the lowest row and one above
    /// every row the highest: the extremes stand for "or less" and "or more".
    pub fn row_for(&self, total: i32) -> Option<usize> {
        if let Some(i) = self.rows.iter().position(|r| r.range.contains(total)) {
            return Some(i);
        }
        if self.omit.iter().any(|o| o.contains(total)) {
            return None;
        }
        let lowest = self.rows.iter().enumerate().min_by_key(|(_, r)| r.range.lo);
        let highest = self
            .rows
            .iter()
            .enumerate()
            .max_by_key(|(_, r)| r.range.hi.unwrap_or(i32::MAX));
        match (lowest, highest) {
            (Some((li, lr)), _) if total < lr.range.lo => Some(li),
            (_, Some((hi, hr))) if hr.range.hi.is_some_and(|h| total > h) => Some(hi),
            _ => None,
        }
    }

    /// The exact chance of every row with `modifier` added, and of no row
    /// (an omitted total).
    pub fn row_odds(&self, modifier: i32) -> (Vec<Odds>, Odds) {
        // The distribution of the total is a convolution of the dice
        // (`DiceExpr::dist`); each row sums the ways over the common
        // denominator and is reduced once.
        let dist = self.dice.dist();
        let mut ways = vec![0u64; self.rows.len()];
        let mut none = 0u64;
        for (i, c) in dist.counts.iter().enumerate() {
            if *c == 0 {
                continue;
            }
            let total = i64::from(dist.min) + i as i64 + i64::from(modifier);
            let total = i32::try_from(total).unwrap_or(if total < 0 { i32::MIN } else { i32::MAX });
            match self.row_for(total) {
                Some(r) => ways[r] += c,
                None => none += c,
            }
        }
        let odds = |w: u64| Odds(Prob::new(w, dist.denom));
        (ways.into_iter().map(odds).collect(), odds(none))
    }
}

/// Where a lookup's inputs land.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    /// The printed row and column, if the inputs are inside the table.
    pub row: Option<usize>,
    pub column: Option<usize>,
    /// The cell read; for rolled columns, `None` until the roll.
    pub cell: Option<Cell>,
    /// How an input outside the printed range was read.
    pub note: Option<Text>,
}

fn key_index(keys: &[Key], v: InputValue) -> Option<usize> {
    (0..keys.len()).find(|&i| key_matches(keys, i, v))
}

/// Whether key `i` of `keys` holds `v`.
fn key_matches(keys: &[Key], i: usize, v: InputValue) -> bool {
    match (&keys[i], v) {
        (Key::Range { range, .. }, InputValue::Number(n)) => range.contains(n),
        (Key::Choice(c), InputValue::Choice(x)) => *c == x,
        (Key::UpTo(up), InputValue::Measure(x)) => {
            // Over the band before, up to this one.
            let prev = match i.checked_sub(1).map(|p| &keys[p]) {
                Some(Key::UpTo(p)) => *p,
                _ => None,
            };
            prev.is_none_or(|p| x > p) && up.is_none_or(|u| x <= u)
        }
        _ => false,
    }
}

/// The nearest printed key of a number axis.
fn nearest(keys: &[Key], n: i32) -> Option<usize> {
    keys.iter()
        .enumerate()
        .filter_map(|(i, k)| match k {
            Key::Range { range, .. } => {
                let d = if n < range.lo {
                    i64::from(range.lo) - i64::from(n)
                } else {
                    range.hi.map_or(0, |h| (i64::from(n) - i64::from(h)).max(0))
                };
                Some((d, i))
            }
            _ => None,
        })
        .min()
        .map(|(_, i)| i)
}

impl LookupBody {
    /// The column a rolled total falls in; the extremes stand for "or less"
    /// and "or more".
    pub fn column_for(&self, total: i32) -> Option<usize> {
        key_index(&self.columns, InputValue::Number(total))
            .or_else(|| nearest(&self.columns, total))
    }

    /// The row keys, in order.
    pub fn row_keys(&self) -> Vec<Key> {
        self.rows.iter().map(|r| r.key.clone()).collect()
    }

    /// Find the cell the inputs cross (for rolled columns, the row only).
    pub fn locate(&self, values: &[InputValue]) -> Result<Located, String> {
        if values.len() != self.inputs.len() {
            return Err(format!(
                "the table needs {}: {}",
                self.inputs.len(),
                self.inputs
                    .iter()
                    .map(|i| i.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let row_keys = self.row_keys();
        let row = key_index(&row_keys, values[0]);
        let column = match values.get(1) {
            Some(v) => key_index(&self.columns, *v),
            None => None,
        };
        let two = self.inputs.len() == 2;
        if let (Some(r), Some(c)) = (row, column) {
            return Ok(Located {
                row: Some(r),
                column: Some(c),
                cell: self.rows[r].cells.get(c).cloned(),
                note: None,
            });
        }
        if let (Some(r), false) = (row, two) {
            let cell = if self.column_dice.is_some() {
                None
            } else {
                self.rows[r].cells.first().cloned()
            };
            return Ok(Located {
                row: Some(r),
                column: None,
                cell,
                note: None,
            });
        }
        // Outside the printed keys.
        let describe = |i: usize, v: InputValue| -> String {
            let input = &self.inputs[i];
            let v = match v {
                InputValue::Number(n) => n.to_string(),
                InputValue::Measure(x) => x.to_string(),
                InputValue::Choice(c) => c.to_string(),
            };
            format!("{} {v}", input.id)
        };
        match &self.out_of_range {
            OutOfRange::Refuse => {
                let (i, v, keys) = if row.is_none() {
                    (0, values[0], &row_keys)
                } else {
                    (1, values[1], &self.columns)
                };
                Err(format!(
                    "{} is outside the table (printed: {})",
                    describe(i, v),
                    printed_span(keys)
                ))
            }
            OutOfRange::Nearest => {
                let r = row.or_else(|| match values[0] {
                    InputValue::Number(n) => nearest(&row_keys, n),
                    _ => None,
                });
                let c = if two {
                    column.or_else(|| match values[1] {
                        InputValue::Number(n) => nearest(&self.columns, n),
                        _ => None,
                    })
                } else {
                    None
                };
                let Some(r) = r else {
                    return Err(format!("{} is outside the table", describe(0, values[0])));
                };
                let cell = match (two, c) {
                    (true, Some(c)) => self.rows[r].cells.get(c).cloned(),
                    (true, None) => {
                        return Err(format!("{} is outside the table", describe(1, values[1])));
                    }
                    (false, _) if self.column_dice.is_some() => None,
                    (false, _) => self.rows[r].cells.first().cloned(),
                };
                Ok(Located {
                    row: Some(r),
                    column: c,
                    cell,
                    note: Some(Text::new(
                        "fuera de la tabla: se lee la fila o columna más cercana",
                        "outside the table: the nearest row or column is read",
                    )),
                })
            }
            OutOfRange::Ratio(rule) => {
                let super::RatioRule {
                    double,
                    half,
                    from,
                    cap_at,
                    cap,
                    ..
                } = &**rule;
                let (InputValue::Number(a), Some(InputValue::Number(b))) =
                    (values[0], values.get(1).copied())
                else {
                    return Err("the ratio rule needs two numbers".into());
                };
                if a <= 0 || b <= 0 {
                    return Err(format!(
                        "{} and {} must be above 0 to divide them",
                        self.inputs[0].id, self.inputs[1].id
                    ));
                }
                let (ia, ib) = (&self.inputs[0].name, &self.inputs[1].name);
                // In i64: a player may type any number.
                let (a64, b64) = (i64::from(a), i64::from(b));
                let (cell, es, en) = if a64 >= 2 * b64 {
                    (
                        double.clone(),
                        format!(
                            "{} {a} es al menos el doble de {} {b}",
                            ia.es,
                            ib.es.to_lowercase()
                        ),
                        format!(
                            "{} {a} is at least double {} {b}",
                            ia.en,
                            ib.en.to_lowercase()
                        ),
                    )
                } else if b64 >= 2 * a64 {
                    (
                        half.clone(),
                        format!(
                            "{} {b} es al menos el doble de {} {a}",
                            ib.es,
                            ia.es.to_lowercase()
                        ),
                        format!(
                            "{} {b} is at least double {} {a}",
                            ib.en,
                            ia.en.to_lowercase()
                        ),
                    )
                } else {
                    // Here a / b is 0 or 1; `from` is the pack's number,
                    // which may be near the limits of i32.
                    let n = from.checked_sub(a / b).ok_or_else(|| {
                        format!("the ratio rule's `from` {from} is out of range")
                    })?;
                    let text_es = format!("{from} − {a}/{b} redondeado abajo = {n}");
                    let text_en = format!("{from} − {a}/{b} rounded down = {n}");
                    if n >= *cap_at {
                        (
                            cap.clone(),
                            format!("{text_es}; {cap_at} o más se lee {}", cap.code),
                            format!("{text_en}; {cap_at} or more reads as {}", cap.code),
                        )
                    } else {
                        (self.resolve(&n.to_string(), None)?, text_es, text_en)
                    }
                };
                Ok(Located {
                    row: row.filter(|_| column.is_some()),
                    column: column.filter(|_| row.is_some()),
                    cell: Some(cell),
                    note: Some(Text::new(
                        format!("fuera de la tabla: {es}"),
                        format!("outside the table: {en}"),
                    )),
                })
            }
        }
    }

    /// The declared outcomes this table can come to, in order (a roll uses
    /// success and failure); they are listed even at 0, so a player sees
    /// "destroyed: 0". Plain results are listed when they can come up.
    fn used(&self) -> Vec<Used> {
        let mut used = vec![false; self.outcomes.len()];
        let mut mark = |c: &Cell| match &c.result {
            CellResult::Outcome(i) => {
                if let Some(u) = used.get_mut(*i) {
                    *u = true;
                }
            }
            CellResult::Roll { .. } => {
                used[self.success] = true;
                used[self.failure] = true;
            }
            CellResult::Text { .. } => {}
        };
        for c in self.rows.iter().flat_map(|r| &r.cells) {
            mark(c);
        }
        if let OutOfRange::Ratio(rule) = &self.out_of_range {
            for c in [&rule.double, &rule.half, &rule.cap] {
                mark(c);
            }
        }
        (0..self.outcomes.len())
            .filter(|i| used[*i])
            .map(Used::Outcome)
            .collect()
    }

    /// The exact chance of each outcome of one cell, with `modifier` added
    /// to the roll it asks for.
    fn cell_dist(&self, cell: &Cell, modifier: i32) -> Vec<(Used, Prob)> {
        match &cell.result {
            CellResult::Outcome(i) => vec![(Used::Outcome(*i), Prob::from_integer(1))],
            CellResult::Roll { dice, at_least } => {
                let d = dice.dist().shifted(modifier);
                let fail = d.p_lt(i64::from(*at_least));
                vec![
                    (Used::Outcome(self.success), Prob::from_integer(1) - fail),
                    (Used::Outcome(self.failure), fail),
                ]
            }
            CellResult::Text { text, .. } => {
                vec![(Used::Text(text.clone()), Prob::from_integer(1))]
            }
        }
    }
}

/// A result a lookup can come to.
#[derive(Clone, Debug, PartialEq)]
enum Used {
    Outcome(usize),
    Text(Text),
}

fn printed_span(keys: &[Key]) -> String {
    let labels: Vec<String> = keys
        .iter()
        .filter_map(|k| match k {
            Key::Range { label, .. } => Some(label.clone()),
            _ => None,
        })
        .collect();
    match (labels.first(), labels.last()) {
        (Some(a), Some(b)) if a != b => format!("{a} to {b}"),
        (Some(a), _) => a.clone(),
        _ => String::new(),
    }
}

/// The exact chance of one outcome of a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeOdds {
    /// The row's range (roll tables) or the outcome's id (lookups); empty
    /// for a plain result.
    pub key: String,
    pub name: Text,
    pub odds: Odds,
}

/// Sum of the modifiers that apply: `mods` are the values given for the
/// table's modifiers, in order; a modifier `only` for some choices counts
/// when one of them is chosen.
pub fn applied_modifier(t: &PackTable, mods: &[i32], values: &[InputValue]) -> i32 {
    let chosen: Vec<&str> = match &t.body {
        Body::Lookup(lk) => lk
            .inputs
            .iter()
            .zip(values)
            .filter_map(|(i, v)| match (&i.kind, v) {
                (InputKind::Choice(cs), InputValue::Choice(c)) => cs.get(*c).map(|c| c.id.as_str()),
                _ => None,
            })
            .collect(),
        Body::Roll(_) => Vec::new(),
    };
    t.modifiers
        .iter()
        .zip(mods)
        .filter(|(m, _)| m.only.is_empty() || m.only.iter().any(|o| chosen.contains(&o.as_str())))
        .map(|(_, v)| *v)
        .sum()
}

impl PackTable {
    /// The exact chance of every outcome before rolling: each row of a roll
    /// table (and "no row" when omitted totals can come up), or each outcome
    /// of a lookup for the inputs given.
    pub fn odds(&self, modifier: i32, values: &[InputValue]) -> Result<Vec<OutcomeOdds>, String> {
        match &self.body {
            Body::Roll(rb) => {
                let (rows, none) = rb.row_odds(modifier);
                let mut out: Vec<OutcomeOdds> = rb
                    .rows
                    .iter()
                    .zip(rows)
                    .map(|(r, o)| OutcomeOdds {
                        key: r.label.clone(),
                        name: r.text.clone(),
                        odds: o,
                    })
                    .collect();
                if !rb.omit.is_empty() {
                    out.push(OutcomeOdds {
                        key: "—".into(),
                        name: Text::new("Sin fila: no pasa nada", "No row: nothing happens"),
                        odds: none,
                    });
                }
                Ok(out)
            }
            Body::Lookup(lk) => {
                let at = lk.locate(values)?;
                let mut acc: Vec<(Used, Prob)> = lk
                    .used()
                    .into_iter()
                    .map(|u| (u, Prob::from_integer(0)))
                    .collect();
                let mut add = |u: Used, p: Prob| match acc.iter_mut().find(|(x, _)| *x == u) {
                    Some((_, q)) => *q += p,
                    None => acc.push((u, p)),
                };
                match (&at.cell, lk.column_dice, at.row) {
                    (Some(cell), _, _) => {
                        for (u, p) in lk.cell_dist(cell, modifier) {
                            add(u, p);
                        }
                    }
                    (None, Some(d), Some(r)) => {
                        for (v, p) in d.dist().shifted(modifier).points() {
                            let Some(c) = lk.column_for(v) else { continue };
                            let Some(cell) = lk.rows[r].cells.get(c) else {
                                continue;
                            };
                            for (u, q) in lk.cell_dist(cell, 0) {
                                add(u, p * q);
                            }
                        }
                    }
                    _ => return Err("nothing to read for these inputs".into()),
                }
                Ok(acc
                    .into_iter()
                    .map(|(u, p)| match u {
                        Used::Outcome(i) => OutcomeOdds {
                            key: lk.outcomes[i].id.clone(),
                            name: lk.outcomes[i].name.clone(),
                            odds: Odds(p),
                        },
                        Used::Text(t) => OutcomeOdds {
                            key: String::new(),
                            name: t,
                            odds: Odds(p),
                        },
                    })
                    .collect())
            }
        }
    }

    /// Roll the table: its dice with `modifier`, the row, the nested dice of
    /// the row, and the tables it sends to; or, for a lookup, the cell the
    /// inputs cross and the roll it asks for.
    pub fn roll(
        &self,
        pack: &Pack,
        modifier: i32,
        values: &[InputValue],
        roller: &mut Roller,
    ) -> Result<TableRoll, String> {
        self.roll_at(pack, modifier, values, roller, 0)
    }

    fn roll_at(
        &self,
        pack: &Pack,
        modifier: i32,
        values: &[InputValue],
        roller: &mut Roller,
        depth: usize,
    ) -> Result<TableRoll, String> {
        let table = format!("{}/{}", pack.id, self.id);
        match &self.body {
            Body::Roll(rb) => {
                let dice = rb.dice;
                let roll = DiceRoll::roll(dice, modifier, roller);
                let row = rb.row_for(roll.total);
                let (key, text, nested, then) = match row.and_then(|i| rb.rows.get(i)) {
                    Some(RollRow {
                        label,
                        text,
                        nested: n,
                        then,
                        ..
                    }) => (
                        label.clone(),
                        text.clone(),
                        nested::roll_all(n, roller),
                        then.clone(),
                    ),
                    None => (
                        "—".into(),
                        Text::new("Sin fila: no pasa nada", "No row: nothing happens"),
                        Vec::new(),
                        None,
                    ),
                };
                let then = match then {
                    // The loader refuses longer chains; a pack built in code
                    // that skipped it gets an error, never a silent stop.
                    Some(t) if depth >= MAX_CHAIN => {
                        return Err(format!(
                            "table '{}' sends to '{t}', past {MAX_CHAIN} `then` links",
                            self.id
                        ));
                    }
                    Some(t) => {
                        let next = pack
                            .table(&t)
                            .ok_or_else(|| format!("no table '{t}' in pack '{}'", pack.id))?;
                        Some(Box::new(next.roll_at(pack, 0, &[], roller, depth + 1)?))
                    }
                    None => None,
                };
                Ok(TableRoll {
                    table,
                    inputs: Vec::new(),
                    roll: Some(roll),
                    row,
                    key,
                    cell: None,
                    check: None,
                    outcome: None,
                    text,
                    note: None,
                    nested,
                    then,
                })
            }
            Body::Lookup(lk) => {
                let at = lk.locate(values)?;
                let inputs: Vec<GivenInput> = lk
                    .inputs
                    .iter()
                    .zip(values)
                    .map(|(i, v)| GivenInput {
                        id: i.id.clone(),
                        value: value_text(i, *v),
                    })
                    .collect();
                let mut key: Vec<String> = Vec::new();
                if let Some(r) = at.row.and_then(|r| lk.rows.get(r)) {
                    key.push(key_text(&r.key, &lk.inputs[0]));
                }
                if let (Some(c), Some(i)) =
                    (at.column.and_then(|c| lk.columns.get(c)), lk.inputs.get(1))
                {
                    key.push(key_text(c, i));
                }
                let mut column_roll = None;
                let cell = match (&at.cell, lk.column_dice, at.row) {
                    (Some(c), _, _) => c.clone(),
                    (None, Some(d), Some(r)) => {
                        let roll = DiceRoll::roll(d, modifier, roller);
                        let c = lk
                            .column_for(roll.total)
                            .ok_or_else(|| format!("no column for {}", roll.total))?;
                        if let Some(Key::Range { label, .. }) = lk.columns.get(c) {
                            key.push(label.clone());
                        }
                        column_roll = Some(roll);
                        lk.rows[r]
                            .cells
                            .get(c)
                            .cloned()
                            .ok_or_else(|| "the grid has no such cell".to_string())?
                    }
                    _ => return Err("nothing to read for these inputs".into()),
                };
                if key.is_empty() {
                    key = inputs.iter().map(|g| g.value.clone()).collect();
                }
                let check_mod = if column_roll.is_some() { 0 } else { modifier };
                let (check, outcome, nested) = match &cell.result {
                    CellResult::Outcome(i) => (None, Some(*i), Vec::new()),
                    CellResult::Roll { dice, at_least } => {
                        let r = DiceRoll::roll(*dice, check_mod, roller);
                        let ok = r.total >= *at_least;
                        let o = if ok { lk.success } else { lk.failure };
                        (
                            Some(Check {
                                roll: r,
                                at_least: *at_least,
                                success: ok,
                            }),
                            Some(o),
                            Vec::new(),
                        )
                    }
                    CellResult::Text { nested: n, .. } => (None, None, nested::roll_all(n, roller)),
                };
                let text = Text::new(cell.describe(lk, Lang::Es), cell.describe(lk, Lang::En));
                Ok(TableRoll {
                    table,
                    inputs,
                    roll: column_roll,
                    row: at.row,
                    key: key.join(" × "),
                    cell: (!cell.code.is_empty()).then(|| cell.code.clone()),
                    check,
                    outcome: outcome
                        .and_then(|i| lk.outcomes.get(i))
                        .map(|o| o.id.clone()),
                    text,
                    note: at.note,
                    nested,
                    then: None,
                })
            }
        }
    }
}

/// A value given for an input, as text: the number, or the choice's id.
fn value_text(i: &Input, v: InputValue) -> String {
    match (v, &i.kind) {
        (InputValue::Choice(c), InputKind::Choice(cs)) => {
            cs.get(c).map(|c| c.id.clone()).unwrap_or_default()
        }
        (InputValue::Number(n), _) => n.to_string(),
        (InputValue::Measure(x), _) => x.to_string(),
        (InputValue::Choice(c), _) => c.to_string(),
    }
}

/// A key as printed: `12`, `9+`, a choice id, `≤ 5`, `> 20`.
pub fn key_text(k: &Key, input: &Input) -> String {
    match k {
        Key::Range { label, .. } => label.clone(),
        Key::Choice(c) => match &input.kind {
            InputKind::Choice(cs) => cs.get(*c).map(|c| c.id.clone()).unwrap_or_default(),
            _ => String::new(),
        },
        Key::UpTo(Some(v)) => format!("≤ {v}"),
        Key::UpTo(None) => "+".into(),
    }
}

/// The label of row `i` of a lookup: its key, and for the open band of a
/// measure `> 20` (over the band before).
pub fn row_label(lk: &LookupBody, i: usize) -> String {
    let Some(row) = lk.rows.get(i) else {
        return String::new();
    };
    match (&row.key, i.checked_sub(1).and_then(|p| lk.rows.get(p))) {
        (Key::UpTo(None), Some(prev)) => match prev.key {
            Key::UpTo(Some(p)) => format!("> {p}"),
            _ => "+".into(),
        },
        (k, _) => key_text(k, &lk.inputs[0]),
    }
}

/// An input as given, in words: `Attacker strength 12`, `Unit type Trolls`.
pub fn given_label(t: &PackTable, given: &[GivenInput], l: Lang) -> String {
    let Body::Lookup(lk) = &t.body else {
        return String::new();
    };
    given
        .iter()
        .map(|g| {
            let Some(input) = lk.inputs.iter().find(|i| i.id == g.id) else {
                return format!("{} {}", g.id, g.value);
            };
            let v = super::choice_name(input, &g.value, l)
                .map(str::to_string)
                .unwrap_or_else(|| g.value.clone());
            format!("{} {v}", input.name.get(l))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An input's id and the value given for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GivenInput {
    pub id: String,
    pub value: String,
}

/// Dice as they fell, with the modifier added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceRoll {
    pub dice: String,
    pub rolled: Vec<u32>,
    pub modifier: i32,
    pub total: i32,
}

impl DiceRoll {
    pub fn roll(dice: DiceExpr, modifier: i32, roller: &mut Roller) -> DiceRoll {
        let (rolled, total) = dice.roll(roller);
        DiceRoll {
            dice: dice.to_string(),
            rolled,
            modifier,
            total: total + modifier,
        }
    }

    /// `[3, 5] +1 = 9`.
    pub fn show(&self) -> String {
        let dice: Vec<String> = self.rolled.iter().map(|d| d.to_string()).collect();
        let m = if self.modifier != 0 {
            format!(" {:+}", self.modifier)
        } else {
            String::new()
        };
        format!("{} [{}]{m} = {}", self.dice, dice.join(", "), self.total)
    }
}

/// The roll a lookup's result asks for, and whether it made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    #[serde(flatten)]
    pub roll: DiceRoll,
    pub at_least: i32,
    pub success: bool,
}

/// A table roll as it fell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRoll {
    /// `pack/table`.
    pub table: String,
    /// The inputs given (lookups).
    pub inputs: Vec<GivenInput>,
    /// The table's own dice (roll tables) or the roll for the column.
    pub roll: Option<DiceRoll>,
    /// Index of the row read (roll tables: into the rows; lookups: the printed row).
    pub row: Option<usize>,
    /// The row's range, or the inputs.
    pub key: String,
    /// The code printed in the cell (lookups).
    pub cell: Option<String>,
    /// The roll the result asks for (`hit on 3+ with 1d6`).
    pub check: Option<Check>,
    /// The outcome id (lookups).
    pub outcome: Option<String>,
    /// The row's text or the result in words.
    pub text: Text,
    /// How an input outside the table was read.
    pub note: Option<Text>,
    pub nested: Vec<NestedRoll>,
    /// The roll on the table the row sends to.
    pub then: Option<Box<TableRoll>>,
}

impl TableRoll {
    /// One line per table rolled, every die shown, the table's name first
    /// when `named` (a table it sends to is always named):
    /// `Events table: 1d100 [100] = 100 → 00: A leader falls ill …`,
    /// `A leader's illness: 1d10 [2] = 2 → 1-3: Dies.`;
    /// `Attacker strength 12, Defender strength 3 → Hit on 3+ with 1d6 · 1d6 [4] = 4 ⇒ Hit`.
    pub fn lines(&self, pack: &Pack, l: Lang, named: bool) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = Some(self);
        while let Some(r) = cur {
            let id = r.table.rsplit('/').next().unwrap_or("");
            let table = pack.table(id);
            let mut s = String::new();
            if named || !out.is_empty() {
                let name = table
                    .map(|t| t.name.get(l).to_string())
                    .unwrap_or_else(|| id.to_string());
                s.push_str(&format!("{name}: "));
            }
            if let Some(t) = table
                && !r.inputs.is_empty()
            {
                s.push_str(&format!("{} → ", given_label(t, &r.inputs, l)));
            }
            if let Some(roll) = &r.roll {
                s.push_str(&format!("{} → ", roll.show()));
            }
            let text = nested::annotate(r.text.get(l), &r.nested);
            if r.inputs.is_empty() && r.roll.is_some() {
                s.push_str(&format!("{}: {text}", r.key));
            } else {
                s.push_str(&text);
            }
            if let Some(c) = &r.check {
                s.push_str(&format!(" · {}", c.roll.show()));
                if let Some(o) = &r.outcome
                    && let Some(Body::Lookup(lk)) = table.map(|t| &t.body)
                    && let Some(oc) = lk.outcomes.iter().find(|x| x.id == *o)
                {
                    s.push_str(&format!(" ⇒ {}", oc.name.get(l)));
                }
            }
            if let Some(n) = &r.note {
                s.push_str(&format!(" ({})", n.get(l)));
            }
            out.push(s);
            cur = r.then.as_deref();
        }
        out
    }
}
