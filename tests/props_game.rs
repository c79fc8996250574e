//! Properties of the game log that `game_props.rs` leaves open: any
//! interleaving of legal play (`core::game::sim`), hand adjustments with any
//! number a player or a hand-edited file can give (`i32::MIN` to
//! `i32::MAX`), undo and redo — across the undo snapshots kept every 256
//! actions:
//!
//! - a refused action changes nothing;
//! - the pools, fear, own DP and herbs never go below 0;
//! - the state is always the log replayed, and the autosaved file always
//!   loads back to the same log and redo list;
//! - undoing everything leads back to the new game, and redoing everything
//!   to the same state again.

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::act;
use impia::core::game::{Action, Game, ModelRef, Side, Status, replay, sim};
use proptest::prelude::*;

fn assert_sane(g: &Game) {
    let st = g.state();
    for (_, s) in st.sides.iter() {
        assert!(s.pool >= 0, "pool negative: {}", s.pool);
    }
    for (r, m) in st.models() {
        assert!(m.fear >= 0, "{r}: fear {}", m.fear);
        assert!(m.own_dp >= 0, "{r}: own DP {}", m.own_dp);
        assert!(m.herbs >= 0, "{r}: herbs {}", m.herbs);
        assert!(m.round >= 1, "{r}: round {}", m.round);
    }
}

#[derive(Clone, Debug)]
enum Op {
    /// Some random legal actions.
    Play(u16),
    Undo(u8),
    Redo(u8),
    /// A hand adjustment or an action typed by hand, with any number.
    Hand(u8, bool, usize, i32),
}

fn op() -> impl Strategy<Value = Op> {
    let number = prop_oneof![
        4 => -6i32..=6,
        1 => Just(i32::MAX),
        1 => Just(i32::MIN),
        1 => any::<i32>(),
    ];
    prop_oneof![
        6 => (1u16..80).prop_map(Op::Play),
        2 => (1u8..20).prop_map(Op::Undo),
        1 => (1u8..20).prop_map(Op::Redo),
        3 => (0u8..9, any::<bool>(), 0usize..6, number)
            .prop_map(|(k, side, i, n)| Op::Hand(k, side, i, n)),
    ]
}

fn hand(kind: u8, side_a: bool, i: usize, n: i32) -> Action {
    let side = if side_a { Side::A } else { Side::B };
    let model = ModelRef::new(side, i);
    match kind {
        0 => Action::AdjustFear(act::AdjustFear { model, delta: n }),
        1 => Action::AdjustPool(act::AdjustPool { side, delta: n }),
        2 => Action::AdjustOwnDp(act::AdjustOwnDp { model, delta: n }),
        3 => Action::AdjustToughness(act::AdjustToughness { model, delta: n }),
        4 => Action::ScenarioPoints(act::ScenarioPoints {
            side,
            points: n,
            note: String::new(),
        }),
        5 => Action::SetRound(act::SetRound { model, round: n }),
        6 => Action::ChangeRound(act::ChangeRound { model, steps: n }),
        7 => Action::SetStatus(act::SetStatus {
            model,
            status: [Status::Standing, Status::Prone, Status::Down][n.unsigned_abs() as usize % 3],
        }),
        _ => Action::Note(act::Note {
            text: format!("nota {n}: «ñ»\n# no es comentario"),
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_interleaving_of_play_hand_changes_undo_and_redo_keeps_the_invariants(
        seed in any::<u64>(),
        ops in prop::collection::vec(op(), 1..30),
    ) {
        let rules = rules();
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("partida.yaml");
        let mut g = Game::new(setup(seed), &rules);
        let start = g.state().clone();
        // Half the games autosave (each action is fsynced: slow on a disk).
        let autosave = seed % 2 == 0;
        if autosave {
            g.save(&path).expect("save");
        }
        let mut rng = Roller::seeded(seed);
        for (k, op) in ops.iter().enumerate() {
            match *op {
                Op::Play(n) => {
                    for _ in 0..n {
                        sim::step(&mut g, &mut rng).expect("random play");
                        assert_sane(&g);
                    }
                }
                Op::Undo(n) => {
                    for _ in 0..n {
                        g.undo().expect("undo");
                    }
                }
                Op::Redo(n) => {
                    for _ in 0..n {
                        g.redo().expect("redo");
                    }
                }
                Op::Hand(kind, side, i, n) => {
                    let before = (g.state().clone(), g.actions().len(), g.redo_list().len());
                    if g.apply(hand(kind, side, i, n)).is_err() {
                        // A refused action changes nothing.
                        prop_assert_eq!(g.state(), &before.0);
                        prop_assert_eq!(g.actions().len(), before.1);
                        prop_assert_eq!(g.redo_list().len(), before.2);
                    }
                }
            }
            assert_sane(&g);
            let st = replay(g.setup(), &rules, g.actions()).expect("the log replays");
            prop_assert_eq!(&st, g.state());
            if autosave && (k % 5 == 4 || k + 1 == ops.len()) {
                let saved = Game::load(&path, &rules).expect("the autosave loads");
                prop_assert_eq!(saved.actions(), g.actions());
                prop_assert_eq!(saved.redo_list(), g.redo_list());
            }
        }
        // Back to the start and forward again, across the snapshots (on a
        // copy, which does not autosave).
        let mut h = g.clone();
        let n = h.actions().len();
        while h.undo().expect("undo") {}
        prop_assert_eq!(h.state(), &start);
        for _ in 0..n {
            prop_assert!(h.redo().expect("redo"));
        }
        prop_assert_eq!(h.actions(), g.actions());
        prop_assert_eq!(h.state(), g.state());
    }
}

#[test]
fn a_number_past_the_bounds_is_refused_where_it_used_to_overflow() {
    // Found by the property above: AdjustToughness with 2147483647 made
    // `toughness()` overflow (a panic in debug builds, nonsense in release).
    let mut g = game();
    turn(&mut g, 4);
    for action in [
        Action::AdjustToughness(act::AdjustToughness {
            model: a(0),
            delta: i32::MAX,
        }),
        Action::AdjustFear(act::AdjustFear {
            model: a(0),
            delta: i32::MIN,
        }),
        Action::AdjustPool(act::AdjustPool {
            side: Side::A,
            delta: 1001,
        }),
        Action::ScenarioPoints(act::ScenarioPoints {
            side: Side::B,
            points: i32::MAX,
            note: String::new(),
        }),
        Action::SetRound(act::SetRound {
            model: a(1),
            round: i32::MAX,
        }),
    ] {
        let e = g.apply(action).expect_err("out of range");
        assert!(e.to_string().contains("out of range"), "{e}");
    }
    ok(
        &mut g,
        Action::AdjustToughness(act::AdjustToughness {
            model: a(0),
            delta: -1000,
        }),
    );
    assert_eq!(g.state().model(a(0)).map(|m| m.toughness_lost), Some(1000));
}
