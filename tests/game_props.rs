//! Invariants of the game log over long random games: replay(log) == state,
//! undo then redo is the identity, the pool is never negative, and the game
//! file round-trips, recovers from a torn last line and refuses what it
//! cannot read with file:line:col.

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::act;
use impia::core::game::{Action, Game, GameFileError, Side, file, replay, sim};
use impia::core::text::Lang;
use proptest::prelude::*;

fn assert_sane(g: &Game) {
    let st = g.state();
    for (_, s) in st.sides.iter() {
        assert!(s.pool >= 0, "pool negative: {}", s.pool);
    }
    for (r, m) in st.models() {
        assert!(m.fear >= 0, "{r}: fear {}", m.fear);
        assert!(
            m.own_dp >= 0 && m.herbs >= 0,
            "{r}: own {} herbs {}",
            m.own_dp,
            m.herbs
        );
    }
}

fn random_game(seed: u64, n: usize) -> Game {
    let mut g = Game::new(setup(seed), &rules());
    let mut rng = Roller::seeded(seed.wrapping_mul(31) + 1);
    sim::play(&mut g, &mut rng, n).expect("random play");
    g
}

fn lines(g: &Game) -> Vec<String> {
    g.log().map(|e| e.describe(Lang::Es).to_string()).collect()
}

#[test]
fn r10_r11_pool_never_negative_in_long_random_games() {
    let rules = rules();
    for seed in 0..12 {
        let mut g = Game::new(setup(seed), &rules);
        let mut rng = Roller::seeded(seed);
        for _ in 0..400 {
            sim::step(&mut g, &mut rng).unwrap();
            assert_sane(&g);
        }
        assert!(
            g.state().turn >= 2,
            "seed {seed}: only reached turn {}",
            g.state().turn
        );
    }
}

#[test]
fn replay_of_the_log_is_the_state() {
    let rules = rules();
    for seed in 0..12 {
        let g = random_game(seed, 600);
        let st = replay(g.setup(), &rules, g.actions()).unwrap();
        assert_eq!(&st, g.state(), "seed {seed}");
        let again = Game::from_log(g.setup().clone(), &rules, g.actions().to_vec()).unwrap();
        assert_eq!(lines(&again), lines(&g));
    }
}

#[test]
fn undo_then_redo_is_the_identity() {
    let mut g = random_game(3, 0);
    let mut rng = Roller::seeded(77);
    for i in 0..700 {
        sim::step(&mut g, &mut rng).unwrap();
        if i % 7 == 0 {
            let (state, actions, history) = (g.state().clone(), g.actions().to_vec(), lines(&g));
            assert!(g.undo().unwrap());
            assert!(g.can_redo());
            assert!(g.redo().unwrap());
            assert_eq!(g.state(), &state, "after action {i}");
            assert_eq!(g.actions(), &actions[..]);
            assert_eq!(lines(&g), history);
            assert!(!g.can_redo());
        }
    }
}

#[test]
fn undo_walks_back_through_every_state() {
    let mut g = random_game(5, 0);
    let mut rng = Roller::seeded(5);
    let mut states = vec![g.state().clone()];
    for _ in 0..600 {
        sim::step(&mut g, &mut rng).unwrap();
        states.push(g.state().clone());
    }
    while g.can_undo() {
        states.pop();
        assert!(g.undo().unwrap());
        assert_eq!(
            Some(g.state()),
            states.last(),
            "at {} actions",
            g.actions().len()
        );
    }
    assert!(!g.undo().unwrap());
    // And forward again to the end.
    while g.redo().unwrap() {}
    assert_eq!(g.actions().len(), 600);
}

#[test]
fn a_new_action_after_undo_clears_the_redo_list() {
    let mut g = game();
    turn(&mut g, 4);
    g.undo().unwrap();
    assert!(g.can_redo());
    ok(
        &mut g,
        Action::Note(act::Note {
            text: "otra cosa".into(),
        }),
    );
    assert!(!g.can_redo());
}

#[test]
fn the_game_file_round_trips_with_its_redo_list() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("partida.yaml");
    let mut g = random_game(9, 300);
    g.undo().unwrap();
    g.undo().unwrap();
    g.save(&path).unwrap();
    let h = Game::load(&path, &rules()).unwrap();
    assert_eq!(h.state(), g.state());
    assert_eq!(h.actions(), g.actions());
    assert_eq!(h.redo_list(), g.redo_list());
    assert_eq!(h.setup(), g.setup());
    assert_eq!(lines(&h), lines(&g));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nversion: 3\n"));
    // Rosters are embedded: the file replays anywhere.
    assert!(text.contains("name: Hijos del Lobo"));
}

#[test]
fn autosave_keeps_the_file_equal_to_the_game_after_every_kind_of_step() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("partida.yaml");
    let mut g = Game::new(setup(11), &rules());
    g.save(&path).unwrap();
    let mut rng = Roller::seeded(11);
    for i in 0..300 {
        match i % 50 {
            10 => {
                g.undo().unwrap();
            }
            11 => {
                g.redo().unwrap();
            }
            20 => {
                g.undo().unwrap();
            }
            _ => sim::step(&mut g, &mut rng).unwrap(),
        }
        if i % 25 == 0 {
            let h = Game::load(&path, &rules()).unwrap();
            assert_eq!(h.actions(), g.actions(), "step {i}");
            assert_eq!(h.redo_list(), g.redo_list(), "step {i}");
        }
    }
    let h = Game::load(&path, &rules()).unwrap();
    assert_eq!(h.state(), g.state());
}

