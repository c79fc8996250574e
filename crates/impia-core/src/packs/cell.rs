//! What a lookup result says: an outcome (destroyed, missed), a roll to make
//! (`5+` on the column's dice, `11+ 2d6`), or a plain text (`2 Po`).

use crate::dice_expr::DiceExpr;
use crate::text::{Lang, Text};

use super::error::CellError;
use super::{LookupBody, Outcome};

/// One result of a lookup table, as printed and as meant.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The code as printed in the grid (`3`, `D`, `11`); empty for a row of
    /// a one-input lookup.
    pub code: String,
    pub result: CellResult,
    /// A footnote (`*`) printed with the result.
    pub note: Option<Text>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CellResult {
    /// Certain: an index into the table's outcomes.
    Outcome(usize),
    /// A roll to make: success at `at_least` or more on `dice` (plus modifiers).
    Roll { dice: DiceExpr, at_least: i32 },
    /// A plain result; dice in it are rolled and shown with it.
    Text { text: Text, nested: Vec<DiceExpr> },
}

/// Parse a result expression: an outcome id, `N+` (on `default_dice`, the
/// column's) or `N+ XdY`.
pub fn parse_expr(
    s: &str,
    outcomes: &[Outcome],
    default_dice: Option<DiceExpr>,
) -> Result<CellResult, CellError> {
    let tokens: Vec<&str> = s.split_whitespace().collect();
    let known = || {
        outcomes
            .iter()
            .map(|o| o.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match tokens.as_slice() {
        [one] if outcomes.iter().any(|o| o.id == *one) => Ok(CellResult::Outcome(
            outcomes.iter().position(|o| o.id == *one).unwrap_or(0),
        )),
        [n, rest @ ..] if n.ends_with('+') && rest.len() <= 1 => {
            let at_least: i32 = n[..n.len() - 1]
                .parse()
                .map_err(|_| CellError::NotNumberPlus {
                    expr: s.to_string(),
                    n: n.to_string(),
                })?;
            let dice = match rest.first() {
                Some(d) => d.parse::<DiceExpr>().map_err(CellError::Dice)?,
                None => default_dice.ok_or_else(|| CellError::NoDice {
                    expr: s.to_string(),
                    n: n.to_string(),
                })?,
            };
            Ok(CellResult::Roll { dice, at_least })
        }
        _ => Err(CellError::NotAResult {
            expr: s.to_string(),
            known: known(),
        }),
    }
}

/// A code of the legend and what it stands for. The code `#` stands for any
/// number not listed, written `#` in what it means (`"#": "#+ 1d6"`).
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    pub code: String,
    /// A result expression (`destroyed`, `11+ 2d6`).
    pub is: Option<String>,
    /// A plain result (`# Po`).
    pub text: Option<Text>,
    pub note: Option<Text>,
}

impl LegendEntry {
    /// The cell this entry makes for `code`, with `#` replaced by `number`.
    pub fn cell(
        &self,
        code: &str,
        number: Option<&str>,
        outcomes: &[Outcome],
        column_dice: Option<DiceExpr>,
    ) -> Result<Cell, CellError> {
        let sub = |s: &str| match number {
            Some(n) => s.replace('#', n),
            None => s.to_string(),
        };
        let result = match (&self.is, &self.text) {
            (Some(is), _) => parse_expr(&sub(is), outcomes, column_dice)?,
            (None, Some(t)) => {
                let text = Text::new(sub(&t.es), sub(&t.en));
                let nested = super::load::check_nested(&text)?;
                CellResult::Text { text, nested }
            }
            (None, None) => return Err(CellError::SaysNothing),
        };
        Ok(Cell {
            code: code.to_string(),
            result,
            note: self.note.clone(),
        })
    }
}

impl LookupBody {
    /// What a code of the grid means: the legend's entry, the legend's `#`
    /// entry for a number, or the code read as a result expression.
    pub fn resolve(&self, code: &str, column_dice: Option<DiceExpr>) -> Result<Cell, CellError> {
        if let Some(e) = self.legend.iter().find(|e| e.code == code) {
            return e.cell(code, None, &self.outcomes, column_dice);
        }
        if code.parse::<i64>().is_ok()
            && let Some(e) = self.legend.iter().find(|e| e.code == "#")
        {
            return e.cell(code, Some(code), &self.outcomes, column_dice);
        }
        let result = parse_expr(code, &self.outcomes, column_dice)?;
        Ok(Cell {
            code: code.to_string(),
            result,
            note: None,
        })
    }

    /// The legend as lines to print: `D: Destroyed`, `#: Hit on #+ with 1d6`.
    pub fn legend_lines(&self, l: Lang) -> Vec<(String, String)> {
        self.legend
            .iter()
            .map(|e| {
                let stand_in = "7777";
                let number = (e.code == "#").then_some(stand_in);
                // `N+` with no dice of its own rolls the column's.
                let column_dice = e.cell(&e.code, number, &self.outcomes, None).is_err();
                let probe = "1d6".parse::<DiceExpr>().ok();
                let text = e
                    .cell(&e.code, number, &self.outcomes, probe)
                    .map(|c| match (&c.result, column_dice) {
                        (CellResult::Roll { at_least, .. }, true) => format!(
                            "{} {} {at_least}+ {}",
                            self.outcomes
                                .get(self.success)
                                .map(|o| o.name.get(l))
                                .unwrap_or(""),
                            l.pick("con", "on"),
                            l.pick("con los dados de la columna", "with the column's dice")
                        ),
                        _ => {
                            let mut c = c;
                            c.note = None;
                            c.describe(self, l)
                        }
                    })
                    .map(|s| s.replace(stand_in, "#"))
                    .unwrap_or_default();
                let text = match &e.note {
                    Some(n) => format!("{text} — {}", n.get(l)),
                    None => text,
                };
                (e.code.clone(), text)
            })
            .collect()
    }
}

impl Cell {
    /// The result in words: `Hit on 3+ with 1d6`, `Destroyed`, `2 Po`.
    pub fn describe(&self, lk: &LookupBody, l: Lang) -> String {
        let mut s = match &self.result {
            CellResult::Outcome(i) => lk
                .outcomes
                .get(*i)
                .map(|o| o.name.get(l).to_string())
                .unwrap_or_default(),
            CellResult::Roll { dice, at_least } => {
                let success = lk
                    .outcomes
                    .get(lk.success)
                    .map(|o| o.name.get(l))
                    .unwrap_or("");
                format!(
                    "{success} {} {at_least}+ {} {dice}",
                    l.pick("con", "on"),
                    l.pick("en", "with")
                )
            }
            CellResult::Text { text, .. } => text.get(l).to_string(),
        };
        if let Some(n) = &self.note {
            s.push_str(&format!(" ({})", n.get(l)));
        }
        s
    }

    /// The code as a grid shows it: the printed code, or the result itself.
    pub fn short(&self, lk: &LookupBody, l: Lang) -> String {
        if self.code.is_empty() {
            self.describe(lk, l)
        } else {
            self.code.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcomes() -> Vec<Outcome> {
        ["destroyed", "hit", "missed"]
            .iter()
            .map(|id| Outcome {
                id: id.to_string(),
                name: Text::new(*id, *id),
            })
            .collect()
    }

    #[test]
    fn parses_outcomes_and_rolls() {
        let d6: DiceExpr = "1d6".parse().unwrap();
        let d2d6: DiceExpr = "2d6".parse().unwrap();
        assert_eq!(
            parse_expr("missed", &outcomes(), None),
            Ok(CellResult::Outcome(2))
        );
        assert_eq!(
            parse_expr("5+", &outcomes(), Some(d6)),
            Ok(CellResult::Roll {
                dice: d6,
                at_least: 5
            })
        );
        assert_eq!(
            parse_expr("11+ 2d6", &outcomes(), Some(d6)),
            Ok(CellResult::Roll {
                dice: d2d6,
                at_least: 11
            })
        );
        assert!(parse_expr("5+", &outcomes(), None).is_err());
        assert!(parse_expr("11+ 2x6", &outcomes(), None).is_err());
        assert!(parse_expr("dead", &outcomes(), None).is_err());
    }
}
