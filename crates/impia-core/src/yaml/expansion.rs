//! The backstop against aliases: the parser walks the document, every
//! alias followed, within a budget of values the text could hold without
//! aliases.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Visitor};

use crate::error::DataError;

/// Values a text of `len` bytes may hold: without aliases each takes at
/// least a byte or two of text.
fn budget(len: usize) -> u64 {
    2 * len as u64 + 1024
}

/// Counts every value the parser hands over, aliases followed.
struct Count<'a> {
    seen: &'a Cell<u64>,
    budget: u64,
}

impl Count<'_> {
    fn tick<E: de::Error>(&self) -> Result<(), E> {
        self.seen.set(self.seen.get() + 1);
        if self.seen.get() > self.budget {
            return Err(E::custom(format!(
                "this file's aliases (`*name`) expand it past {} values; write the values out in full",
                self.budget
            )));
        }
        Ok(())
    }

    fn again(&self) -> Count<'_> {
        Count {
            seen: self.seen,
            budget: self.budget,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Count<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Count<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.tick()
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.tick()
    }
    fn visit_i128<E: de::Error>(self, _: i128) -> Result<(), E> {
        self.tick()
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.tick()
    }
    fn visit_u128<E: de::Error>(self, _: u128) -> Result<(), E> {
        self.tick()
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.tick()
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        self.tick()
    }
    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<(), E> {
        self.tick()
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.tick()
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.tick()
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.tick()?;
        self.again().deserialize(d)
    }
    fn visit_newtype_struct<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.tick()?;
        self.again().deserialize(d)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.tick()?;
        while seq.next_element_seed(self.again())?.is_some() {}
        Ok(())
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.tick()?;
        while map.next_key_seed(self.again())?.is_some() {
            map.next_value_seed(self.again())?;
        }
        Ok(())
    }
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        // A tagged value (`!tag value`).
        use de::VariantAccess;
        self.tick()?;
        let ((), variant) = data.variant_seed(self.again())?;
        variant.newtype_variant_seed(self.again())
    }
}

pub(super) fn check_expansion(file: &str, text: &str) -> Result<(), DataError> {
    // An alias starts with `*`: a text without one needs no walk.
    if !text.contains('*') {
        return Ok(());
    }
    let seen = Cell::new(0);
    let count = Count {
        seen: &seen,
        budget: budget(text.len()),
    };
    let walked = count.deserialize(serde_yaml::Deserializer::from_str(text));
    match walked {
        Err(e) if seen.get() > budget(text.len()) => Err(DataError::yaml(file, &e)),
        // Any other error is the parse's to report, with its own words.
        _ => Ok(()),
    }
}
