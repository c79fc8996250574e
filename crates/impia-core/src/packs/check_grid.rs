//! Checks of a lookup's grid or rows: keys on each axis, one result per
//! cell. Linear or n log n in the keys and cells; error positions are
//! looked up in the text only when there is an error.

use std::collections::HashMap;

use super::check_kit::{check_nested, row_key};
use super::error::{AxisError, CellError, KeyError};
use super::format::{RawRow, RawTable};
use super::locate::Region;
use super::{Cell, CellResult, Choice, Input, InputKind, Key, LookupBody, LookupRow};
use crate::dice_expr::DiceExpr;
use crate::error::{DataError, Pos};
use crate::tables::RowRange;
use crate::tables::range::{Disjoint, describe_values, uncovered};

/// The kind of an axis of a lookup, for parsing its keys.
#[derive(Clone, Copy)]
enum Axis<'a> {
    Number,
    /// The choices, and their indices by id (a grid of 20,000 choices took
    /// minutes when each key searched the list).
    Choice(&'a [Choice], &'a HashMap<&'a str, usize>),
    /// Columns picked by a roll: ranges over the dice totals.
    Roll(DiceExpr),
}

/// The indices of an input's choices by id (empty for other inputs).
fn choice_index(input: &Input) -> HashMap<&str, usize> {
    match &input.kind {
        InputKind::Choice(cs) => cs
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.as_str(), i))
            .collect(),
        _ => HashMap::new(),
    }
}

fn axis_of<'a>(input: &'a Input, index: &'a HashMap<&'a str, usize>) -> Axis<'a> {
    match &input.kind {
        InputKind::Choice(cs) => Axis::Choice(cs, index),
        _ => Axis::Number,
    }
}

fn parse_key(token: &str, axis: Axis) -> Result<Key, KeyError> {
    match axis {
        Axis::Number | Axis::Roll(_) => {
            let range: RowRange = token.parse().map_err(KeyError::Range)?;
            Ok(Key::Range {
                label: token.to_string(),
                range,
            })
        }
        Axis::Choice(cs, index) => {
            index
                .get(token)
                .map(|&i| Key::Choice(i))
                .ok_or_else(|| KeyError::NotAChoice {
                    token: token.to_string(),
                    choices: cs
                        .iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                })
        }
    }
}

/// Check an axis: every choice once; number ranges that do not overlap and
/// follow one another; rolled columns that cover the dice. The error comes
/// with the index of the key at fault, if one is. Linear or n log n in the
/// keys.
fn check_axis(
    keys: &[Key],
    axis: Axis,
    what: &'static str,
) -> Result<(), (Option<usize>, AxisError)> {
    match axis {
        Axis::Choice(cs, _) => {
            let mut seen = vec![false; cs.len()];
            for (i, k) in keys.iter().enumerate() {
                if let Key::Choice(c) = k
                    && let Some(s) = seen.get_mut(*c)
                {
                    if *s {
                        let choice = cs[*c].id.clone();
                        return Err((Some(i), AxisError::ChoiceTwice { what, choice }));
                    }
                    *s = true;
                }
            }
            if let Some(c) = seen.iter().position(|s| !s) {
                let choice = cs[c].id.clone();
                return Err((None, AxisError::NoChoice { what, choice }));
            }
            Ok(())
        }
        Axis::Number | Axis::Roll(_) => {
            let ranges: Vec<(usize, RowRange, &str)> = keys
                .iter()
                .enumerate()
                .filter_map(|(i, k)| match k {
                    Key::Range { label, range } => Some((i, *range, label.as_str())),
                    _ => None,
                })
                .collect();
            let mut placed = Disjoint::default();
            for (n, (i, r, label)) in ranges.iter().enumerate() {
                if let Err(j) = placed.insert(r, n) {
                    let (label, other) = (label.to_string(), ranges[j].2.to_string());
                    let e = AxisError::Overlap { what, label, other };
                    return Err((Some(*i), e));
                }
            }
            let mut sorted = ranges.clone();
            sorted.sort_by_key(|(_, r, _)| r.lo);
            for w in sorted.windows(2) {
                let (a, b) = (w[0].1, w[1].1);
                if let Some(hi) = a.hi
                    && i64::from(hi) + 1 < i64::from(b.lo)
                {
                    let gap: Vec<i32> = (hi + 1..b.lo).take(50).collect();
                    let values = describe_values(&gap);
                    return Err((None, AxisError::Gap { what, values }));
                }
            }
            if let Axis::Roll(dice) = axis {
                let missing = uncovered(dice.min(), dice.max(), ranges.iter().map(|(_, r, _)| r));
                if !missing.is_empty() {
                    let (values, dice) = (describe_values(&missing), dice.to_string());
                    return Err((None, AxisError::Uncovered { what, values, dice }));
                }
            }
            Ok(())
        }
    }
}

