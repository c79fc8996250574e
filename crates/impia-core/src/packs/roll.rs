//! Reading, rolling and the exact odds of pack tables: the row a total falls
//! in, the cell two inputs cross (with the out-of-range rule), the roll a
//! result asks for, nested dice, and `then` links.

use super::cell::{Cell, CellResult};
use super::error::ReadError;
use super::nested;
use super::{Body, InputKind, Key, LookupBody, OutOfRange, Pack, PackTable, RollBody, RollRow};
use crate::dice::Roller;
use crate::text::{Lang, Text};

pub use super::input::{InputValue, parse_input};
use super::links::MAX_CHAIN;
pub use super::odds::OutcomeOdds;
use super::rolled::value_text;
pub use super::rolled::{Check, DiceRoll, GivenInput, TableRoll, given_label, key_text, row_label};

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
    pub fn locate(&self, values: &[InputValue]) -> Result<Located, ReadError> {
        if values.len() != self.inputs.len() {
            return Err(ReadError::InputCount {
                count: self.inputs.len(),
                ids: self
                    .inputs
                    .iter()
                    .map(|i| i.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
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
        match &self.out_of_range {
            OutOfRange::Refuse => Err(self.refuse_outside(values, row, &row_keys)),
            OutOfRange::Nearest => self.nearest_outside(values, row, column, &row_keys),
            OutOfRange::Ratio(rule) => self.ratio_outside(rule, values, row, column),
        }
    }

    /// Input `i` and its value `v`, in words.
    fn describe_input(&self, i: usize, v: InputValue) -> String {
        let input = &self.inputs[i];
        let v = match v {
            InputValue::Number(n) => n.to_string(),
            InputValue::Measure(x) => x.to_string(),
            InputValue::Choice(c) => c.to_string(),
        };
        format!("{} {v}", input.id)
    }

    /// `OutOfRange::Refuse`: the first input outside its printed keys.
    fn refuse_outside(
        &self,
        values: &[InputValue],
        row: Option<usize>,
        row_keys: &[Key],
    ) -> ReadError {
        let (i, v, keys) = if row.is_none() {
            (0, values[0], row_keys)
        } else {
            (1, values[1], &self.columns[..])
        };
        ReadError::OutsidePrinted {
            what: self.describe_input(i, v),
            printed: printed_span(keys),
        }
    }

    /// `OutOfRange::Nearest`: the nearest printed row and column.
    fn nearest_outside(
        &self,
        values: &[InputValue],
        row: Option<usize>,
        column: Option<usize>,
        row_keys: &[Key],
    ) -> Result<Located, ReadError> {
        let two = self.inputs.len() == 2;
        let r = row.or_else(|| match values[0] {
            InputValue::Number(n) => nearest(row_keys, n),
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
            return Err(ReadError::Outside {
                what: self.describe_input(0, values[0]),
            });
        };
        let cell = match (two, c) {
            (true, Some(c)) => self.rows[r].cells.get(c).cloned(),
            (true, None) => {
                return Err(ReadError::Outside {
                    what: self.describe_input(1, values[1]),
                });
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

    /// `OutOfRange::Ratio`: the cell the ratio of the two numbers reads.
    fn ratio_outside(
        &self,
        rule: &super::RatioRule,
        values: &[InputValue],
        row: Option<usize>,
        column: Option<usize>,
    ) -> Result<Located, ReadError> {
        let super::RatioRule {
            double,
            half,
            from,
            cap_at,
            cap,
            ..
        } = rule;
        let (InputValue::Number(a), Some(InputValue::Number(b))) =
            (values[0], values.get(1).copied())
        else {
            return Err(ReadError::RatioNeedsNumbers);
        };
        if a <= 0 || b <= 0 {
            return Err(ReadError::RatioNotPositive {
                a: self.inputs[0].id.clone(),
                b: self.inputs[1].id.clone(),
            });
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
            let n = from
                .checked_sub(a / b)
                .ok_or(ReadError::RatioFrom { from: *from })?;
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
    /// Roll the table: its dice with `modifier`, the row, the nested dice of
    /// the row, and the tables it sends to; or, for a lookup, the cell the
    /// inputs cross and the roll it asks for.
    pub fn roll(
        &self,
        pack: &Pack,
        modifier: i32,
        values: &[InputValue],
        roller: &mut Roller,
    ) -> Result<TableRoll, ReadError> {
        self.roll_at(pack, modifier, values, roller, 0)
    }

    fn roll_at(
        &self,
        pack: &Pack,
        modifier: i32,
        values: &[InputValue],
        roller: &mut Roller,
        depth: usize,
    ) -> Result<TableRoll, ReadError> {
        let table = format!("{}/{}", pack.id, self.id);
        match &self.body {
            Body::Roll(rb) => self.roll_rows(rb, table, pack, modifier, roller, depth),
            Body::Lookup(lk) => roll_lookup(lk, table, modifier, values, roller),
        }
    }

    /// A roll table: the dice, the row they read, its nested dice and the
    /// table it sends on to (`then`), rolled in turn.
    fn roll_rows(
        &self,
        rb: &RollBody,
        table: String,
        pack: &Pack,
        modifier: i32,
        roller: &mut Roller,
        depth: usize,
    ) -> Result<TableRoll, ReadError> {
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
                return Err(ReadError::ChainTooLong {
                    table: self.id.clone(),
                    next: t,
                    max: MAX_CHAIN,
                });
            }
            Some(t) => {
                let next = pack.table(&t).ok_or_else(|| ReadError::NoTable {
                    table: t.clone(),
                    pack: pack.id.clone(),
                })?;
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
}

/// A lookup: the cell the inputs cross, the column dice if it rolls for one,
/// and the check or nested dice the cell asks for.
fn roll_lookup(
    lk: &LookupBody,
    table: String,
    modifier: i32,
    values: &[InputValue],
    roller: &mut Roller,
) -> Result<TableRoll, ReadError> {
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
    if let (Some(c), Some(i)) = (at.column.and_then(|c| lk.columns.get(c)), lk.inputs.get(1)) {
        key.push(key_text(c, i));
    }
    let mut column_roll = None;
    let cell = match (&at.cell, lk.column_dice, at.row) {
        (Some(c), _, _) => c.clone(),
        (None, Some(d), Some(r)) => {
            let roll = DiceRoll::roll(d, modifier, roller);
            let c = lk
                .column_for(roll.total)
                .ok_or(ReadError::NoColumn { total: roll.total })?;
            if let Some(Key::Range { label, .. }) = lk.columns.get(c) {
                key.push(label.clone());
            }
            column_roll = Some(roll);
            lk.rows[r].cells.get(c).cloned().ok_or(ReadError::NoCell)?
        }
        _ => return Err(ReadError::NothingToRead),
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
