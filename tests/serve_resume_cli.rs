//! Issue 35: `game serve --resume` comes back after a restart with the same
//! port, links and approvals (kept beside the game, readable by its owner
//! only); without `--resume` the links are new. Only on 127.0.0.1.

use std::process::Command;

use crate::serve_support::cli::{exe, new_game, spawn};
use crate::serve_support::{get, split_link};

/// `game serve` on loopback with `extra`; its links and its seat A's `may`,
/// then stopped (end of stdin).
fn serve_once(game: &str, extra: &[&str]) -> (Vec<String>, String) {
    let mut cmd = Command::new(exe());
    cmd.args(["game", "serve", game, "--bind", "127.0.0.1"])
        .args(extra);
    let (mut child, stdin, _out, links) = spawn(cmd);
    let (addr, path) = split_link(&links[0]);
    let st = get(addr, &format!("{path}state")).json();
    let may = st["may"].as_str().unwrap_or("").to_string();
    drop(stdin);
    assert!(child.wait().expect("serve ends").success());
    (links, may)
}

#[test]
fn game_serve_resume_comes_back_with_the_same_links_and_approvals() {
    let dir = tempfile::tempdir().expect("temp dir");
    let g = new_game(dir.path(), "g.json");
    let (first, may) = serve_once(&g, &["--resume", "--allow-all"]);
    assert_eq!(may, "play");
    let kept = dir.path().join(".g.json.share");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&kept).expect("kept").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }
    let (again, may) = serve_once(&g, &["--resume"]);
    assert_eq!(again, first, "the same port and links");
    assert_eq!(may, "play", "the approval kept");
    let (fresh, may) = serve_once(&g, &[]);
    assert_ne!(fresh[0], first[0], "new links without --resume");
    assert_eq!(may, "ask");
}
