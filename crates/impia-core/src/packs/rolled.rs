//! What a table roll gave, and how it reads: the dice as they fell, the
//! row or cell read, the follow-up rolls, as lines in either language.

use serde::Serialize;

use super::input::InputValue;
use super::nested::{self, NestedRoll};
use super::{Body, Input, InputKind, Key, LookupBody, Pack, PackTable};
use crate::dice::Roller;
use crate::dice_expr::DiceExpr;
use crate::text::{Lang, Text};

/// A value given for an input, as text: the number, or the choice's id.
pub(super) fn value_text(i: &Input, v: InputValue) -> String {
    match (v, &i.kind) {
        (InputValue::Choice(c), InputKind::Choice(cs)) => {
            cs.get(c).map(|c| c.id.clone()).unwrap_or_default()
        }
        (InputValue::Number(n), _) => n.to_string(),
        (InputValue::Measure(x), _) => x.to_string(),
        (InputValue::Choice(c), _) => c.to_string(),
    }
}

/// A key as printed: `12`, `9+`, a choice id, `≤ 5`, `> 20`.
pub fn key_text(k: &Key, input: &Input) -> String {
    match k {
        Key::Range { label, .. } => label.clone(),
        Key::Choice(c) => match &input.kind {
            InputKind::Choice(cs) => cs.get(*c).map(|c| c.id.clone()).unwrap_or_default(),
            _ => String::new(),
        },
        Key::UpTo(Some(v)) => format!("≤ {v}"),
        Key::UpTo(None) => "+".into(),
    }
}

/// The label of row `i` of a lookup: its key, and for the open band of a
/// measure `> 20` (over the band before).
pub fn row_label(lk: &LookupBody, i: usize) -> String {
    let Some(row) = lk.rows.get(i) else {
        return String::new();
    };
    match (&row.key, i.checked_sub(1).and_then(|p| lk.rows.get(p))) {
        (Key::UpTo(None), Some(prev)) => match prev.key {
            Key::UpTo(Some(p)) => format!("> {p}"),
            _ => "+".into(),
        },
        (k, _) => key_text(k, &lk.inputs[0]),
    }
}

/// An input as given, in words: `Attacker strength 12`, `Unit type Trolls`.
pub fn given_label(t: &PackTable, given: &[GivenInput], l: Lang) -> String {
    let Body::Lookup(lk) = &t.body else {
        return String::new();
    };
    given
        .iter()
        .map(|g| {
            let Some(input) = lk.inputs.iter().find(|i| i.id == g.id) else {
                return format!("{} {}", g.id, g.value);
            };
            let v = super::choice_name(input, &g.value, l)
                .map(str::to_string)
                .unwrap_or_else(|| g.value.clone());
            format!("{} {v}", input.name.get(l))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An input's id and the value given for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GivenInput {
    pub id: String,
    pub value: String,
}

/// Dice as they fell, with the modifier added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceRoll {
    pub dice: String,
    pub rolled: Vec<u32>,
    pub modifier: i32,
    pub total: i32,
}

impl DiceRoll {
    pub fn roll(dice: DiceExpr, modifier: i32, roller: &mut Roller) -> DiceRoll {
        let (rolled, total) = dice.roll(roller);
        DiceRoll {
            dice: dice.to_string(),
            rolled,
            modifier,
            total: total + modifier,
        }
    }

    /// `[3, 5] +1 = 9`.
    pub fn show(&self) -> String {
        let dice: Vec<String> = self.rolled.iter().map(|d| d.to_string()).collect();
        let m = if self.modifier != 0 {
            format!(" {:+}", self.modifier)
        } else {
            String::new()
        };
        format!("{} [{}]{m} = {}", self.dice, dice.join(", "), self.total)
    }
}

/// The roll a lookup's result asks for, and whether it made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    #[serde(flatten)]
    pub roll: DiceRoll,
    pub at_least: i32,
    pub success: bool,
}

/// A table roll as it fell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRoll {
    /// `pack/table`.
    pub table: String,
    /// The inputs given (lookups).
    pub inputs: Vec<GivenInput>,
    /// The table's own dice (roll tables) or the roll for the column.
    pub roll: Option<DiceRoll>,
    /// Index of the row read (roll tables: into the rows; lookups: the printed row).
    pub row: Option<usize>,
    /// The row's range, or the inputs.
    pub key: String,
    /// The code printed in the cell (lookups).
    pub cell: Option<String>,
    /// The roll the result asks for (`hit on 3+ with 1d6`).
    pub check: Option<Check>,
    /// The outcome id (lookups).
    pub outcome: Option<String>,
    /// The row's text or the result in words.
    pub text: Text,
    /// How an input outside the table was read.
    pub note: Option<Text>,
    pub nested: Vec<NestedRoll>,
    /// The roll on the table the row sends to.
    pub then: Option<Box<TableRoll>>,
}

impl TableRoll {
    /// One line per table rolled, every die shown, the table's name first
    /// when `named` (a table it sends to is always named):
    /// `Events table: 1d100 [100] = 100 → 00: A leader falls ill …`,
    /// `A leader's illness: 1d10 [2] = 2 → 1-3: Dies.`;
    /// `Attacker strength 12, Defender strength 3 → Hit on 3+ with 1d6 · 1d6 [4] = 4 ⇒ Hit`.
    pub fn lines(&self, pack: &Pack, l: Lang, named: bool) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = Some(self);
        while let Some(r) = cur {
            let id = r.table.rsplit('/').next().unwrap_or("");
            let table = pack.table(id);
            let mut s = String::new();
            if named || !out.is_empty() {
                let name = table
                    .map(|t| t.name.get(l).to_string())
                    .unwrap_or_else(|| id.to_string());
                s.push_str(&format!("{name}: "));
            }
            if let Some(t) = table
                && !r.inputs.is_empty()
            {
                s.push_str(&format!("{} → ", given_label(t, &r.inputs, l)));
            }
            if let Some(roll) = &r.roll {
                s.push_str(&format!("{} → ", roll.show()));
            }
            let text = nested::annotate(r.text.get(l), &r.nested);
            if r.inputs.is_empty() && r.roll.is_some() {
                s.push_str(&format!("{}: {text}", r.key));
            } else {
                s.push_str(&text);
            }
            if let Some(c) = &r.check {
                s.push_str(&format!(" · {}", c.roll.show()));
                if let Some(o) = &r.outcome
                    && let Some(Body::Lookup(lk)) = table.map(|t| &t.body)
                    && let Some(oc) = lk.outcomes.iter().find(|x| x.id == *o)
                {
                    s.push_str(&format!(" ⇒ {}", oc.name.get(l)));
                }
            }
            if let Some(n) = &r.note {
                s.push_str(&format!(" ({})", n.get(l)));
            }
            out.push(s);
            cur = r.then.as_deref();
        }
        out
    }
}
