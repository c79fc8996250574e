//! What goes wrong with a pack's table, typed: a value a player typed for an
//! input ([`InputError`]), reading or rolling a table ([`ReadError`]), and
//! the parts the loader checks — a row's key ([`KeyError`]), a cell of a
//! lookup ([`CellError`]), the keys of an axis ([`AxisError`]) and the dice
//! written in a text ([`NestedError`]).
//! The loader wraps the last three in a `DataError` with the file, line and
//! column. The words are the messages the CLI and the app show.
//!
//! Dice expressions and ranges are parsed by `DiceExpr` and `RowRange`,
//! whose errors (`DiceExprError`, `RangeError`) are carried as they are.

use thiserror::Error;

use crate::dice_expr::DiceExprError;
use crate::tables::range::RangeError;

/// A value typed for an input of a lookup that the input does not take.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    #[error("{name} ({id}): '{text}' is not a whole number")]
    NotWhole {
        name: String,
        id: String,
        text: String,
    },
    #[error("{name} ({id}): '{text}' is not a number")]
    NotNumber {
        name: String,
        id: String,
        text: String,
    },
    #[error("{name} ({id}): '{text}' must be 0 or more")]
    Negative {
        name: String,
        id: String,
        text: String,
    },
    #[error("{name} ({id}): '{text}' is not one of {choices}")]
    NotAChoice {
        name: String,
        id: String,
        text: String,
        /// The choice ids, comma separated.
        choices: String,
    },
    #[error("{id} must be at least {min}, not {value}")]
    BelowMin { id: String, min: i32, value: i32 },
    #[error("{id} must be at most {max}, not {value}")]
    AboveMax { id: String, max: i32, value: i32 },
}

/// Reading a lookup or rolling a table failed: inputs outside the table, or
/// a pack built in code that skipped the loader's checks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadError {
    #[error("the table needs {count}: {ids}")]
    InputCount { count: usize, ids: String },
    #[error("{what} is outside the table (printed: {printed})")]
    OutsidePrinted { what: String, printed: String },
    #[error("{what} is outside the table")]
    Outside { what: String },
    #[error("the ratio rule needs two numbers")]
    RatioNeedsNumbers,
    #[error("{a} and {b} must be above 0 to divide them")]
    RatioNotPositive { a: String, b: String },
    #[error("the ratio rule's `from` {from} is out of range")]
    RatioFrom { from: i32 },
    #[error("table '{table}' sends to '{next}', past {max} `then` links")]
    ChainTooLong {
        table: String,
        next: String,
        max: usize,
    },
    #[error("no table '{table}' in pack '{pack}'")]
    NoTable { table: String, pack: String },
    #[error("no column for {total}")]
    NoColumn { total: i32 },
    #[error("the grid has no such cell")]
    NoCell,
    #[error("nothing to read for these inputs")]
    NothingToRead,
    #[error(transparent)]
    Cell(#[from] CellError),
}

/// A row's key (`range` or `key`) that is missing, doubled or not a key of
/// its axis.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeyError {
    #[error("a row has `range` or `key`, not both")]
    Both,
    #[error("a row needs its `range` (7, \"2-5\", \"14+\")")]
    Missing,
    #[error(transparent)]
    Range(#[from] RangeError),
    #[error("'{token}' is not one of the choices ({choices})")]
    NotAChoice { token: String, choices: String },
}

/// The keys of an axis of a lookup (`what`: "row" or "column") that do not
/// cover it once: a choice twice or never, ranges that overlap or leave a
/// gap, rolled columns that miss a total of their dice.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AxisError {
    #[error("the choice '{choice}' has two {what}s")]
    ChoiceTwice { what: &'static str, choice: String },
    #[error("no {what} for the choice '{choice}'")]
    NoChoice { what: &'static str, choice: String },
    #[error("{what} '{label}' overlaps {what} '{other}'")]
    Overlap {
        what: &'static str,
        label: String,
        other: String,
    },
    #[error("no {what} for {values}: the printed keys must follow one another")]
    Gap { what: &'static str, values: String },
    #[error("no {what} for {values} (the columns are rolled with {dice})")]
    Uncovered {
        what: &'static str,
        values: String,
        dice: String,
    },
}

/// A code of a lookup's grid, or a legend entry, that is not a result.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CellError {
    #[error("'{expr}': '{n}' is not a number followed by '+'")]
    NotNumberPlus { expr: String, n: String },
    #[error(transparent)]
    Dice(#[from] DiceExprError),
    #[error(
        "'{expr}' does not say which dice to roll: write '{n} 1d6', or give the column its `dice`"
    )]
    NoDice { expr: String, n: String },
    #[error(
        "'{expr}' is not a result: expected an outcome ({known}), a roll to make ('5+', '11+ 2d6') or a code of the legend"
    )]
    NotAResult { expr: String, known: String },
    #[error("the legend entry says nothing")]
    SaysNothing,
    #[error(transparent)]
    Nested(#[from] NestedError),
}

/// The dice written in a text (`+1d4 IL`) that do not parse, or that differ
/// between the two languages.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NestedError {
    #[error("the dice '{written}' in its text: {detail}")]
    BadDice {
        written: String,
        detail: DiceExprError,
    },
    #[error(
        "the Spanish text rolls {es} but the English text rolls {en}: both must roll the same dice"
    )]
    Languages { es: String, en: String },
}
