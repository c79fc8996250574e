//! The check kit every table kind shares: ids, a row's key, row ranges,
//! nested dice in a result, and where a row stands in the text. Roll,
//! grid and lookup checks use it; it uses none of them.

use super::RollRow;
use super::error::{KeyError, NestedError};
use super::format::{KeyText, RawRow};
use super::locate::Region;
use super::nested;
use crate::dice_expr::DiceExpr;
use crate::error::Pos;
use crate::tables::RowRange;
use crate::text::Text;

pub(super) const ID_RULE: &str = "lowercase letters, digits, '_' and '-'";

pub(super) fn valid_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

/// Where a row stands: its `range:`/`key:` line (the nth with that label).
pub(super) fn row_pos(r: &Region, field: &str, before: &[RollRow], label: &str) -> Pos {
    let nth = before.iter().filter(|x| x.label == label).count();
    r.key_value(field, label, nth)
        .or_else(|| r.key_value(other_field(field), label, nth))
        .unwrap_or_else(|| r.key_or_top("rows"))
}

fn other_field(f: &str) -> &'static str {
    if f == "range" { "key" } else { "range" }
}

/// A row's key and the field it was written under.
pub(super) fn row_key(row: &RawRow) -> Result<(&'static str, &KeyText), KeyError> {
    match (&row.range, &row.key) {
        (Some(k), None) => Ok(("range", k)),
        (None, Some(k)) => Ok(("key", k)),
        (Some(_), Some(_)) => Err(KeyError::Both),
        (None, None) => Err(KeyError::Missing),
    }
}

/// A range as printed; on a d100 table `00` reads as 100 (`81-00`).
pub fn parse_range(s: &str, d100: bool) -> Result<RowRange, KeyError> {
    let t = s.trim();
    let parse = |s: &str| s.parse::<RowRange>().map_err(KeyError::Range);
    if !d100 {
        return parse(t);
    }
    let fix = |p: &str| {
        let p = p.trim();
        if !p.is_empty() && p.chars().all(|c| c == '0') {
            "100".to_string()
        } else {
            p.to_string()
        }
    };
    if let Some(lo) = t.strip_suffix('+') {
        return parse(&format!("{}+", fix(lo)));
    }
    if let Some(i) = t.get(1..).and_then(|rest| rest.find('-')).map(|i| i + 1) {
        return parse(&format!("{}-{}", fix(&t[..i]), fix(&t[i + 1..])));
    }
    parse(&fix(t))
}

/// The dice written in a text, checked: each parses, and both languages
/// roll the same dice.
pub fn check_nested(text: &Text) -> Result<Vec<DiceExpr>, NestedError> {
    let es = nested::find(&text.es);
    let en = nested::find(&text.en);
    for f in es.iter().chain(&en) {
        if let Err(e) = &f.expr {
            return Err(NestedError::BadDice {
                written: f.written.clone(),
                detail: e.clone(),
            });
        }
    }
    let exprs = |fs: &[nested::Found]| -> Vec<DiceExpr> {
        fs.iter().filter_map(|f| f.expr.clone().ok()).collect()
    };
    let (a, b) = (exprs(&es), exprs(&en));
    if a != b {
        let list = |v: &[DiceExpr]| {
            if v.is_empty() {
                "nothing".to_string()
            } else {
                v.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        return Err(NestedError::Languages {
            es: list(&a),
            en: list(&b),
        });
    }
    Ok(a)
}
