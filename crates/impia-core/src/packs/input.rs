//! What a player gives a table's input: a whole number, a length or a
//! choice, read from what they typed. Rolling, odds and the printed result
//! all take these values; none of them is needed to read one.

use super::error::InputError;
use super::{Input, InputKind};
use crate::text::{Lang, clip};

/// A value given for an input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputValue {
    Number(i32),
    Measure(f64),
    /// Index of the choice.
    Choice(usize),
}

/// Read what a player typed for an input: a whole number, a length
/// (`7.5` or `7,5`), or a choice by id or by name.
pub fn parse_input(input: &Input, text: &str, l: Lang) -> Result<InputValue, InputError> {
    let t = text.trim();
    let name = input.name.get(l);
    // The text is echoed in the error: cut (issue 32).
    let fields = || (name.to_string(), input.id.clone(), clip(t).into_owned());
    match &input.kind {
        InputKind::Number { min, max } => {
            let v: i32 = t.parse().map_err(|_| {
                let (name, id, text) = fields();
                InputError::NotWhole { name, id, text }
            })?;
            check_number(input, v, *min, *max)?;
            Ok(InputValue::Number(v))
        }
        InputKind::Measure => {
            let v: f64 = t.replace(',', ".").parse().map_err(|_| {
                let (name, id, text) = fields();
                InputError::NotNumber { name, id, text }
            })?;
            if !v.is_finite() || v < 0.0 {
                let (name, id, text) = fields();
                return Err(InputError::Negative { name, id, text });
            }
            Ok(InputValue::Measure(v))
        }
        InputKind::Choice(cs) => {
            let low = t.to_lowercase();
            cs.iter()
                .position(|c| {
                    c.id == t || c.name.es.to_lowercase() == low || c.name.en.to_lowercase() == low
                })
                .map(InputValue::Choice)
                .ok_or_else(|| {
                    let (name, id, text) = fields();
                    InputError::NotAChoice {
                        name,
                        id,
                        text,
                        choices: cs
                            .iter()
                            .map(|c| c.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    }
                })
        }
    }
}

fn check_number(
    input: &Input,
    v: i32,
    min: Option<i32>,
    max: Option<i32>,
) -> Result<(), InputError> {
    if let Some(m) = min
        && v < m
    {
        return Err(InputError::BelowMin {
            id: input.id.clone(),
            min: m,
            value: v,
        });
    }
    if let Some(m) = max
        && v > m
    {
        return Err(InputError::AboveMax {
            id: input.id.clone(),
            max: m,
            value: v,
        });
    }
    Ok(())
}
