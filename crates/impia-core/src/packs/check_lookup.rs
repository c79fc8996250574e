//! Checks of lookup tables: inputs, outcomes, legend, out-of-range rule.
//! Linear in what the table lists; error positions are looked up in the
//! text only when there is an error.

use std::collections::HashSet;

use super::check_grid::{build_grid, build_rows};
use super::check_kit::{ID_RULE, valid_id};
use super::format::{KeyText, PText, RawChoice, RawTable};
use super::locate::Region;
use super::{
    Cell, Choice, Input, InputKind, LegendEntry, LookupBody, Modifier, OutOfRange, Outcome,
    RatioRule,
};
use crate::dice_expr::{DiceExpr, DiceExprError};
use crate::error::{DataError, Pos};
use crate::text::Text;

pub(super) fn build_lookup(
    raw: &RawTable,
    r: &Region,
    modifiers: &[Modifier],
) -> Result<LookupBody, DataError> {
    check_lookup_fields(raw, r)?;
    let inputs = build_inputs(raw, r)?;
    let column_dice = build_column_dice(raw, r, &inputs)?;
    let (outcomes, success, failure) = build_outcomes(raw, r)?;
    let legend = build_legend(raw, r, &outcomes)?;
    let mut body = LookupBody {
        inputs,
        column_dice,
        columns: Vec::new(),
        rows: Vec::new(),
        outcomes,
        success,
        failure,
        out_of_range: OutOfRange::Refuse,
        legend,
    };
    if body.inputs.len() == 2 || body.column_dice.is_some() {
        build_grid(raw, r, &mut body)?;
    } else {
        build_rows(raw, r, &mut body)?;
    }
    body.out_of_range = build_out_of_range(raw, r, &body)?;
    check_only(raw, r, &body, modifiers)?;
    Ok(body)
}

/// An error of table `raw` at its field `key`.
fn fail(raw: &RawTable, r: &Region, key: &str, msg: String) -> DataError {
    let id = &raw.id;
    r.err(r.key_or_top(key), format!("table '{id}': {msg}"))
}

/// The fields of roll tables are not a lookup's; it crosses one or two
/// inputs.
fn check_lookup_fields(raw: &RawTable, r: &Region) -> Result<(), DataError> {
    if raw.dice.is_some() {
        return Err(fail(
            raw,
            r,
            "dice",
            "a lookup table has no `dice`: its results say what to roll (`5+ 1d6`), or `column_dice` rolls for the column".into(),
        ));
    }
    if !raw.omit.is_empty() {
        return Err(fail(raw, r, "omit", "`omit` belongs to roll tables".into()));
    }
    if raw.inputs.len() > 2 {
        return Err(fail(
            raw,
            r,
            "inputs",
            format!(
                "a lookup table crosses one or two inputs, not {}",
                raw.inputs.len()
            ),
        ));
    }
    Ok(())
}

/// The inputs, each with a valid id of its own.
fn build_inputs(raw: &RawTable, r: &Region) -> Result<Vec<Input>, DataError> {
    let id = &raw.id;
    let mut inputs: Vec<Input> = Vec::new();
    for ri in &raw.inputs {
        // Positions are looked up only for an error (see `check_roll`).
        let pos = || {
            r.key_value("id", &ri.id, 0)
                .unwrap_or_else(|| r.key_or_top("inputs"))
        };
        let err = |msg: String| r.err(pos(), format!("table '{id}', input '{}': {msg}", ri.id));
        if !valid_id(&ri.id) {
            return Err(err(format!("not an id: use {ID_RULE}")));
        }
        if inputs.iter().any(|i| i.id == ri.id) {
            return Err(err("the table has two inputs with this id".into()));
        }
        let numeric = ri.min.is_some() || ri.max.is_some();
        let kind = match &ri.choices {
            Some(_) if ri.measure || numeric => {
                return Err(err(
                    "an input has `choices`, or `measure: true`, or is a number with `min`/`max` — one of them".into(),
                ));
            }
            Some(cs) => {
                if cs.is_empty() {
                    return Err(err("`choices` is empty".into()));
                }
                InputKind::Choice(build_choices(raw, r, cs, &pos)?)
            }
            None if ri.measure && numeric => {
                return Err(err(
                    "a measure takes no `min`/`max`: its rows' `up_to` say the bands".into(),
                ));
            }
            None if ri.measure => InputKind::Measure,
            None => {
                if let (Some(a), Some(b)) = (ri.min, ri.max)
                    && a > b
                {
                    return Err(err(format!("`min` {a} is above `max` {b}")));
                }
                InputKind::Number {
                    min: ri.min,
                    max: ri.max,
                }
            }
        };
        inputs.push(Input {
            id: ri.id.clone(),
            name: ri.name.0.clone(),
            kind,
        });
    }
    Ok(inputs)
}

