//! Nested dice: dice written inside a row's text (`+1d4 IL`, `-2d6Po`,
//! `1d10 turnos`), rolled when the row comes up and shown with it.

use std::ops::Range;

use crate::dice::Roller;
use crate::dice_expr::{DiceExpr, DiceExprError};
use serde::Serialize;

/// A dice expression as it stands in a text: where, and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Byte range in the text.
    pub span: Range<usize>,
    /// The expression as written (`1d4`, `2d6`, `1d6-2`).
    pub written: String,
    /// The parsed expression, or why it does not parse (`1d1`, `50d6`).
    pub expr: Result<DiceExpr, DiceExprError>,
}

/// Every dice expression in `text`: an optional count, `d` and the sides,
/// and an optional `+N`/`-N` bonus right after the sides, standing apart
/// from the letters and digits around it (`+1d4 IL`, `(-1d10Po`, `d6`).
/// A word such as `d6x` still counts; a word such as `and6` does not.
pub fn find(text: &str) -> Vec<Found> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        // A candidate starts at a digit run or at the `d` itself.
        let starts_word = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.');
        if !starts_word {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j >= b.len() || b[j] != b'd' {
            i = j.max(i + 1);
            continue;
        }
        let mut k = j + 1;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        if k == j + 1 {
            // `d` without sides: a word such as "de".
            i = k;
            continue;
        }
        // A bonus: +N or -N right after the sides, ending the number.
        let mut end = k;
        if k + 1 < b.len() && (b[k] == b'+' || b[k] == b'-') && b[k + 1].is_ascii_digit() {
            let mut m = k + 1;
            while m < b.len() && b[m].is_ascii_digit() {
                m += 1;
            }
            end = m;
        }
        let written = &text[i..end];
        out.push(Found {
            span: i..end,
            written: written.to_string(),
            expr: written.parse::<DiceExpr>(),
        });
        i = end;
    }
    out
}

/// A nested roll as it fell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NestedRoll {
    /// As written in the text.
    pub dice: String,
    pub rolled: Vec<u32>,
    pub total: i32,
}

/// Roll every nested expression of a row (already checked on load).
pub fn roll_all(exprs: &[DiceExpr], roller: &mut Roller) -> Vec<NestedRoll> {
    exprs
        .iter()
        .map(|e| {
            let (rolled, total) = e.roll(roller);
            NestedRoll {
                dice: e.to_string(),
                rolled,
                total,
            }
        })
        .collect()
}

/// The text with each nested expression followed by what it rolled:
/// `+1d4 IL` → `+1d4 [3] IL`.
pub fn annotate(text: &str, rolls: &[NestedRoll]) -> String {
    let mut out = String::with_capacity(text.len() + rolls.len() * 6);
    let mut last = 0;
    let found = find(text);
    for (f, r) in found.iter().zip(rolls) {
        out.push_str(&text[last..f.span.end]);
        out.push_str(&format!(" [{}]", r.total));
        last = f.span.end;
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> Vec<String> {
        find(text).into_iter().map(|f| f.written).collect()
    }

    #[test]
    fn finds_dice_in_running_text() {
        assert_eq!(written("Voluntarios (+1d4 IL gratuitas)."), ["1d4"]);
        assert_eq!(written("(-1d10Po si no es aplicable)"), ["1d10"]);
        assert_eq!(written("(-2d6Po y suceso especial)."), ["2d6"]);
        assert_eq!(written("(1d6: 1-2, minera; 3-4, forestal)"), ["1d6"]);
        assert_eq!(written("tira 1d6-2 para principiantes"), ["1d6-2"]);
        assert_eq!(written("roll a d6 then 2d6"), ["d6", "2d6"]);
        assert!(written("de la ciudad, E3, 3PM/T, nivel 5d").is_empty());
        assert!(written("and6 x3d6").is_empty());
    }

    #[test]
    fn a_nested_expression_that_does_not_parse_is_reported() {
        let f = find("pierde 1d1 Po");
        assert_eq!(f.len(), 1);
        assert!(f[0].expr.is_err());
    }

    #[test]
    fn annotate_puts_each_result_after_its_dice() {
        let rolls = vec![NestedRoll {
            dice: "1d4".into(),
            rolled: vec![3],
            total: 3,
        }];
        assert_eq!(annotate("(+1d4 IL)", &rolls), "(+1d4 [3] IL)");
    }
}
