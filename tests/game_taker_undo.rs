//! Issue 26 with issue 23: who took the log's last action, for undo, is
//! who could take it in the state before it. `Game::last_taker` asks the
//! state before only of the actions whose taker reads the state (each
//! action's file says whether, `Rules::taker_reads_the_state`); a file
//! that said no wrongly would give another answer here.

use std::collections::BTreeSet;

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::{ActionKind, Game, sim};

#[test]
fn r08_the_last_taker_is_the_taker_in_the_state_before_for_every_action_of_random_games() {
    let mut kinds = BTreeSet::new();
    let mut checked = 0;
    for seed in 1..=3u64 {
        let mut g = Game::new(setup(seed), &rules());
        let mut rng = Roller::seeded(seed);
        for _ in 0..250 {
            if g.state().ended.is_some() {
                break;
            }
            sim::step_ending(&mut g, &mut rng, 200).expect("a random step");
        }
        while let Some(last) = g.actions().last().cloned() {
            let took = g.last_taker();
            assert!(g.undo().expect("undo"), "the log is not empty");
            assert_eq!(took, Some(g.taker(&last)), "seed {seed}: {last:?}");
            kinds.insert(last.kind());
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} actions checked");
    // The one whose taker reads the state, and a model's own, were met.
    for k in [
        ActionKind::ChooseStart,
        ActionKind::Activate,
        ActionKind::Move,
    ] {
        assert!(kinds.contains(&k), "{} never played", k.id());
    }
}