/// The choices of an input (at `pos`): valid ids, each once, their dice
/// parsed.
fn build_choices(
    raw: &RawTable,
    r: &Region,
    cs: &[RawChoice],
    pos: &impl Fn() -> Pos,
) -> Result<Vec<Choice>, DataError> {
    let id = &raw.id;
    let mut out: Vec<Choice> = Vec::with_capacity(cs.len());
    let mut ids = HashSet::with_capacity(cs.len());
    for c in cs {
        let cpos = || r.key_value("id", &c.id, 0).unwrap_or_else(pos);
        if !valid_id(&c.id) {
            return Err(r.err(
                cpos(),
                format!(
                    "table '{id}': choice id '{}' is not an id: use {ID_RULE}",
                    c.id
                ),
            ));
        }
        if !ids.insert(c.id.as_str()) {
            return Err(r.err(
                cpos(),
                format!("table '{id}': the choice '{}' is listed twice", c.id),
            ));
        }
        let dice = match &c.dice {
            Some(d) => Some(
                d.parse::<DiceExpr>()
                    .map_err(|e| r.err(cpos(), format!("table '{id}', choice '{}': {e}", c.id)))?,
            ),
            None => None,
        };
        out.push(Choice {
            id: c.id.clone(),
            name: c.name.0.clone(),
            dice,
        });
    }
    Ok(out)
}

/// `column_dice`, for a one-input lookup; and a measure only as the one
/// input of a lookup with rows.
fn build_column_dice(
    raw: &RawTable,
    r: &Region,
    inputs: &[Input],
) -> Result<Option<DiceExpr>, DataError> {
    let column_dice = match &raw.column_dice {
        Some(_) if inputs.len() != 1 => {
            return Err(fail(
                raw,
                r,
                "column_dice",
                "`column_dice` rolls for the column of a one-input lookup; with two inputs the second picks the column".into(),
            ));
        }
        Some(d) => Some(
            d.parse::<DiceExpr>()
                .map_err(|e| fail(raw, r, "column_dice", e.to_string()))?,
        ),
        None => None,
    };
    let measure_at = inputs
        .iter()
        .position(|i| matches!(i.kind, InputKind::Measure));
    if measure_at.is_some() && (inputs.len() != 1 || column_dice.is_some()) {
        return Err(fail(
            raw,
            r,
            "inputs",
            "a measure (`measure: true`) can only be the one input of a lookup with `rows` and `up_to`".into(),
        ));
    }
    Ok(column_dice)
}

/// Outcomes: the declared ones, and a roll's success and failure (their
/// indices).
fn build_outcomes(raw: &RawTable, r: &Region) -> Result<(Vec<Outcome>, usize, usize), DataError> {
    let id = &raw.id;
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut outcome_ids = HashSet::new();
    for o in &raw.outcomes {
        let pos = || {
            r.key_value("id", &o.id, 0)
                .unwrap_or_else(|| r.key_or_top("outcomes"))
        };
        if !valid_id(&o.id) {
            return Err(r.err(
                pos(),
                format!(
                    "table '{id}': outcome id '{}' is not an id: use {ID_RULE}",
                    o.id
                ),
            ));
        }
        if !outcome_ids.insert(o.id.as_str()) {
            return Err(r.err(
                pos(),
                format!("table '{id}' has the outcome '{}' twice", o.id),
            ));
        }
        outcomes.push(Outcome {
            id: o.id.clone(),
            name: o.name.0.clone(),
        });
    }
    let mut pick = |field: &str, given: &Option<String>, default: &str, name: Text| {
        let want = given.clone().unwrap_or_else(|| default.to_string());
        if let Some(i) = outcomes.iter().position(|o| o.id == want) {
            return Ok(i);
        }
        if given.is_some() {
            return Err(fail(
                raw,
                r,
                field,
                format!("`{field}` names '{want}', which is not one of the table's `outcomes`"),
            ));
        }
        outcomes.push(Outcome { id: want, name });
        Ok(outcomes.len() - 1)
    };
    let success = pick(
        "on_success",
        &raw.on_success,
        "success",
        Text::new("Éxito", "Success"),
    )?;
    let failure = pick(
        "on_failure",
        &raw.on_failure,
        "failure",
        Text::new("Fallo", "Failure"),
    )?;
    Ok((outcomes, success, failure))
}

