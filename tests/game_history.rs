//! Issue 14: a game opened from its file replays its log without writing
//! the history's lines; a line is built when it is first asked for, from the
//! checkpoint before it. These tests check that the lines so built are the
//! ones the live game wrote, in any order asked, after undo and redo, and
//! that a recovered game stops just before its refused action.

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::act;
use impia::core::game::{Action, Game, GameFileError, file, replay, sim};
use impia::core::text::Lang;

fn random_game(seed: u64, n: usize) -> Game {
    let mut g = Game::new(setup(seed), &rules());
    let mut rng = Roller::seeded(seed.wrapping_mul(17) + 5);
    sim::play(&mut g, &mut rng, n).expect("random play");
    g
}

fn lines(g: &Game, l: Lang) -> Vec<String> {
    g.log().map(|e| e.describe(l).to_string()).collect()
}

/// `g`'s log written to a fresh game file.
fn saved(g: &Game, actions: &[Action]) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.yaml");
    let text = file::to_text(g.setup(), &[], &[], actions).expect("text");
    std::fs::write(&path, text).expect("write");
    (dir, path)
}

#[test]
fn lines_of_a_loaded_game_are_the_live_ones_in_any_order() {
    let live = random_game(4, 1_100);
    let (_dir, path) = saved(&live, live.actions());
    let g = Game::load(&path, &rules()).expect("load");
    let n = g.actions().len();
    assert_eq!(g.log().len(), n);
    let (es, en) = (lines(&live, Lang::Es), lines(&live, Lang::En));
    // The last line first (the log view starts at the bottom), then lines
    // of other blocks, then every line backwards, in both languages.
    for i in [n - 1, 0, 700, 255, 256, 257, 511, 1_000] {
        let e = g.log().nth(i).expect("entry");
        assert_eq!(e.index, i);
        assert_eq!(e.describe(Lang::En), en[i], "line {i}");
    }
    for e in g.log().rev() {
        assert_eq!(e.describe(Lang::Es), es[e.index], "line {}", e.index);
    }
    assert_eq!(lines(&g, Lang::En), en);
    assert_eq!(g.state(), live.state());
}

#[test]
fn skipping_and_reversing_the_log_gives_the_right_entries() {
    let g = random_game(2, 300);
    let n = g.actions().len();
    let visible: Vec<usize> = g.log().skip(n - 40).take(40).map(|e| e.index).collect();
    assert_eq!(visible, (n - 40..n).collect::<Vec<_>>());
    let mut it = g.log();
    assert_eq!(it.nth(10).map(|e| e.index), Some(10));
    assert_eq!(it.nth_back(5).map(|e| e.index), Some(n - 6));
    assert_eq!(it.len(), n - 6 - 11);
    assert_eq!(g.log().rev().nth(n).map(|e| e.index), None);
    for e in g.log().skip(n - 3) {
        assert!(std::ptr::eq(e.action, &g.actions()[e.index]));
    }
}

#[test]
fn undo_and_play_on_a_loaded_game_keep_its_history_true() {
    let live = random_game(7, 800);
    let (_dir, path) = saved(&live, live.actions());
    let mut g = Game::load(&path, &rules()).expect("load");
    let mut reference = Game::from_log(
        live.setup().clone(),
        &rules(),
        live.actions()[..live.actions().len() - 300].to_vec(),
    )
    .expect("replays");
    // The last block built (the log view shows the end), then undo
    // across checkpoints into blocks never built, then the lines.
    let last = g.log().last().map(|e| e.describe(Lang::En).to_string());
    assert_eq!(last, lines(&live, Lang::En).last().cloned());
    for _ in 0..300 {
        assert!(g.undo().expect("undo"));
    }
    assert_eq!(g.state(), reference.state());
    assert_eq!(lines(&g, Lang::En), lines(&live, Lang::En)[..g.log().len()]);
    // Play on both: the same dice give the same actions and lines.
    let mut rng = Roller::seeded(99);
    let mut rng2 = Roller::seeded(99);
    for _ in 0..50 {
        sim::step(&mut g, &mut rng).expect("play");
        sim::step(&mut reference, &mut rng2).expect("play");
    }
    assert_eq!(g.actions().len(), reference.actions().len());
    assert_eq!(lines(&g, Lang::Es), lines(&reference, Lang::Es));
}

#[test]
fn a_recovered_game_stops_just_before_its_refused_action() {
    let live = random_game(5, 900);
    let rules = rules();
    let at = 600;
    let before = Game::from_log(live.setup().clone(), &rules, live.actions()[..at].to_vec())
        .expect("replays");
    // An action the game refuses at that point.
    let bad = [
        Action::EndTurn(act::EndTurn {}),
        Action::Accept(act::Accept {
            witnesses: None,
            stray: None,
            within_30cm: None,
        }),
        Action::StartTurn(act::StartTurn {
            dark_forces: vec![5],
        }),
    ]
    .into_iter()
    .find(|a| before.check(a).is_err())
    .expect("one of them is refused");
    let mut log = live.actions()[..at].to_vec();
    log.push(bad);
    log.extend_from_slice(&live.actions()[at..]);
    let (_dir, path) = saved(&live, &log);

    match Game::load(&path, &rules) {
        Err(GameFileError::Inconsistent { index, .. }) => assert_eq!(index, at),
        other => panic!("expected the action {at} refused: {other:?}"),
    }
    let (g, problem) = Game::recover(&path, &rules).expect("recover");
    assert!(
        matches!(problem, Some(GameFileError::Inconsistent { index, .. }) if index == at),
        "{problem:?}"
    );
    assert_eq!(g.actions(), &live.actions()[..at]);
    // The state is the one before the refused action, whatever it half did.
    assert_eq!(
        g.state(),
        &replay(g.setup(), &rules, g.actions()).expect("replays")
    );
    assert_eq!(g.state(), before.state());
    assert_eq!(lines(&g, Lang::En), lines(&live, Lang::En)[..at]);
}