/// Whitespace-separated tokens of a line with their byte offsets.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

pub(super) fn build_grid(
    raw: &RawTable,
    r: &Region,
    body: &mut LookupBody,
) -> Result<(), DataError> {
    let g = Grid { r, id: &raw.id };
    let grid = g.text(raw)?;
    let row_index = choice_index(&body.inputs[0]);
    let col_index = body.inputs.get(1).map(choice_index).unwrap_or_default();
    let row_axis = axis_of(&body.inputs[0], &row_index);
    let col_axis = match (body.column_dice, body.inputs.get(1)) {
        (Some(d), _) => Axis::Roll(d),
        (None, Some(i)) => axis_of(i, &col_index),
        (None, None) => Axis::Number,
    };
    let lines: Vec<(usize, &str)> = grid
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let Some((hline, header)) = lines.first() else {
        return Err(r.err(
            r.key_or_top("grid"),
            format!("table '{}': the grid is empty", g.id),
        ));
    };
    let mut head = tokens(header);
    // A first word that is no column key is the corner's label (`FN`).
    if head
        .first()
        .is_some_and(|(_, t)| parse_key(t, col_axis).is_err())
        && head.len() > 1
    {
        head.remove(0);
    }
    let columns = g.columns(*hline, &head, col_axis)?;
    let col_dice: Vec<Option<DiceExpr>> = columns
        .iter()
        .map(|k| match (k, col_axis) {
            (Key::Choice(c), Axis::Choice(cs, _)) => cs.get(*c).and_then(|c| c.dice),
            _ => None,
        })
        .collect();
    let rows = g.rows(body, &lines[1..], &head, &col_dice, row_axis)?;
    if let Some(d) = body.column_dice {
        g.check_outcomes(d, &rows)?;
    }
    body.columns = columns;
    body.rows = rows;
    Ok(())
}

/// A lookup's `grid` being read: where its table stands, for errors.
struct Grid<'a, 'r> {
    r: &'a Region<'r>,
    id: &'a str,
}

