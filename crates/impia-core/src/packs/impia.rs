//! The `impia` pack, built from the rule data so that no number is written
//! twice: the die-range tables of the [`RuleSet`] (R39 dark forces, R38 spell
//! backlash, and any a user's `--tables` folder adds), and the fall (R18),
//! jump (R16) and cover (R30) tables as lookups with nothing to roll.

use super::cell::{Cell, CellResult};
use super::load::{check_nested, parse_range};
use super::{
    Body, Choice, IMPIA, Input, InputKind, Key, LookupBody, LookupRow, Modifier, Origin,
    OutOfRange, Outcome, Pack, PackTable, RollBody, RollRow,
};
use crate::glossary::{self, stat};
use crate::tables::{JumpCheck, RollTable, RuleSet, Stat};
use crate::text::Text;

/// The `impia` pack of `rules`.
pub fn impia_pack(rules: &RuleSet) -> Pack {
    let mut tables: Vec<PackTable> = rules.roll_tables.iter().filter_map(roll_table).collect();
    tables.push(fall(rules));
    tables.push(jump(rules));
    tables.push(cover(rules));
    Pack {
        id: IMPIA.into(),
        name: Text::new("Tierras Impías", "Unholy Lands"),
        description: Some(Text::new(
            "Las tablas del juego: Fuerzas Oscuras, efectos del hechizo, caídas, saltos y coberturas.",
            "The game's own tables: dark forces, spell backlash, falls, jumps and cover.",
        )),
        source: Some(Text::new(
            "Resumen de reglas de Tierras Impías",
            "Tierras Impías rules summary",
        )),
        origin: Origin::Shipped,
        tables,
    }
}

/// A die-range table of the rule data (checked when the rules loaded).
fn roll_table(t: &RollTable) -> Option<PackTable> {
    let dice = t.dice_expr().ok()?;
    let d100 = dice.count == 1 && dice.sides == 100;
    let rows = t
        .rows
        .iter()
        .filter_map(|r| {
            Some(RollRow {
                label: r.range.clone(),
                range: parse_range(&r.range, d100).ok()?,
                text: r.text.clone(),
                nested: check_nested(&r.text).unwrap_or_default(),
                then: None,
            })
        })
        .collect();
    Some(PackTable {
        id: t.id.clone(),
        name: t.name.clone(),
        rule: Some(t.rule.clone()),
        description: t.description.clone(),
        notes: Vec::new(),
        modifiers: t
            .modifiers
            .iter()
            .map(|m| Modifier {
                id: m.id.clone(),
                name: m.name.clone(),
                value: None,
                only: Vec::new(),
            })
            .collect(),
        body: Body::Roll(RollBody {
            dice,
            rows,
            omit: Vec::new(),
        }),
    })
}

fn text_cell(text: Text) -> Cell {
    Cell {
        code: String::new(),
        result: CellResult::Text {
            text,
            nested: Vec::new(),
        },
        note: None,
    }
}

/// A one-input lookup with plain results.
fn lookup(input: Input, rows: Vec<LookupRow>) -> Body {
    Body::Lookup(Box::new(LookupBody {
        inputs: vec![input],
        column_dice: None,
        columns: Vec::new(),
        rows,
        outcomes: vec![
            Outcome {
                id: "success".into(),
                name: Text::new("Éxito", "Success"),
            },
            Outcome {
                id: "failure".into(),
                name: Text::new("Fallo", "Failure"),
            },
        ],
        success: 0,
        failure: 1,
        out_of_range: OutOfRange::Refuse,
        legend: Vec::new(),
    }))
}

/// R18: how a fall is rolled, in the glossary's words.
fn fall_description() -> Text {
    let (toughness, strength) = (stat(Stat::Toughness), stat(Stat::Strength));
    let armour = glossary::ARMOUR;
    Text::new(
        format!(
            "{}: {} (sin {}) contra la {} de la caída. Éxito: Tumbada; fallo: Abatida.",
            crate::glossary::OPPOSED_CHECK.es,
            toughness.es,
            armour.es,
            strength.es
        ),
        format!(
            "{}: {} (no {}) against the fall's {}. Success: Prone; failure: Down.",
            crate::glossary::OPPOSED_CHECK.en,
            toughness.en,
            armour.en.to_lowercase(),
            strength.en
        ),
    )
}

/// R18: the fall's Strength by height.
fn fall(rules: &RuleSet) -> PackTable {
    let f = &rules.fall;
    let rows = f
        .rows
        .iter()
        .map(|r| {
            let text = match r.strength {
                Some(s) => Text::new(
                    format!("{}: {} {s}", r.label.es, stat(Stat::Strength).es),
                    format!("{}: {} {s}", r.label.en, stat(Stat::Strength).en),
                ),
                None => Text::new(
                    format!("{}: sin daño", r.label.es),
                    format!("{}: no harm", r.label.en),
                ),
            };
            LookupRow {
                key: Key::UpTo(r.up_to_cm),
                cells: vec![text_cell(text)],
            }
        })
        .collect();
    PackTable {
        id: f.id.clone(),
        name: f.name.clone(),
        rule: Some(f.rule.clone()),
        description: Some(fall_description()),
        notes: Vec::new(),
        modifiers: Vec::new(),
        body: lookup(
            Input {
                id: "height".into(),
                name: Text::new("Altura (cm)", "Height (cm)"),
                kind: InputKind::Measure,
            },
            rows,
        ),
    }
}

/// R16: what a jump of a given gap demands.
fn jump(rules: &RuleSet) -> PackTable {
    let j = &rules.jump;
    let rows = j
        .rows
        .iter()
        .map(|r| LookupRow {
            key: Key::UpTo(r.up_to_cm),
            cells: vec![text_cell(r.label.clone())],
        })
        .collect();
    let agility = j.rows.iter().any(|r| r.check == JumpCheck::Agility);
    PackTable {
        id: j.id.clone(),
        name: j.name.clone(),
        rule: Some(j.rule.clone()),
        description: agility.then(|| {
            let agility = stat(Stat::Agility);
            Text::new(
                format!("Una tirada de {} fallada es una Caída (R18).", agility.es),
                format!("A failed {} check is a Fall (R18).", agility.en),
            )
        }),
        notes: Vec::new(),
        modifiers: Vec::new(),
        body: lookup(
            Input {
                id: "gap".into(),
                name: Text::new("Hueco (cm)", "Gap (cm)"),
                kind: InputKind::Measure,
            },
            rows,
        ),
    }
}

/// R30: the grades of cover and the Armour each adds.
fn cover(rules: &RuleSet) -> PackTable {
    let c = &rules.cover;
    let choices: Vec<Choice> = c
        .rows
        .iter()
        .map(|r| Choice {
            id: r.id.clone(),
            name: r.name.clone(),
            dice: None,
        })
        .collect();
    let rows = c
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| LookupRow {
            key: Key::Choice(i),
            cells: vec![text_cell(Text::new(
                format!("{} {:+} ({})", glossary::ARMOUR.es, r.armour, r.examples.es),
                format!("{} {:+} ({})", glossary::ARMOUR.en, r.armour, r.examples.en),
            ))],
        })
        .collect();
    PackTable {
        id: c.id.clone(),
        name: c.name.clone(),
        rule: Some(c.rule.clone()),
        description: Some(c.text.clone()),
        notes: Vec::new(),
        modifiers: Vec::new(),
        body: lookup(
            Input {
                id: "cover".into(),
                name: Text::new("Cobertura", "Cover"),
                kind: InputKind::Choice(choices),
            },
            rows,
        ),
    }
}
