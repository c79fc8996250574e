//! Checks of roll tables: ids, rows and their ranges, nested dice. Every
//! check is linear or n log n in the rows; error positions are looked up
//! in the text only when there is an error.

use super::check_kit::{ID_RULE, check_nested, parse_range, row_key, row_pos, valid_id};
use super::check_lookup::build_lookup;
use super::format::RawTable;
use super::locate::Region;
use super::{Body, Modifier, PackTable, RollBody, RollRow};
use crate::dice_expr::{DiceExpr, DiceExprError};
use crate::error::DataError;
use crate::tables::RowRange;
use crate::tables::range::{Disjoint, describe_values, uncovered};

pub(super) fn build_table(raw: &RawTable, r: &Region) -> Result<PackTable, DataError> {
    if !valid_id(&raw.id) {
        return Err(r.err(
            r.key_value("id", &raw.id, 0).unwrap_or(r.top()),
            format!("table id '{}' is not an id: use {ID_RULE}", raw.id),
        ));
    }
    let mut modifiers: Vec<Modifier> = Vec::new();
    let mut modifier_ids = std::collections::HashSet::new();
    for m in &raw.modifiers {
        let pos = || {
            r.key_value("id", &m.id, 0)
                .unwrap_or(r.key_or_top("modifiers"))
        };
        if !valid_id(&m.id) {
            return Err(r.err(
                pos(),
                format!("modifier id '{}' is not an id: use {ID_RULE}", m.id),
            ));
        }
        if !modifier_ids.insert(m.id.as_str()) {
            return Err(r.err(
                pos(),
                format!("table '{}' has the modifier '{}' twice", raw.id, m.id),
            ));
        }
        modifiers.push(Modifier {
            id: m.id.clone(),
            name: m.name.0.clone(),
            value: m.value,
            only: m.only.clone(),
        });
    }
    let body = if raw.inputs.is_empty() {
        if modifiers.iter().any(|m| !m.only.is_empty()) {
            return Err(r.err(
                r.key_or_top("only"),
                "`only` picks the choices of a lookup's inputs; a roll table adds its modifiers to its one roll",
            ));
        }
        Body::Roll(build_roll(raw, r)?)
    } else {
        Body::Lookup(Box::new(build_lookup(raw, r, &modifiers)?))
    };
    Ok(PackTable {
        id: raw.id.clone(),
        name: raw.name.0.clone(),
        rule: raw.rule.as_ref().map(|k| k.0.clone()),
        description: raw.description.as_ref().map(|t| t.0.clone()),
        notes: raw.notes.iter().map(|t| t.0.clone()).collect(),
        modifiers,
        body,
    })
}

/// A roll table with a lookup table's fields is refused, naming the first.
fn refuse_lookup_fields(raw: &RawTable, r: &Region) -> Result<(), DataError> {
    let id = &raw.id;
    let lookup_only: [(&str, bool); 7] = [
        ("column_dice", raw.column_dice.is_some()),
        ("outcomes", !raw.outcomes.is_empty()),
        ("on_success", raw.on_success.is_some()),
        ("on_failure", raw.on_failure.is_some()),
        ("legend", !raw.legend.0.is_empty()),
        ("grid", raw.grid.is_some()),
        ("out_of_range", raw.out_of_range.is_some()),
    ];
    if let Some((field, _)) = lookup_only.iter().find(|(_, set)| *set) {
        return Err(r.err(
            r.key_or_top(field),
            format!(
                "table '{id}': `{field}` belongs to lookup tables (tables with `inputs`); a roll table has `dice` and `rows`"
            ),
        ));
    }
    Ok(())
}

fn build_roll(raw: &RawTable, r: &Region) -> Result<RollBody, DataError> {
    let id = &raw.id;
    refuse_lookup_fields(raw, r)?;
    let Some(dice_text) = &raw.dice else {
        return Err(r.err(
            r.top(),
            format!(
                "table '{id}' has neither `dice` (a roll table: 1d10, 2d6, 1d100…) nor `inputs` (a lookup table)"
            ),
        ));
    };
    let dice: DiceExpr = dice_text
        .parse()
        .map_err(|e: DiceExprError| r.err(r.key_or_top("dice"), format!("table '{id}': {e}")))?;
    let d100 = dice.count == 1 && dice.sides == 100;
    if raw.rows.is_empty() {
        return Err(r.err(
            r.key_or_top("rows"),
            format!("table '{id}' needs at least one row"),
        ));
    }
    let mut rows: Vec<RollRow> = Vec::with_capacity(raw.rows.len());
    let mut placed = Disjoint::default();
    for row in &raw.rows {
        let (field, key) =
            row_key(row).map_err(|e| r.err(r.key_or_top("rows"), format!("table '{id}': {e}")))?;
        let label = key.0.clone();
        // Found only for an error: scanning the text for every row was
        // quadratic (minutes for a pack of 64,000 rows).
        let pos = || row_pos(r, field, &rows, &label);
        if row.up_to.is_some() || row.result.is_some() {
            return Err(r.err(
                pos(),
                format!(
                    "table '{id}', row '{label}': `up_to` and `result` belong to lookup rows; a roll table's row has `range`, `text` and `then`"
                ),
            ));
        }
        let range =
            parse_range(&label, d100).map_err(|e| r.err(pos(), format!("table '{id}': {e}")))?;
        if let Err(j) = placed.insert(&range, rows.len()) {
            return Err(r.err(
                pos(),
                format!(
                    "row '{label}' overlaps row '{}' of table '{id}'",
                    rows[j].label
                ),
            ));
        }
        let nested = check_nested(&row.text.0)
            .map_err(|e| r.err(pos(), format!("table '{id}', row '{label}': {e}")))?;
        rows.push(RollRow {
            label,
            range,
            text: row.text.0.clone(),
            nested,
            then: row.then.clone(),
        });
    }
    let mut omit: Vec<RowRange> = Vec::new();
    for k in &raw.omit {
        let pos = || r.key_or_top("omit");
        let range = parse_range(&k.0, d100)
            .map_err(|e| r.err(pos(), format!("table '{id}', `omit`: {e}")))?;
        if let Some(j) = placed.overlapping(&range) {
            return Err(r.err(
                pos(),
                format!(
                    "table '{id}' omits '{}', which row '{}' reads: a value is either omitted or in a row",
                    k.0, rows[j].label
                ),
            ));
        }
        omit.push(range);
    }
    let missing = uncovered(
        dice.min(),
        dice.max(),
        rows.iter().map(|row| &row.range).chain(&omit),
    );
    if !missing.is_empty() {
        return Err(r.err(
            r.key_or_top("rows"),
            format!(
                "table '{id}' has a gap: no row for {} (rolled with {dice}, every total from {} to {} needs a row, or list the values it leaves out under `omit`)",
                describe_values(&missing),
                dice.min(),
                dice.max()
            ),
        ));
    }
    Ok(RollBody { dice, rows, omit })
}
