//! The random player's declarations (issue 23): it answers what an offer
//! asks, at random, and decides no rule itself.

use super::super::action::Action;
use super::super::draft::{DeclKey, DeclKind, Declaration, Declared, declare};
use super::{chance, pick, subset};
use crate::dice::Roller;

/// `draft` with each of its declarations answered at random (issue 23):
/// the random player decides no rule, it answers what the offer asks.
pub fn random_declarations(rng: &mut Roller, draft: &Action, decls: &[Declaration]) -> Action {
    let mut a = draft.clone();
    for d in decls {
        // R23: each side fights with its first weapon, as before the
        // weapon was asked (issue 33): the seeded games, and the checks
        // `tests/check_sources.rs` compares, stay as they were.
        if matches!(d.key, DeclKey::Weapon(_)) {
            continue;
        }
        let v = match &d.kind {
            DeclKind::Flag { .. } => Declared::Count(u32::from(chance(rng, 30))),
            DeclKind::Count { max, .. } => {
                // Mostly the draft's own count (what the tracker knows).
                if chance(rng, 70) {
                    continue;
                }
                Declared::Count(rng.die((*max).clamp(1, 3) + 1) - 1)
            }
            DeclKind::Models { models } => Declared::Models(subset(rng, models)),
            DeclKind::Pick {
                choices,
                many: true,
            } => Declared::Picks(
                choices
                    .iter()
                    .filter(|_| chance(rng, 20))
                    .map(|c| c.id.clone())
                    .collect(),
            ),
            DeclKind::Pick { choices, .. } => {
                let ids: Vec<usize> = (0..choices.len()).collect();
                Declared::Picks(
                    pick(rng, &ids)
                        .filter(|_| chance(rng, 80))
                        .map(|i| vec![choices[i].id.clone()])
                        .unwrap_or_default(),
                )
            }
        };
        declare(&mut a, &d.key, &v);
    }
    a
}