#[test]
fn a_torn_last_line_is_dropped_and_the_next_save_rewrites_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("partida.yaml");
    let mut g = random_game(13, 120);
    g.save(&path).unwrap();
    // The writer died in a crash (its lock went with it).
    let expected = g.actions().to_vec();
    drop(g);
    // The action in flight at a crash: half a line, no newline.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("- {\"action\":\"move\",\"mo");
    std::fs::write(&path, &text).unwrap();
    let f = file::read(&path).unwrap();
    assert!(f.torn_tail);
    let mut h = Game::load(&path, &rules()).unwrap();
    assert_eq!(h.actions(), &expected[..]);
    ok(
        &mut h,
        Action::Note(act::Note {
            text: "tras el corte".into(),
        }),
    );
    drop(h);
    let again = Game::load(&path, &rules()).unwrap();
    assert_eq!(again.actions().len(), expected.len() + 1);
    assert!(!file::read(&path).unwrap().torn_tail);
}

#[test]
fn a_newer_game_file_is_refused_with_a_message_that_says_so() {
    // One past the newest this impia writes (issue 38 made 4 current).
    let newer = impia::core::game::file::GAME_VERSION + 1;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nueva.yaml");
    let mut g = game();
    g.save(&path).unwrap();
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\nversion: 3\n", &format!("\nversion: {newer}\n"));
    std::fs::write(&path, text).unwrap();
    let e = Game::load(&path, &rules()).unwrap_err().to_string();
    assert!(
        e.contains(&format!("version {newer}")) && e.contains("newer impia") && e.contains(":3:1:"),
        "{e}"
    );
}

#[test]
fn a_broken_game_file_names_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rota.yaml");
    let mut g = random_game(2, 20);
    g.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let n = text
        .lines()
        .position(|l| l.starts_with("- {\"action\":\"end_change_round\""))
        .unwrap()
        + 1;
    let broken = text.replacen(
        "\"action\":\"end_change_round\"",
        "\"action\":\"end_change_rounds\"",
        1,
    );
    std::fs::write(&path, broken).unwrap();
    let e = Game::load(&path, &rules()).unwrap_err();
    let GameFileError::Data(d) = &e else {
        panic!("{e}")
    };
    assert_eq!(d.pos.map(|p| p.line), Some(n), "{e}");
    assert!(e.to_string().contains("end_change_rounds"), "{e}");
    // A missing file too.
    let e = Game::load(&dir.path().join("nada.yaml"), &rules()).unwrap_err();
    assert!(e.to_string().contains("nada.yaml"));
}

#[test]
fn an_edited_log_reports_its_first_inconsistent_action_and_recover_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("editada.yaml");
    let mut g = game();
    turn(&mut g, 4);
    ok(
        &mut g,
        Action::RollOff(act::RollOff {
            rolls: vec![[8, 2]],
            starts: Some(Side::A),
        }),
    );
    ok(&mut g, Action::Activate(act::Activate { model: a(0) }));
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    g.save(&path).unwrap();
    // The game is closed (its writer's lock goes with it).
    drop(g);
    // Someone edits the activation to a model of round 4.
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "{\"action\":\"activate\",\"model\":\"a0\"}",
        "{\"action\":\"activate\",\"model\":\"a1\"}",
    );
    std::fs::write(&path, &text).unwrap();
    match Game::load(&path, &rules()).unwrap_err() {
        GameFileError::Inconsistent {
            index, line, error, ..
        } => {
            assert_eq!(index, 4);
            assert_eq!(
                text.lines().nth(line - 1).map(|l| l.contains("a1")),
                Some(true)
            );
            assert_eq!(error.rule, Some("R06"));
        }
        e => panic!("{e}"),
    }
    let (h, problem) = Game::recover(&path, &rules()).unwrap();
    assert!(problem.is_some());
    assert_eq!(h.actions().len(), 4);
    assert!(dir.path().join("editada.yaml.bak").exists());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_random_game_replays_to_its_state_and_keeps_pools_non_negative(seed in 0u64..10_000, n in 1usize..250) {
        let g = random_game(seed, n);
        assert_sane(&g);
        let st = replay(g.setup(), &rules(), g.actions()).unwrap();
        prop_assert_eq!(&st, g.state());
    }
}

#[test]
fn a_clone_of_a_game_does_not_write_to_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("partida.yaml");
    let mut g = game();
    g.save(&path).unwrap();
    let mut copy = g.clone();
    assert_eq!(copy.path(), None);
    ok(
        &mut copy,
        Action::Note(act::Note {
            text: "solo en la copia".into(),
        }),
    );
    assert_eq!(Game::load(&path, &rules()).unwrap().actions().len(), 0);
}
