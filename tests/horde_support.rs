//! Two large warbands at the first pick of their first turn (issue 32's
//! speed measurements): shared by `tests/serve_lean.rs` and
//! `benches/warband.rs`.

use impia::core::game::{Action, Game, GameSetup, Now, Side, act};
use impia::core::roster::{Model, Roster};
use impia::core::tables::RuleSet;

/// A Leader and `n - 1` warriors with a spear and a bow.
pub fn horde(name: &str, n: usize) -> Roster {
    let mut r = Roster::starter(name);
    r.points_limit = Some(u32::MAX);
    r.models.extend((1..n).map(|i| Model {
        name: format!("Guerrero {i}"),
        troop: "warrior".into(),
        weapons: vec!["spear".into(), "bow".into()],
        ..Default::default()
    }));
    r
}

/// A game of `models` models in all, at the first pick of the first turn.
pub fn at_pick(rules: &RuleSet, models: usize) -> Game {
    let setup =
        GameSetup::new(horde("Hueste", models / 2), horde("Horda", models / 2)).with_seed(3);
    let mut g = Game::new(setup, rules);
    for a in [
        Action::StartTurn(act::StartTurn {
            dark_forces: vec![4],
        }),
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    ] {
        g.apply(a).expect("turn starts");
    }
    for _ in 0..20 {
        match g.now() {
            Now::Pick { .. } => break,
            Now::RollOff { .. } => g
                .apply(Action::RollOff(act::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(Side::A),
                }))
                .expect("roll-off"),
            other => panic!("unexpected step {other:?}"),
        }
    }
    g
}
