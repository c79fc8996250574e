//! The JSON shapes of `impia table show` (a lookup) and `impia table roll`.

use serde::Serialize;

use super::given_inputs;
use super::kind;
use crate::core::odds::Odds;
use crate::core::packs::error::ReadError;
use crate::core::packs::nested;
use crate::core::packs::roll::{Check, DiceRoll, GivenInput, InputValue, TableRoll, key_text};
use crate::core::packs::{CellResult, InputKind, LookupBody, OutOfRange, Pack, PackTable};
use crate::core::text::Lang;

#[derive(Serialize)]
struct InputOut {
    id: String,
    name: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<i32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    choices: Vec<String>,
}

#[derive(Serialize)]
struct RowOut {
    key: String,
    cells: Vec<String>,
}

#[derive(Serialize)]
pub(super) struct LookupOut {
    id: String,
    pack: String,
    name: String,
    kind: &'static str,
    rule: Option<String>,
    inputs: Vec<InputOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_dice: Option<String>,
    modifiers: Vec<String>,
    columns: Vec<String>,
    rows: Vec<RowOut>,
    legend: Vec<(String, String)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    out_of_range: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<LookupResult>,
}

impl LookupOut {
    pub(super) fn new(
        pack: &Pack,
        t: &PackTable,
        lk: &LookupBody,
        _modifier: i32,
        result: Option<LookupResult>,
        l: Lang,
    ) -> LookupOut {
        let rule = match &lk.out_of_range {
            OutOfRange::Refuse => None,
            OutOfRange::Nearest => Some("nearest".to_string()),
            OutOfRange::Ratio(r) => Some(
                r.text
                    .as_ref()
                    .map(|t| t.get(l).to_string())
                    .unwrap_or_else(|| "ratio".into()),
            ),
        };
        LookupOut {
            id: t.id.clone(),
            pack: pack.id.clone(),
            name: t.name.get(l).to_string(),
            kind: kind(t),
            rule: t.rule.clone(),
            inputs: lk
                .inputs
                .iter()
                .map(|i| {
                    let (kind, min, max, choices) = match &i.kind {
                        InputKind::Number { min, max } => ("number", *min, *max, Vec::new()),
                        InputKind::Measure => ("measure", None, None, Vec::new()),
                        InputKind::Choice(cs) => (
                            "choice",
                            None,
                            None,
                            cs.iter().map(|c| c.id.clone()).collect(),
                        ),
                    };
                    InputOut {
                        id: i.id.clone(),
                        name: i.name.get(l).to_string(),
                        kind,
                        min,
                        max,
                        choices,
                    }
                })
                .collect(),
            column_dice: lk.column_dice.map(|d| d.to_string()),
            modifiers: t.modifiers.iter().map(|m| m.id.clone()).collect(),
            columns: lk
                .columns
                .iter()
                .map(|c| key_text(c, lk.inputs.get(1).unwrap_or(&lk.inputs[0])))
                .collect(),
            rows: lk
                .rows
                .iter()
                .map(|r| RowOut {
                    key: key_text(&r.key, &lk.inputs[0]),
                    cells: r
                        .cells
                        .iter()
                        .map(|c| match (&c.result, c.code.is_empty()) {
                            (CellResult::Text { text, .. }, true) => text.get(l).to_string(),
                            _ => c.short(lk, l),
                        })
                        .collect(),
                })
                .collect(),
            legend: lk.legend_lines(l),
            out_of_range: rule,
            result,
        }
    }
}

/// A roll as JSON: the table's dice (`dice`, `rolled`, `modifier`,
/// `total`), the row (`row`, `range`, `text`), and for lookups the inputs,
/// the cell and the roll it asked for; nested dice and the next table.
#[derive(Serialize)]
pub(super) struct RollOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    table: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    inputs: Vec<GivenInput>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rolled: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    modifier: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<i32>,
    row: Option<usize>,
    range: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<Check>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    nested: Vec<nested::NestedRoll>,
    #[serde(skip_serializing_if = "Option::is_none")]
    then: Option<Box<RollOut>>,
}

impl RollOut {
    pub(super) fn new(r: &TableRoll, seed: u64, l: Lang) -> RollOut {
        let mut out = RollOut::inner(r, l);
        out.seed = Some(seed);
        out
    }

    fn inner(r: &TableRoll, l: Lang) -> RollOut {
        let roll: Option<&DiceRoll> = r.roll.as_ref();
        RollOut {
            seed: None,
            table: r.table.clone(),
            inputs: r.inputs.clone(),
            dice: roll.map(|d| d.dice.clone()),
            rolled: roll.map(|d| d.rolled.clone()),
            modifier: roll.map(|d| d.modifier),
            total: roll.map(|d| d.total),
            row: r.row,
            range: r.key.clone(),
            cell: r.cell.clone(),
            check: r.check.clone(),
            outcome: r.outcome.clone(),
            text: r.text.get(l).to_string(),
            note: r.note.as_ref().map(|n| n.get(l).to_string()),
            nested: r.nested.clone(),
            then: r.then.as_ref().map(|t| Box::new(RollOut::inner(t, l))),
        }
    }
}

#[derive(Serialize)]
pub(super) struct OddsLine {
    pub(super) key: String,
    pub(super) text: String,
    pub(super) odds: Odds,
}

/// The result the inputs cross, and the chance of each outcome.
#[derive(Serialize)]
pub(super) struct LookupResult {
    inputs: Vec<GivenInput>,
    cell: Option<String>,
    pub(super) text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    pub(super) odds: Vec<OddsLine>,
}

pub(super) fn lookup_result(
    t: &PackTable,
    lk: &LookupBody,
    modifier: i32,
    values: &[InputValue],
    l: Lang,
) -> Result<LookupResult, ReadError> {
    let at = lk.locate(values)?;
    let list = t.odds(modifier, values)?;
    let text = match &at.cell {
        Some(c) => c.describe(lk, l),
        None => l
            .pick("se tira para la columna", "the column is rolled")
            .to_string(),
    };
    Ok(LookupResult {
        inputs: given_inputs(t, values),
        cell: at
            .cell
            .as_ref()
            .map(|c| c.code.clone())
            .filter(|c| !c.is_empty()),
        text,
        note: at.note.map(|n| n.get(l).to_string()),
        odds: list
            .into_iter()
            .map(|o| OddsLine {
                key: o.key,
                text: o.name.get(l).to_string(),
                odds: o.odds,
            })
            .collect(),
    })
}