impl<'a> Grid<'a, '_> {
    /// The position of byte `offset` of line `line` of the grid.
    fn at(&self, line: usize, offset: usize) -> Pos {
        self.r
            .in_block("grid", line, offset)
            .unwrap_or(self.r.key_or_top("grid"))
    }

    /// The grid's text: a lookup with two inputs (or `column_dice`) has a
    /// `grid` and no `rows`.
    fn text(&self, raw: &'a RawTable) -> Result<&'a str, DataError> {
        let (r, id) = (self.r, self.id);
        if !raw.rows.is_empty() {
            return Err(r.err(
                r.key_or_top("rows"),
                format!(
                    "table '{id}': a lookup with two inputs (or `column_dice`) writes its results as a `grid`, not `rows`"
                ),
            ));
        }
        let Some(grid) = &raw.grid else {
            return Err(r.err(
                r.top(),
                format!(
                    "table '{id}' needs a `grid`: its first line names the columns, each next line starts with its row key"
                ),
            ));
        };
        Ok(grid)
    }

    /// The column keys of the header line `hline`, checked as an axis.
    fn columns(
        &self,
        hline: usize,
        head: &[(usize, &str)],
        col_axis: Axis,
    ) -> Result<Vec<Key>, DataError> {
        let (r, id) = (self.r, self.id);
        let mut columns = Vec::with_capacity(head.len());
        for (off, t) in head {
            let k = parse_key(t, col_axis)
                .map_err(|e| r.err(self.at(hline, *off), format!("table '{id}', column: {e}")))?;
            columns.push(k);
        }
        check_axis(&columns, col_axis, "column").map_err(|(i, e)| {
            let pos = i
                .and_then(|i| head.get(i))
                .map(|(off, _)| self.at(hline, *off))
                .unwrap_or(self.at(hline, 0));
            r.err(pos, format!("table '{id}': {e}"))
        })?;
        Ok(columns)
    }

    /// The rows under the header: a key, then one result per column; the
    /// row keys checked as an axis.
    fn rows(
        &self,
        body: &LookupBody,
        lines: &[(usize, &str)],
        head: &[(usize, &str)],
        col_dice: &[Option<DiceExpr>],
        row_axis: Axis,
    ) -> Result<Vec<LookupRow>, DataError> {
        let (r, id) = (self.r, self.id);
        let mut rows: Vec<LookupRow> = Vec::new();
        let mut row_offsets: Vec<(usize, usize)> = Vec::new();
        // A code means the same in every row of its column: resolve it once.
        let mut resolved: HashMap<(&str, usize), Cell> = HashMap::new();
        for (li, line) in lines {
            let toks = tokens(line);
            let Some(((koff, ktok), cells)) = toks.split_first() else {
                continue;
            };
            let key = parse_key(ktok, row_axis)
                .map_err(|e| r.err(self.at(*li, *koff), format!("table '{id}', row: {e}")))?;
            if cells.len() != col_dice.len() {
                return Err(r.err(
                    self.at(*li, *koff),
                    format!(
                        "table '{id}': row '{ktok}' has {} for {} columns",
                        match cells.len() {
                            1 => "1 result".to_string(),
                            n => format!("{n} results"),
                        },
                        col_dice.len()
                    ),
                ));
            }
            let mut out = Vec::with_capacity(cells.len());
            for (ci, (off, code)) in cells.iter().enumerate() {
                if let Some(cell) = resolved.get(&(*code, ci)) {
                    out.push(cell.clone());
                    continue;
                }
                let cell = body.resolve(code, col_dice[ci]).map_err(|e| {
                    let col = head.get(ci).map(|(_, t)| *t).unwrap_or("?");
                    r.err(
                        self.at(*li, *off),
                        format!("table '{id}', row '{ktok}', column '{col}': {e}"),
                    )
                })?;
                resolved.insert((*code, ci), cell.clone());
                out.push(cell);
            }
            rows.push(LookupRow { key, cells: out });
            row_offsets.push((*li, *koff));
        }
        if rows.is_empty() {
            return Err(r.err(
                r.key_or_top("grid"),
                format!("table '{id}': the grid has its column line but no rows"),
            ));
        }
        let keys: Vec<Key> = rows.iter().map(|r| r.key.clone()).collect();
        check_axis(&keys, row_axis, "row").map_err(|(i, e)| {
            let pos = i
                .and_then(|i| row_offsets.get(i))
                .map(|(li, off)| self.at(*li, *off))
                .unwrap_or(r.key_or_top("grid"));
            r.err(pos, format!("table '{id}': {e}"))
        })?;
        Ok(rows)
    }

    /// Exact odds multiply the column roll's chances by the cells' own:
    /// refused past 2^40 outcomes.
    fn check_outcomes(&self, d: DiceExpr, rows: &[LookupRow]) -> Result<(), DataError> {
        let (r, id) = (self.r, self.id);
        let outcomes = |d: &DiceExpr| u64::from(d.sides).saturating_pow(d.count);
        let cells = rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter_map(|c| match &c.result {
                CellResult::Roll { dice, .. } => Some(outcomes(dice)),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        if outcomes(&d).saturating_mul(cells) > 1 << 40 {
            return Err(r.err(
                r.key_or_top("column_dice"),
                format!(
                    "table '{id}': rolling {d} for the column and then the results' dice gives too many outcomes to compute exact odds"
                ),
            ));
        }
        Ok(())
    }
}

/// Where row `i` of a one-input lookup stands, found only for an error
/// (scanning the text for every row, and counting the same keys before it,
/// was quadratic).
fn lookup_row_pos(raw: &RawTable, r: &Region, measure: bool, i: usize) -> Pos {
    let pos_default = r.key_or_top("rows");
    let Some(row) = raw.rows.get(i) else {
        return pos_default;
    };
    if measure {
        return match row.up_to {
            Some(v) => r
                .key_value("up_to", &format_up_to(v), 0)
                .unwrap_or(pos_default),
            None => pos_default,
        };
    }
    let Ok((field, k)) = row_key(row) else {
        return pos_default;
    };
    let nth = raw.rows[..i]
        .iter()
        .filter(|x| row_key(x).is_ok_and(|(_, kk)| kk.0 == k.0))
        .count();
    r.key_value(field, &k.0, nth).unwrap_or(pos_default)
}

/// A row's one cell: its text, or the legend entry its `result` names
/// with the text as a note.
fn row_cell(body: &LookupBody, row: &RawRow, nested: Vec<DiceExpr>) -> Result<Cell, CellError> {
    Ok(match &row.result {
        Some(code) => Cell {
            code: String::new(),
            result: body.resolve(code, None)?.result,
            note: Some(row.text.0.clone()),
        },
        None => Cell {
            code: String::new(),
            result: CellResult::Text {
                text: row.text.0.clone(),
                nested,
            },
            note: None,
        },
    })
}

pub(super) fn build_rows(
    raw: &RawTable,
    r: &Region,
    body: &mut LookupBody,
) -> Result<(), DataError> {
    let id = &raw.id;
    if raw.grid.is_some() {
        return Err(r.err(
            r.key_or_top("grid"),
            format!("table '{id}': a one-input lookup lists `rows`; a `grid` is for two inputs or `column_dice`"),
        ));
    }
    if raw.rows.is_empty() {
        return Err(r.err(
            r.key_or_top("rows"),
            format!("table '{id}' needs at least one row"),
        ));
    }
    let input = body.inputs[0].clone();
    let measure = matches!(input.kind, InputKind::Measure);
    let index = choice_index(&input);
    let axis = axis_of(&input, &index);
    let row_at = |i: usize| lookup_row_pos(raw, r, measure, i);
    let mut rows: Vec<LookupRow> = Vec::with_capacity(raw.rows.len());
    let mut last_up_to: Option<f64> = None;
    for (i, row) in raw.rows.iter().enumerate() {
        let pos_default = || r.key_or_top("rows");
        let pos = || row_at(i);
        let key = if measure {
            if row.range.is_some() || row.key.is_some() {
                return Err(r.err(
                    pos_default(),
                    format!("table '{id}': the rows of a measure are keyed by `up_to`, not `key`"),
                ));
            }
            let is_last = i + 1 == raw.rows.len();
            match row.up_to {
                None if !is_last => {
                    return Err(r.err(
                        pos(),
                        format!(
                            "table '{id}': only the last row may go on without `up_to` (beyond)"
                        ),
                    ));
                }
                Some(v) if !v.is_finite() || last_up_to.is_some_and(|p| v <= p) => {
                    return Err(r.err(
                        pos(),
                        format!("table '{id}': `up_to` {v} must be above the row before"),
                    ));
                }
                _ => {}
            }
            last_up_to = row.up_to;
            Key::UpTo(row.up_to)
        } else {
            if row.up_to.is_some() {
                return Err(r.err(
                    pos_default(),
                    format!("table '{id}': `up_to` is for an input with `measure: true`"),
                ));
            }
            let (_, k) =
                row_key(row).map_err(|e| r.err(pos_default(), format!("table '{id}': {e}")))?;
            parse_key(&k.0, axis).map_err(|e| r.err(pos(), format!("table '{id}', row: {e}")))?
        };
        if row.then.is_some() {
            return Err(r.err(
                pos(),
                format!("table '{id}': `then` belongs to roll tables"),
            ));
        }
        let nested =
            check_nested(&row.text.0).map_err(|e| r.err(pos(), format!("table '{id}': {e}")))?;
        let cell = row_cell(body, row, nested)
            .map_err(|e| r.err(pos(), format!("table '{id}', `result`: {e}")))?;
        rows.push(LookupRow {
            key,
            cells: vec![cell],
        });
    }
    if !measure {
        let keys: Vec<Key> = rows.iter().map(|r| r.key.clone()).collect();
        check_axis(&keys, axis, "row").map_err(|(i, e)| {
            let pos = i.map_or_else(|| r.key_or_top("rows"), row_at);
            r.err(pos, format!("table '{id}': {e}"))
        })?;
    }
    body.rows = rows;
    Ok(())
}

/// `5` for 5.0, `7.5` for 7.5: as YAML writes the number.
fn format_up_to(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        v.to_string()
    }
}
