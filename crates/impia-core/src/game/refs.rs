//! Stable references to the sides and models of a game.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::text::Lang;

/// A side of the table: the two warbands, and the beasts that belong to
/// neither (RULES.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    A,
    B,
    Beast,
}

impl Side {
    /// The two warbands, in order.
    pub const WARBANDS: [Side; 2] = [Side::A, Side::B];

    /// The other warband; beasts have no opponent side.
    pub fn opponent(self) -> Option<Side> {
        match self {
            Side::A => Some(Side::B),
            Side::B => Some(Side::A),
            Side::Beast => None,
        }
    }

    pub fn is_warband(self) -> bool {
        self != Side::Beast
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
            Side::Beast => crate::glossary::BEASTS.get(lang),
        }
    }

    fn code(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
            Side::Beast => "beast",
        }
    }
}

/// A model of the game: its side and its index there (the roster's order for
/// warbands, the order of appearance for beasts). Never changes during a game.
///
/// Written in files as `a0`, `b3`, `beast0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ModelRef {
    pub side: Side,
    pub index: usize,
}

impl ModelRef {
    pub fn new(side: Side, index: usize) -> Self {
        ModelRef { side, index }
    }
    pub fn a(index: usize) -> Self {
        ModelRef::new(Side::A, index)
    }
    pub fn b(index: usize) -> Self {
        ModelRef::new(Side::B, index)
    }
    pub fn beast(index: usize) -> Self {
        ModelRef::new(Side::Beast, index)
    }
}

impl fmt::Display for ModelRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.code(), self.index)
    }
}

impl From<ModelRef> for String {
    fn from(m: ModelRef) -> String {
        m.to_string()
    }
}

/// Text that is not a model reference (`a0`, `b3`, `beast0`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a model reference; expected e.g. a0, b3 or beast0")]
pub struct ModelRefError(pub String);

impl TryFrom<String> for ModelRef {
    type Error = ModelRefError;
    fn try_from(s: String) -> Result<Self, ModelRefError> {
        s.parse()
    }
}

impl std::str::FromStr for ModelRef {
    type Err = ModelRefError;
    fn from_str(s: &str) -> Result<Self, ModelRefError> {
        // Cut: the text is echoed in the error (issue 32).
        let bad = || ModelRefError(crate::text::clip(s).into_owned());
        let digits = s.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let side = match &s[..s.len() - digits.len()] {
            "a" | "A" => Side::A,
            "b" | "B" => Side::B,
            "beast" => Side::Beast,
            _ => return Err(bad()),
        };
        let index = digits.parse().map_err(|_| bad())?;
        Ok(ModelRef { side, index })
    }
}

/// One value per warband.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides<T> {
    pub a: T,
    pub b: T,
}

impl<T> Sides<T> {
    pub fn new(a: T, b: T) -> Self {
        Sides { a, b }
    }

    /// The value of a warband; `None` for beasts.
    pub fn get(&self, side: Side) -> Option<&T> {
        match side {
            Side::A => Some(&self.a),
            Side::B => Some(&self.b),
            Side::Beast => None,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> Option<&mut T> {
        match side {
            Side::A => Some(&mut self.a),
            Side::B => Some(&mut self.b),
            Side::Beast => None,
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::A, &self.a), (Side::B, &self.b)].into_iter()
    }

    pub fn map<U>(&self, mut f: impl FnMut(Side, &T) -> U) -> Sides<U> {
        Sides {
            a: f(Side::A, &self.a),
            b: f(Side::B, &self.b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_refs_read_and_write_as_short_codes() {
        for m in [ModelRef::a(0), ModelRef::b(12), ModelRef::beast(3)] {
            assert_eq!(m.to_string().parse::<ModelRef>(), Ok(m));
        }
        assert_eq!("b3".parse::<ModelRef>(), Ok(ModelRef::b(3)));
        assert!("c1".parse::<ModelRef>().is_err());
        assert!("a".parse::<ModelRef>().is_err());
        assert!("a-1".parse::<ModelRef>().is_err());
    }
}
