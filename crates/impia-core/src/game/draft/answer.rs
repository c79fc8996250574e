//! Reading and setting a declaration's answer in an action: each action
//! knows which of its fields each `DeclKey` sets (`Offered::declared`,
//! `Offered::declare` in `acts/<id>.rs`); the helpers they share.

use std::collections::BTreeMap;

use super::super::action::{Action, FightOptions, RangeBand};
use super::super::refs::ModelRef;
use super::{DeclKey, Declared};

/// The band's id as a pick.
pub(crate) fn band_id(b: RangeBand) -> &'static str {
    match b {
        RangeBand::Short => "short",
        RangeBand::Medium => "medium",
        RangeBand::Long => "long",
    }
}

/// The band a pick names (medium when none).
pub(crate) fn band_of(picks: &[String]) -> RangeBand {
    match picks.first().map(String::as_str) {
        Some("short") => RangeBand::Short,
        Some("long") => RangeBand::Long,
        _ => RangeBand::Medium,
    }
}

/// A table option's count as declared (0 when not).
pub(crate) fn count(options: &BTreeMap<String, u32>, id: &str) -> Declared {
    Declared::Count(options.get(id).copied().unwrap_or(0))
}

/// A table option counted `n` times (0: not declared).
pub(crate) fn set_count(options: &mut BTreeMap<String, u32>, id: &str, n: u32) {
    if n == 0 {
        options.remove(id);
    } else {
        options.insert(id.to_string(), n);
    }
}

/// R20, R22, R23, R24, R42: what an Assault or a Fight declared for `key`.
pub(crate) fn melee_value(
    options: &FightOptions,
    key: &DeclKey,
    attacker: ModelRef,
    defender: ModelRef,
) -> Option<Declared> {
    match key {
        DeclKey::Option(id) => Some(count(&options.options, id)),
        DeclKey::Imposing => Some(Declared::Models(options.imposing.clone())),
        DeclKey::Weapon(m) => {
            let w = weapon_of(options, *m, attacker, defender)?;
            Some(Declared::Picks(w.iter().cloned().collect()))
        }
        _ => None,
    }
}

/// R23: the weapon field of `m` in a fight of `attacker` on `defender`.
fn weapon_of(
    options: &FightOptions,
    m: ModelRef,
    attacker: ModelRef,
    defender: ModelRef,
) -> Option<&Option<String>> {
    if m == attacker {
        Some(&options.weapon)
    } else if m == defender {
        Some(&options.defender_weapon)
    } else {
        None
    }
}

/// R20, R22, R23, R24, R42: an Assault's or a Fight's `key` declared as
/// `v`.
pub(crate) fn melee_declare(
    options: &mut FightOptions,
    key: &DeclKey,
    v: &Declared,
    attacker: ModelRef,
    defender: ModelRef,
) -> bool {
    match (key, v) {
        (DeclKey::Option(id), Declared::Count(n)) => set_count(&mut options.options, id, *n),
        (DeclKey::Imposing, Declared::Models(ms)) => options.imposing = ms.clone(),
        (DeclKey::Weapon(m), Declared::Picks(p)) if p.len() <= 1 => {
            let w = p.first().cloned();
            if *m == attacker {
                options.weapon = w;
            } else if *m == defender {
                options.defender_weapon = w;
            } else {
                return false;
            }
        }
        _ => return false,
    }
    true
}

/// What the players declared so far for `key` in `action`.
pub fn value(action: &Action, key: &DeclKey) -> Option<Declared> {
    action.act().declares()?.declared(key)
}

/// `action` with `key` declared as `v`; `false` (and `action` unchanged)
/// when the action has no such declaration or `v` is the wrong kind.
pub fn declare(action: &mut Action, key: &DeclKey, v: &Declared) -> bool {
    action
        .act_mut()
        .declares_mut()
        .is_some_and(|d| d.declare(key, v))
}
