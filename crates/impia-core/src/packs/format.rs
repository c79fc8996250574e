//! The pack file format as written: serde structs that refuse unknown
//! fields. [`super::load`] turns them into checked tables.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};

use crate::text::Text;

/// A text in both languages (`{es: …, en: …}`), or one string for both.
#[derive(Clone, Debug, PartialEq)]
pub struct PText(pub Text);

impl<'de> Deserialize<'de> for PText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a text, or a map with `es` and `en`")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<PText, E> {
                Ok(PText(Text::new(s, s)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<PText, E> {
                Ok(PText(Text::new(v.to_string(), v.to_string())))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<PText, E> {
                Ok(PText(Text::new(v.to_string(), v.to_string())))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<PText, A::Error> {
                let (mut es, mut en) = (None, None);
                while let Some(k) = m.next_key::<String>()? {
                    match k.as_str() {
                        "es" => es = Some(m.next_value::<String>()?),
                        "en" => en = Some(m.next_value::<String>()?),
                        other => return Err(de::Error::unknown_field(other, &["es", "en"])),
                    }
                }
                let es = es.ok_or_else(|| de::Error::missing_field("es"))?;
                let en = en.ok_or_else(|| de::Error::missing_field("en"))?;
                Ok(PText(Text::new(es, en)))
            }
        }
        d.deserialize_any(V)
    }
}

/// A key or code as written: a string, or a number YAML read as one
/// (`7`, `00` → "0").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeyText(pub String);

impl<'de> Deserialize<'de> for KeyText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = KeyText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key such as 7, \"05-06\", \"14+\" or a word")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<KeyText, E> {
                Ok(KeyText(s.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// A pack file, or a pack folder's `pack.yaml` (where `tables` may be empty).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPack {
    /// Pack format version; absent means 1. Checked before this struct is
    /// read (`load::check_version`), kept here so the key is allowed.
    #[serde(default)]
    #[allow(dead_code)]
    pub version: Option<u32>,
    pub pack: String,
    pub name: PText,
    #[serde(default)]
    pub description: Option<PText>,
    #[serde(default)]
    pub source: Option<PText>,
    #[serde(default)]
    pub tables: Vec<RawTable>,
}

/// One table: a roll table (with `dice`) or a lookup table (with `inputs`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTable {
    pub id: String,
    pub name: PText,
    #[serde(default)]
    pub rule: Option<KeyText>,
    #[serde(default)]
    pub description: Option<PText>,
    #[serde(default)]
    pub notes: Vec<PText>,
    #[serde(default)]
    pub modifiers: Vec<RawModifier>,
    // Roll tables.
    #[serde(default)]
    pub dice: Option<String>,
    #[serde(default)]
    pub omit: Vec<KeyText>,
    // Lookup tables.
    #[serde(default)]
    pub inputs: Vec<RawInput>,
    #[serde(default)]
    pub column_dice: Option<String>,
    #[serde(default)]
    pub outcomes: Vec<RawOutcome>,
    #[serde(default)]
    pub on_success: Option<String>,
    #[serde(default)]
    pub on_failure: Option<String>,
    #[serde(default)]
    pub legend: Legend,
    #[serde(default)]
    pub grid: Option<String>,
    #[serde(default)]
    pub out_of_range: Option<RawOutOfRange>,
    // Both.
    #[serde(default)]
    pub rows: Vec<RawRow>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawModifier {
    pub id: String,
    pub name: PText,
    #[serde(default)]
    pub value: Option<i32>,
    #[serde(default)]
    pub only: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawInput {
    pub id: String,
    pub name: PText,
    #[serde(default)]
    pub min: Option<i32>,
    #[serde(default)]
    pub max: Option<i32>,
    #[serde(default)]
    pub measure: bool,
    #[serde(default)]
    pub choices: Option<Vec<RawChoice>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChoice {
    pub id: String,
    pub name: PText,
    #[serde(default)]
    pub dice: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOutcome {
    pub id: String,
    pub name: PText,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRow {
    #[serde(default)]
    pub range: Option<KeyText>,
    #[serde(default)]
    pub key: Option<KeyText>,
    #[serde(default)]
    pub up_to: Option<f64>,
    pub text: PText,
    #[serde(default)]
    pub then: Option<String>,
    #[serde(default)]
    pub result: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOutOfRange {
    pub rule: String,
    #[serde(default)]
    pub text: Option<PText>,
    #[serde(default)]
    pub double: Option<KeyText>,
    #[serde(default)]
    pub half: Option<KeyText>,
    #[serde(default)]
    pub from: Option<i32>,
    #[serde(default)]
    pub cap_at: Option<i32>,
    #[serde(default)]
    pub cap: Option<KeyText>,
}

/// A legend entry: a result expression (`destroyed`, `11+ 2d6`), or
/// `{is: expression, note: …}`, or `{text: …}` for a plain result.
#[derive(Clone, Debug, PartialEq)]
pub struct RawLegendEntry {
    pub is: Option<String>,
    pub text: Option<PText>,
    pub note: Option<PText>,
}

impl<'de> Deserialize<'de> for RawLegendEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawLegendEntry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a result such as `destroyed` or `11+ 2d6`, or a map with `is`, `text`, `note`",
                )
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(RawLegendEntry {
                    is: Some(s.to_string()),
                    text: None,
                    note: None,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut e = RawLegendEntry {
                    is: None,
                    text: None,
                    note: None,
                };
                while let Some(k) = m.next_key::<String>()? {
                    match k.as_str() {
                        "is" => e.is = Some(m.next_value::<KeyText>()?.0),
                        "text" => e.text = Some(m.next_value()?),
                        "note" => e.note = Some(m.next_value()?),
                        other => {
                            return Err(de::Error::unknown_field(other, &["is", "text", "note"]));
                        }
                    }
                }
                if e.is.is_some() == e.text.is_some() {
                    return Err(de::Error::custom(
                        "a legend entry takes either `is` (a result such as `5+`) or `text` (a plain result)",
                    ));
                }
                Ok(e)
            }
        }
        d.deserialize_any(V)
    }
}

/// The legend: code → entry, in the order written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Legend(pub Vec<(String, RawLegendEntry)>);

impl<'de> Deserialize<'de> for Legend {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Legend;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map from the codes printed in the grid to what they mean")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Legend, A::Error> {
                let mut out: Vec<(String, RawLegendEntry)> = Vec::new();
                while let Some(k) = m.next_key::<KeyText>()? {
                    if out.iter().any(|(c, _)| *c == k.0) {
                        return Err(de::Error::custom(format!(
                            "the legend has the code '{}' twice",
                            k.0
                        )));
                    }
                    let v: RawLegendEntry = m.next_value()?;
                    out.push((k.0, v));
                }
                Ok(Legend(out))
            }
        }
        d.deserialize_map(V)
    }
}
