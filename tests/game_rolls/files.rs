//! The game file on disk: one writer, a damaged file, a torn last line, a file that would not open.

use super::*;
use impia::core::game::act;

#[test]
fn one_writer_per_game_a_second_opener_reads_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.yaml");
    let mut g = game();
    g.save(&path).unwrap();
    turn(&mut g, 4);
    // Another window opens the same game: it can look, not play.
    let mut other = Game::load(&path, &rules()).unwrap();
    assert!(other.read_only());
    assert_eq!(other.state(), g.state());
    assert!(other.apply(Action::EndTurn(act::EndTurn {})).is_err());
    assert!(other.undo().is_err());
    // The CLI refuses to act on it, and writes nothing.
    let before = std::fs::read(&path).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "act"])
        .arg(&path)
        .args(["--action", r#"{"action":"end_turn"}"#])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(75), "busy has its own exit code");
    assert!(String::from_utf8_lossy(&o.stderr).contains("open for writing"));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // Saving elsewhere over the locked file is refused too.
    assert!(other.save(&path).is_err());
    // Once the writer closes the game, the next opener writes.
    drop(g);
    let mut again = Game::load(&path, &rules()).unwrap();
    assert!(!again.read_only());
    again.apply(Action::EndTurn(act::EndTurn {})).unwrap();
}

#[test]
fn a_damaged_game_opens_up_to_its_last_good_action_and_keeps_the_original() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.yaml");
    let mut g = game();
    g.save(&path).unwrap();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    let good = g.actions().len();
    drop(g);
    // One line in the middle of the log is garbled.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let log_at = lines.iter().position(|l| *l == "log:").unwrap();
    // `log_at` counts from 0, lines from 1: the third action is on this line.
    let bad_line = log_at + 4;
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    broken[bad_line - 1] = "- {\"action\": \"mov".into();
    std::fs::write(&path, broken.join("\n") + "\n").unwrap();
    // The strict load names the line; recovering keeps the two good actions.
    let e = Game::load(&path, &rules()).unwrap_err().to_string();
    assert!(e.contains(&format!(":{bad_line}:")), "{e}");
    let (g, problem) = Game::recover(&path, &rules()).unwrap();
    assert_eq!(g.actions().len(), 2);
    assert!(good > 2);
    let p = problem.expect("the damage is reported").to_string();
    assert!(p.contains(&format!(":{bad_line}:")), "{p}");
    let bak = dir.path().join("p.yaml.bak");
    assert_eq!(
        std::fs::read_to_string(&bak).unwrap(),
        broken.join("\n") + "\n"
    );
    drop(g);
    // Recovering again never overwrites the first backup.
    let (_g, _) = Game::recover(&path, &rules()).unwrap();
    assert!(dir.path().join("p.yaml.bak.1").exists());
}

#[test]
fn a_whole_last_line_without_its_newline_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.yaml");
    let mut g = game();
    g.save(&path).unwrap();
    turn(&mut g, 4);
    let n = g.actions().len();
    drop(g);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.trim_end_matches('\n')).unwrap();
    let h = Game::load(&path, &rules()).unwrap();
    assert_eq!(h.actions().len(), n);
}

#[test]
fn game_new_refuses_to_write_a_game_file_that_would_not_open() {
    // Two rosters, each under the 2 MiB limit, together over it.
    let mut a = roster_a();
    let mut b = roster_b();
    let long = "x".repeat(1_100_000);
    a.models[0].notes = long.clone();
    b.models[0].notes = long;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.yaml");
    let mut g = Game::new(GameSetup::new(a, b), &rules());
    let e = g.save(&path).unwrap_err().to_string();
    assert!(e.contains("at most"), "{e}");
    assert!(!path.exists(), "nothing written");
}
