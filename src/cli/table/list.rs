//! `impia table list`: every table of every pack, as text or JSON.

use serde::Serialize;

use super::{CliError, kind, print_json};
use crate::core::packs::{Body, PackSet};
use crate::core::text::Lang;

#[derive(Serialize)]
struct ListEntry {
    /// `pack/id`, what the other commands take.
    r#ref: String,
    pack: String,
    id: String,
    name: String,
    kind: &'static str,
    dice: Option<String>,
    rule: Option<String>,
    inputs: Vec<String>,
    modifiers: Vec<String>,
}

fn entries(set: &PackSet, pack: Option<&str>, l: Lang) -> Vec<ListEntry> {
    set.packs
        .iter()
        .filter(|p| pack.is_none_or(|w| w == p.id))
        .flat_map(|p| {
            p.tables.iter().map(move |t| ListEntry {
                r#ref: format!("{}/{}", p.id, t.id),
                pack: p.id.clone(),
                id: t.id.clone(),
                name: t.name.get(l).to_string(),
                kind: kind(t),
                dice: t.dice_label(),
                rule: t.rule.clone(),
                inputs: match &t.body {
                    Body::Lookup(lk) => lk.inputs.iter().map(|i| i.id.clone()).collect(),
                    Body::Roll(_) => Vec::new(),
                },
                modifiers: t.modifiers.iter().map(|m| m.id.clone()).collect(),
            })
        })
        .collect()
}

/// Print the list, or refuse a pack that is not there.
pub(super) fn list(set: &PackSet, pack: Option<&str>, json: bool, l: Lang) -> Result<(), CliError> {
    if let Some(p) = pack
        && set.pack(p).is_none()
    {
        let ids: Vec<&str> = set.packs.iter().map(|p| p.id.as_str()).collect();
        return Err(super::not_found(
            set,
            format!(
                "no pack '{}'; the packs are: {}",
                crate::core::text::clip(p),
                ids.join(", ")
            ),
        ));
    }
    let list = entries(set, pack, l);
    if json {
        print_json(&list)?;
    } else {
        for e in list {
            let rule = e.rule.map(|r| format!("  ({r})")).unwrap_or_default();
            outln!(
                "{:<26} {:<9} {:<8} {}{rule}",
                e.r#ref,
                e.kind,
                e.dice.as_deref().unwrap_or("-"),
                e.name
            );
        }
    }
    Ok(())
}
