//! A phone's POST body understood (issue 26): the routes that act, and
//! each body's JSON read strictly (no key twice, issue 32) into an
//! [`Ask`] for the game's owner, or the words of a 400.

use super::Ask;
use crate::core::game::draft::{DeclKey, Declared};
use crate::core::game::{Action, SideDice};
use crate::core::text::Lang;

/// The routes that act (issue 26).
#[derive(Clone, Copy, Debug)]
pub(super) enum PostKind {
    Act,
    Undo,
    Price,
    Targets,
    Confirm,
    Answer,
    After,
}

impl PostKind {
    pub(super) fn of(tail: &str) -> Option<PostKind> {
        Some(match tail {
            "/act" => PostKind::Act,
            "/undo" => PostKind::Undo,
            "/price" => PostKind::Price,
            "/targets" => PostKind::Targets,
            "/confirm" => PostKind::Confirm,
            "/answer" => PostKind::Answer,
            "/after" => PostKind::After,
            _ => return None,
        })
    }

    /// The body's keys, the required first.
    pub(super) fn keys(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            PostKind::Act => (&["index", "action"], &["dice"]),
            PostKind::Undo | PostKind::Confirm | PostKind::After => (&["index"], &[]),
            PostKind::Price => (&["action"], &["declare"]),
            PostKind::Targets => (&["index", "offer"], &[]),
            PostKind::Answer => (&["index", "allow"], &[]),
        }
    }
}

/// A POST's body read (within [`MAX_BODY`](super::MAX_BODY)) and understood, or the 400/413
/// that says why not, in the request's language.
/// The body's JSON object, strictly read (no key twice), with exactly the
/// keys `kind` takes; else the 400's words.
fn body_map(
    kind: PostKind,
    body: &[u8],
    l: Lang,
) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let bad = |es: String, en: String| l.pick(&es, &en).to_string();
    let value = super::strict::from_slice(body).map_err(|e| {
        let e = e.to_string();
        match e.strip_prefix(super::strict::DUPLICATE) {
            Some(rest) => bad(
                format!("clave repetida {rest}"),
                format!("duplicate key {rest}"),
            ),
            None => bad(
                format!("el cuerpo no es JSON: {e}"),
                format!("the body is not JSON: {e}"),
            ),
        }
    })?;
    let serde_json::Value::Object(map) = value else {
        return Err(bad(
            "el cuerpo debe ser un objeto JSON".into(),
            "the body must be a JSON object".into(),
        ));
    };
    let (required, optional) = kind.keys();
    if let Some(k) = map
        .keys()
        .find(|k| !required.contains(&k.as_str()) && !optional.contains(&k.as_str()))
    {
        return Err(bad(
            format!("clave desconocida \"{k}\""),
            format!("unknown key \"{k}\""),
        ));
    }
    if let Some(k) = required.iter().find(|k| !map.contains_key(**k)) {
        return Err(bad(format!("falta \"{k}\""), format!("missing \"{k}\"")));
    }
    Ok(map)
}

pub(super) fn ask_of(kind: PostKind, body: &[u8], l: Lang) -> Result<Ask, String> {
    let bad = |es: String, en: String| l.pick(&es, &en).to_string();
    let map = body_map(kind, body, l)?;
    let index = || -> Result<u64, String> {
        map.get("index").and_then(|v| v.as_u64()).ok_or_else(|| {
            bad(
                "\"index\" debe ser un número entero".into(),
                "\"index\" must be a whole number".into(),
            )
        })
    };
    let action = || -> Result<Action, String> {
        let a = map.get("action").map(|v| v.to_string()).unwrap_or_default();
        Action::from_json(&a).map_err(|e| {
            let e = crate::core::error::shorten_quotes(&e.to_string());
            bad(
                format!("\"action\" no es una acción: {e}"),
                format!("\"action\" is not an action: {e}"),
            )
        })
    };
    Ok(match kind {
        PostKind::Act => {
            let dice: Vec<SideDice> = match map.get("dice") {
                None | Some(serde_json::Value::Null) => Vec::new(),
                Some(d) => serde_json::from_value(d.clone()).map_err(|e| {
                    bad(
                        format!("\"dice\" debe ser una lista de {{\"d10\", \"d3\"}}: {e}"),
                        format!("\"dice\" must be a list of {{\"d10\", \"d3\"}}: {e}"),
                    )
                })?,
            };
            Ask::Act {
                index: index()?,
                action: action()?,
                dice,
            }
        }
        PostKind::Undo => Ask::Undo { index: index()? },
        PostKind::Targets => Ask::Targets {
            index: index()?,
            offer: map
                .get("offer")
                .and_then(|v| v.as_u64())
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    bad(
                        "\"offer\" debe ser un número entero".into(),
                        "\"offer\" must be a whole number".into(),
                    )
                })?,
        },
        PostKind::Confirm => Ask::Confirm { index: index()? },
        PostKind::After => Ask::After { index: index()? },
        PostKind::Answer => Ask::Answer {
            index: index()?,
            allow: map.get("allow").and_then(|v| v.as_bool()).ok_or_else(|| {
                bad(
                    "\"allow\" debe ser true o false".into(),
                    "\"allow\" must be true or false".into(),
                )
            })?,
        },
        PostKind::Price => {
            #[derive(serde::Deserialize)]
            #[serde(deny_unknown_fields)]
            struct Declare {
                key: DeclKey,
                value: Declared,
            }
            let declare = match map.get("declare") {
                None | Some(serde_json::Value::Null) => None,
                Some(d) => {
                    let d: Declare = serde_json::from_value(d.clone()).map_err(|e| {
                        bad(
                            format!("\"declare\" debe ser {{\"key\", \"value\"}}: {e}"),
                            format!("\"declare\" must be {{\"key\", \"value\"}}: {e}"),
                        )
                    })?;
                    Some((d.key, d.value))
                }
            };
            Ask::Price {
                action: action()?,
                declare,
            }
        }
    })
}
