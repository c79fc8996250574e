//! JSON bodies read strictly (issue 32): a key given twice in an object is
//! refused, at any depth. serde_json keeps the last of duplicate keys, so
//! `{"index": 3, "index": 9}` would act on 9 where a script or a proxy that
//! reads the first sees 3.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The start of the error a duplicate key gives (its key follows, quoted).
pub(super) const DUPLICATE: &str = "duplicate key ";

/// A JSON value whose objects have no key twice.
pub(super) struct Strict(pub Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Value::String(v.to_string())))
    }

    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(Value::String(v)))
    }

    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }

    fn visit_none<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Strict, D::Error> {
        Strict::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut v = Vec::new();
        while let Some(Strict(x)) = seq.next_element()? {
            v.push(x);
        }
        Ok(Strict(Value::Array(v)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut m = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            if m.contains_key(&k) {
                // The key as JSON: quoted, its controls escaped.
                return Err(de::Error::custom(format!("{DUPLICATE}{}", Value::from(k))));
            }
            let Strict(v) = map.next_value()?;
            m.insert(k, v);
        }
        Ok(Strict(Value::Object(m)))
    }
}

/// Parse `body` as JSON, refusing a key given twice in any object.
pub(super) fn from_slice(body: &[u8]) -> serde_json::Result<Value> {
    serde_json::from_slice::<Strict>(body).map(|s| s.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth_and_named() {
        let e = from_slice(br#"{"index": 3, "index": 9}"#).expect_err("refused");
        assert!(e.to_string().starts_with(r#"duplicate key "index""#), "{e}");
        let e =
            from_slice(br#"{"action": {"id": "end_turn", "id": "note"}}"#).expect_err("refused");
        assert!(e.to_string().starts_with(r#"duplicate key "id""#), "{e}");
        let v =
            from_slice(br#"{"a": [1, -2, 2.5, "x", null, true, {"b": {}}]}"#).expect("plain JSON");
        assert_eq!(
            v,
            serde_json::json!({"a": [1, -2, 2.5, "x", null, true, {"b": {}}]})
        );
    }
}
