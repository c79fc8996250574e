//! Rolling a die-range table (R38 spell backlash, R39 dark forces) and the
//! exact chance of each of its rows.

use serde::Serialize;

use crate::dice::Roller;
use crate::dice_expr::{DiceExpr, DiceExprError};
use crate::odds::{Odds, Prob};
use crate::tables::{RollTable, RowRange};

/// A table's dice that do not parse: only a table built by hand, since the
/// loader checks them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(transparent)]
pub struct BadDice(#[from] pub DiceExprError);

/// A table roll as it fell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableRoll {
    pub table: String,
    pub dice: String,
    pub rolled: Vec<u32>,
    pub modifier: i32,
    pub total: i32,
    /// Index into the table's rows.
    pub row: usize,
}

impl RollTable {
    /// The parsed dice; tables are checked on load, so this only fails for a
    /// table built by hand.
    pub fn dice_expr(&self) -> Result<DiceExpr, DiceExprError> {
        self.dice.parse()
    }

    fn ranges(&self) -> Vec<Option<RowRange>> {
        self.rows.iter().map(|r| r.range.parse().ok()).collect()
    }

    /// The row a total falls in. A total below every row (a negative
    /// modifier) reads the lowest row and one above every row the highest:
    /// the table's extremes stand for "or less" and "or more".
    pub fn row_for(&self, total: i32) -> usize {
        let ranges = self.ranges();
        if let Some(i) = ranges
            .iter()
            .position(|r| r.is_some_and(|r| r.contains(total)))
        {
            return i;
        }
        let lowest = ranges
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.map(|r| (i, r)))
            .min_by_key(|(_, r)| r.lo);
        let highest = ranges
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.map(|r| (i, r)))
            .max_by_key(|(_, r)| r.hi.unwrap_or(i32::MAX));
        match (lowest, highest) {
            (Some((li, lr)), _) if total < lr.lo => li,
            (_, Some((hi, _))) => hi,
            _ => 0,
        }
    }

    /// Roll the table's dice, add `modifier`, and find the row.
    pub fn roll(&self, roller: &mut Roller, modifier: i32) -> Result<TableRoll, BadDice> {
        let expr = self.dice_expr().map_err(BadDice)?;
        let (rolled, total) = expr.roll(roller);
        let total = total + modifier;
        Ok(TableRoll {
            table: self.id.clone(),
            dice: expr.to_string(),
            rolled,
            modifier,
            total,
            row: self.row_for(total),
        })
    }

    /// The exact chance of every row, with `modifier` added to the roll.
    pub fn row_odds(&self, modifier: i32) -> Result<Vec<Odds>, BadDice> {
        let dist = self.dice_expr().map_err(BadDice)?.dist().shifted(modifier);
        let mut odds = vec![Prob::from_integer(0); self.rows.len()];
        for (v, p) in dist.points() {
            let i = self.row_for(v);
            odds[i] += p;
        }
        Ok(odds.into_iter().map(Odds).collect())
    }
}
