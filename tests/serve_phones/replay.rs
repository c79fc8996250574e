//! The two-browser game's file against the same actions sent through
//! `game act`: the same log, the same state.

use std::path::Path;
use std::process::{Command, Stdio};

use super::*;

/// The same actions through `game act` on the new game `first`: the same
/// log and the same state as the phones' `file`.
pub(super) fn replays_like_game_act(file: &Path, first: &Path) {
    let played = impia::core::game::file::read(file).expect("the phones' game file");
    assert!(played.log.len() >= 15, "a whole turn: {}", played.log.len());
    let lines: String = played
        .log
        .iter()
        .map(|a| serde_json::to_string(a).expect("an action") + "\n")
        .collect();
    let mut act = Command::new(exe())
        .args(["game", "act"])
        .arg(first)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("game act");
    {
        use std::io::Write;
        act.stdin
            .take()
            .expect("stdin")
            .write_all(lines.as_bytes())
            .expect("the actions");
    }
    let out = act.wait_with_output().expect("game act ends");
    assert!(out.status.success(), "{out:?}");
    let replayed = impia::core::game::file::read(first).expect("the replayed file");
    assert_eq!(replayed.log, played.log);
    let status = |p: &Path| {
        let o = cli(&[
            "game",
            "status",
            p.to_str().expect("path"),
            "--json",
            "--lang",
            "en",
        ]);
        assert!(o.status.success(), "{o:?}");
        String::from_utf8(o.stdout).expect("UTF-8")
    };
    assert_eq!(status(file), status(first));
    let replay = cli(&["game", "replay", file.to_str().expect("path")]);
    assert!(replay.status.success(), "{replay:?}");
}