/// The legend: one-word codes, each read once now to check what it says.
fn build_legend(
    raw: &RawTable,
    r: &Region,
    outcomes: &[Outcome],
) -> Result<Vec<LegendEntry>, DataError> {
    let mut legend: Vec<LegendEntry> = Vec::new();
    for (code, e) in &raw.legend.0 {
        if code.is_empty() || code.contains(char::is_whitespace) {
            return Err(fail(
                raw,
                r,
                "legend",
                format!("the legend code '{code}' must be one word, as it stands in the grid"),
            ));
        }
        let entry = LegendEntry {
            code: code.clone(),
            is: e.is.clone(),
            text: e.text.as_ref().map(|t| t.0.clone()),
            note: e.note.as_ref().map(|t| t.0.clone()),
        };
        // Check what it says now, with a stand-in number for `#` and stand-in dice.
        let probe: DiceExpr = "1d6"
            .parse()
            .map_err(|e: DiceExprError| fail(raw, r, "legend", e.to_string()))?;
        entry
            .cell(code, (code == "#").then_some("3"), outcomes, Some(probe))
            .map_err(|e| fail(raw, r, "legend", format!("legend '{code}': {e}")))?;
        legend.push(entry);
    }
    Ok(legend)
}

/// Modifiers may be limited to some choices: those of the table's inputs.
fn check_only(
    raw: &RawTable,
    r: &Region,
    body: &LookupBody,
    modifiers: &[Modifier],
) -> Result<(), DataError> {
    let choice_ids: HashSet<&str> = body
        .inputs
        .iter()
        .flat_map(|i| match &i.kind {
            InputKind::Choice(cs) => cs.as_slice(),
            _ => &[],
        })
        .map(|c| c.id.as_str())
        .collect();
    for m in modifiers {
        for c in &m.only {
            if !choice_ids.contains(c.as_str()) {
                return Err(fail(
                    raw,
                    r,
                    "only",
                    format!(
                        "modifier '{}' is `only` for '{c}', which is not a choice of the table's inputs",
                        m.id
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn build_out_of_range(
    raw: &RawTable,
    r: &Region,
    body: &LookupBody,
) -> Result<OutOfRange, DataError> {
    let id = &raw.id;
    let Some(o) = &raw.out_of_range else {
        return Ok(OutOfRange::Refuse);
    };
    let fail = |msg: String| {
        r.err(
            r.key_or_top("out_of_range"),
            format!("table '{id}', `out_of_range`: {msg}"),
        )
    };
    let extra = o.double.is_some()
        || o.half.is_some()
        || o.from.is_some()
        || o.cap_at.is_some()
        || o.cap.is_some();
    match o.rule.as_str() {
        "refuse" | "nearest" if extra => Err(fail(format!(
            "`double`, `half`, `from`, `cap_at` and `cap` belong to `rule: ratio`, not `{}`",
            o.rule
        ))),
        "refuse" => Ok(OutOfRange::Refuse),
        "nearest" => Ok(OutOfRange::Nearest),
        "ratio" => {
            let numbers = body.inputs.len() == 2
                && body
                    .inputs
                    .iter()
                    .all(|i| matches!(i.kind, InputKind::Number { .. }));
            if !numbers {
                return Err(fail(
                    "`rule: ratio` divides the first input by the second: it needs two number inputs".into(),
                ));
            }
            let need = |v: &Option<KeyText>, name: &str| -> Result<Cell, DataError> {
                let Some(k) = v else {
                    return Err(fail(format!("`rule: ratio` needs `{name}`")));
                };
                body.resolve(&k.0, None)
                    .map_err(|e| fail(format!("`{name}`: {e}")))
            };
            let double = need(&o.double, "double")?;
            let half = need(&o.half, "half")?;
            let cap = need(&o.cap, "cap")?;
            let (Some(from), Some(cap_at)) = (o.from, o.cap_at) else {
                return Err(fail("`rule: ratio` needs `from` and `cap_at`".into()));
            };
            // Between half and double, first / second rounds down to 0 or 1.
            let Some(below) = from.checked_sub(1) else {
                return Err(fail(format!("`from` {from} is out of range")));
            };
            for n in [below, from] {
                if n < cap_at {
                    body.resolve(&n.to_string(), None)
                        .map_err(|e| fail(format!("the code {n} it can give: {e}")))?;
                }
            }
            Ok(OutOfRange::Ratio(Box::new(RatioRule {
                double,
                half,
                from,
                cap_at,
                cap,
                text: o.text.as_ref().map(|t: &PText| t.0.clone()),
            })))
        }
        other => Err(fail(format!(
            "`rule: {other}` is not a rule: use refuse, nearest or ratio"
        ))),
    }
}
