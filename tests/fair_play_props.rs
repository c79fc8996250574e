//! Issue 33, a property over random games: for every offer and every field
//! of its draft (each declaration answered, a hand modifier on each side's
//! roll, each side's typed dice), a seat that does not own the field is
//! refused, or — a fact that harms the owner's models — it waits for the
//! owner's leave; never applied. Every field has a warband or either
//! player as its owner.

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::draft::{DeclKind, Declared};
use impia::core::game::rights::{Asked, Refused};
use impia::core::game::{
    Action, ExtraModifier, Game, GameSetup, Party, Side, SideDice, Taker, draft, sim,
};
use proptest::prelude::*;

/// Each declaration answered with all it offers (every model, a count of
/// one, the first pick).
fn answered(g: &Game, d: &Action) -> Vec<Action> {
    g.declarations(d)
        .into_iter()
        .filter_map(|decl| {
            let v = match &decl.kind {
                DeclKind::Flag { .. } | DeclKind::Count { .. } => Declared::Count(1),
                DeclKind::Models { models } => Declared::Models(models.clone()),
                DeclKind::Pick { choices, .. } => {
                    Declared::Picks(choices.iter().take(1).map(|c| c.id.clone()).collect())
                }
            };
            let mut a = d.clone();
            draft::declare(&mut a, &decl.key, &v).then_some(a)
        })
        .collect()
}

/// `d` with a hand modifier on `on`'s roll, where the action takes one.
fn with_extra(d: &Action, on: Party) -> Option<Action> {
    let e = ExtraModifier {
        on,
        reason: "x".into(),
        modifier: -3,
        ..Default::default()
    };
    let mut a = d.clone();
    match &mut a {
        Action::Assault(x) => x.options.extra.push(e),
        Action::Fight(x) => x.options.extra.push(e),
        Action::Shoot(x) => x.options.extra.push(e),
        Action::ResolveHit(x) => x.options.extra.push(e),
        _ => return None,
    }
    Some(a)
}

fn check_draft(g: &Game, d: &Action) -> Result<usize, TestCaseError> {
    let mut tried = 0;
    for o in g.owners(d) {
        prop_assert!(
            o.owner != Taker::Neither,
            "{:?} of {d:?} has no owner",
            o.field
        );
        if !o.set {
            continue;
        }
        for side in Side::WARBANDS {
            if o.owner.allows(side) {
                continue;
            }
            tried += 1;
            match g.ask(side, d, &[]) {
                Err(Refused::Denied(_)) => {}
                Ok(Asked::Wait(w)) => prop_assert!(
                    Taker::of_side(w.from) == o.owner && w.by == side,
                    "{side:?} waits for the wrong seat on {d:?}: {w:?}"
                ),
                other => prop_assert!(false, "{side:?} set {:?} of {d:?}: {other:?}", o.field),
            }
        }
    }
    // Typed dice: all the sets from one seat, when some are the other's.
    if d.is_roll()
        && let Ok(slots) = g.dice_slots(d)
    {
        let all: Vec<SideDice> = slots
            .iter()
            .map(|s| SideDice::new(5, vec![2; s.d3() as usize]))
            .collect();
        for side in Side::WARBANDS {
            let foreign = slots.iter().any(|s| {
                s.model
                    .is_some_and(|m| !Taker::of_side(m.side).allows(side))
            });
            if foreign && g.denied(d, side).is_none() {
                tried += 1;
                prop_assert!(
                    matches!(g.ask(side, d, &all), Err(Refused::Denied(_))),
                    "{side:?} typed the other's dice of {d:?}"
                );
            }
        }
    }
    Ok(tried)
}

fn check_position(g: &Game) -> Result<usize, TestCaseError> {
    let mut tried = 0;
    for o in g.offers().offers {
        if !o.allowed {
            continue;
        }
        let mut drafts = vec![o.draft.clone()];
        drafts.extend(o.targets.iter().map(|t| t.draft.clone()));
        for base in drafts {
            let mut all = answered(g, &base);
            all.extend(
                [Party::Attacker, Party::Defender]
                    .iter()
                    .filter_map(|p| with_extra(&base, *p)),
            );
            all.push(base);
            for d in &all {
                tried += check_draft(g, d)?;
            }
        }
    }
    Ok(tried)
}

fn play_and_check(setup: GameSetup, seed: u64, steps: usize) -> Result<usize, TestCaseError> {
    let mut g = Game::new(setup, &rules());
    let mut rng = Roller::seeded(seed);
    let mut tried = 0;
    for _ in 0..steps {
        tried += check_position(&g)?;
        if sim::step(&mut g, &mut rng).is_err() {
            break;
        }
    }
    Ok(tried)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn a_seat_never_sets_a_field_it_does_not_own(seed in any::<u64>()) {
        let mut ra = roster_a();
        ra.models[0].upgrades.push("inspiring".into());
        let mut rb = roster_b();
        rb.models[0].upgrades.push("imposing_presence".into());
        let s = GameSetup::new(ra, rb).with_seed(seed).with_rules(3);
        let tried = play_and_check(s, seed, 50)?;
        prop_assert!(tried > 20, "only {tried} fields tried");
    }
}
