//! Reading and setting a declaration's answer in an action: the one
//! place that knows which field of which action each `DeclKey` sets.

use super::super::action::{Action, RangeBand};
use super::{AIMED_SHOT, DeclKey, Declared, IRON_DEFENCE};
use crate::core::game::act;

/// The band's id as a pick.
fn band_id(b: RangeBand) -> &'static str {
    match b {
        RangeBand::Short => "short",
        RangeBand::Medium => "medium",
        RangeBand::Long => "long",
    }
}

/// What the players declared so far for `key` in `action`.
pub fn value(action: &Action, key: &DeclKey) -> Option<Declared> {
    use Action as A;
    use DeclKey as K;
    let count = |m: &std::collections::BTreeMap<String, u32>, id: &str| {
        Declared::Count(m.get(id).copied().unwrap_or(0))
    };
    Some(match (action, key) {
        (
            A::Assault(act::Assault { options, .. }) | A::Fight(act::Fight { options, .. }),
            K::Option(id),
        ) => count(&options.options, id),
        (
            A::Assault(act::Assault { options, .. }) | A::Fight(act::Fight { options, .. }),
            K::Imposing,
        ) => Declared::Models(options.imposing.clone()),
        (A::Shoot(act::Shoot { options, .. }), K::Option(id)) => count(&options.options, id),
        (A::Shoot(act::Shoot { options, .. }), K::Imposing) => {
            Declared::Models(options.imposing.clone())
        }
        (A::Shoot(act::Shoot { options, .. }), K::Band) => {
            Declared::Picks(vec![band_id(options.band).to_string()])
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::Cover) => {
            Declared::Picks(options.cover.clone())
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::SurvivalInstinct) => {
            Declared::Count(u32::from(options.survival_instinct))
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::Inspired) => {
            Declared::Models(options.inspired.clone())
        }
        (A::Shoot(act::Shoot { options, .. }), K::Row(id)) if id == AIMED_SHOT => {
            Declared::Count(u32::from(options.aimed))
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::Row(id)) if id == IRON_DEFENCE => {
            Declared::Count(u32::from(options.iron_defence))
        }
        (
            A::ResolveHit(act::ResolveHit { witnesses, .. }) | A::Fall(act::Fall { witnesses, .. }),
            K::Witnesses,
        ) => Declared::Models(witnesses.clone()),
        (A::Accept(act::Accept { witnesses, .. }), K::Witnesses) => {
            Declared::Models(witnesses.clone().unwrap_or_default())
        }
        (A::LeaderRally(act::LeaderRally { models, .. }), K::Listed) => {
            Declared::Models(models.clone())
        }
        (A::CastSpell(act::CastSpell { within_15cm, .. }), K::Listed) => {
            Declared::Models(within_15cm.clone())
        }
        (A::Loot(act::Loot { item, .. }), K::Item) => Declared::Picks(if item.is_empty() {
            Vec::new()
        } else {
            vec![item.clone()]
        }),
        _ => return None,
    })
}

/// `action` with `key` declared as `v`; `false` (and `action` unchanged)
/// when the action has no such declaration or `v` is the wrong kind.
pub fn declare(action: &mut Action, key: &DeclKey, v: &Declared) -> bool {
    use Action as A;
    use DeclKey as K;
    use Declared as V;
    let set_count = |m: &mut std::collections::BTreeMap<String, u32>, id: &str, n: u32| {
        if n == 0 {
            m.remove(id);
        } else {
            m.insert(id.to_string(), n);
        }
    };
    match (action, key, v) {
        (
            A::Assault(act::Assault { options, .. }) | A::Fight(act::Fight { options, .. }),
            K::Option(id),
            V::Count(n),
        ) => set_count(&mut options.options, id, *n),
        (
            A::Assault(act::Assault { options, .. }) | A::Fight(act::Fight { options, .. }),
            K::Imposing,
            V::Models(ms),
        ) => options.imposing = ms.clone(),
        (A::Shoot(act::Shoot { options, .. }), K::Option(id), V::Count(n)) => {
            set_count(&mut options.options, id, *n)
        }
        (A::Shoot(act::Shoot { options, .. }), K::Imposing, V::Models(ms)) => {
            options.imposing = ms.clone()
        }
        (A::Shoot(act::Shoot { options, .. }), K::Band, V::Picks(p)) => {
            options.band = match p.first().map(String::as_str) {
                Some("short") => RangeBand::Short,
                Some("long") => RangeBand::Long,
                _ => RangeBand::Medium,
            }
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::Cover, V::Picks(p)) => {
            options.cover = p.clone()
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::SurvivalInstinct, V::Count(n)) => {
            options.survival_instinct = *n > 0
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::Inspired, V::Models(ms)) => {
            options.inspired = ms.clone()
        }
        (A::Loot(act::Loot { item, .. }), K::Item, V::Picks(p)) => {
            *item = p.first().cloned().unwrap_or_default()
        }
        (A::Shoot(act::Shoot { options, .. }), K::Row(id), V::Count(n)) if id == AIMED_SHOT => {
            options.aimed = *n > 0
        }
        (A::ResolveHit(act::ResolveHit { options, .. }), K::Row(id), V::Count(n))
            if id == IRON_DEFENCE =>
        {
            options.iron_defence = *n > 0
        }
        (
            A::ResolveHit(act::ResolveHit { witnesses, .. }) | A::Fall(act::Fall { witnesses, .. }),
            K::Witnesses,
            V::Models(ms),
        ) => *witnesses = ms.clone(),
        // Naming none at the accept keeps those named with the roll.
        (A::Accept(act::Accept { witnesses, .. }), K::Witnesses, V::Models(ms)) => {
            *witnesses = (!ms.is_empty()).then(|| ms.clone())
        }
        (A::LeaderRally(act::LeaderRally { models, .. }), K::Listed, V::Models(ms)) => {
            *models = ms.clone()
        }
        (A::CastSpell(act::CastSpell { within_15cm, .. }), K::Listed, V::Models(ms)) => {
            *within_15cm = ms.clone()
        }
        _ => return false,
    }
    true
}
