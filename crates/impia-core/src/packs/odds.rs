//! The exact odds of pack tables, before rolling: each row of a roll table
//! from the distribution of its dice (a convolution, `DiceExpr::dist`, the
//! ways summed over one denominator), each outcome of a lookup from the
//! cell the inputs cross and the roll it asks for.

use serde::Serialize;

use super::cell::{Cell, CellResult};
use super::error::ReadError;
use super::input::InputValue;
use super::{Body, LookupBody, OutOfRange, PackTable, RollBody};
use crate::odds::{Odds, Prob};
use crate::text::Text;

impl RollBody {
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

impl LookupBody {
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

/// The exact chance of one outcome of a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeOdds {
    /// The row's range (roll tables) or the outcome's id (lookups); empty
    /// for a plain result.
    pub key: String,
    pub name: Text,
    pub odds: Odds,
}

impl PackTable {
    /// The exact chance of every outcome before rolling: each row of a roll
    /// table (and "no row" when omitted totals can come up), or each outcome
    /// of a lookup for the inputs given.
    pub fn odds(
        &self,
        modifier: i32,
        values: &[InputValue],
    ) -> Result<Vec<OutcomeOdds>, ReadError> {
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
                    _ => return Err(ReadError::NothingToRead),
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
}
