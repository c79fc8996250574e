//! `game serve --allow-all` on 127.0.0.1 as a user runs it, for the tests
//! of issue 32 (the file under the writer): a game made with `game new`,
//! the server's links, its stdin closed at the end, its exit code and
//! stderr, and the notes a game file holds.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};

use super::{Reply, get, post, split_link};
use impia::core::game::{Action, Game, Host, act};
use impia::core::tables::RuleSet;
use serde_json::{Value, json};

fn impia(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(args)
        .output()
        .expect("run the impia binary")
}

pub fn new_game(dir: &Path) -> PathBuf {
    let g = dir.join("g.yaml");
    let out = impia(&[
        "game",
        "new",
        "--a",
        "rosters/circulo-de-la-ceniza.yaml",
        "--b",
        "rosters/guardia-del-paso.yaml",
        "--seed",
        "5",
        "-o",
        &g.display().to_string(),
    ]);
    assert!(out.status.success(), "{out:?}");
    g
}

pub fn note(text: &str) -> Value {
    json!({"action": "note", "text": text})
}

pub fn notes_in(game: &Game) -> Vec<String> {
    game.actions()
        .iter()
        .filter_map(|a| match a {
            Action::Note(act::Note { text }) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The notes of a game file (its log), or none when it does not open.
pub fn notes_of(path: &Path) -> Vec<String> {
    Host::view(path, &RuleSet::builtin().expect("the shipped tables"))
        .map_or_else(|_| Vec::new(), |g| notes_in(&g))
}

/// A running `game serve --allow-all` on 127.0.0.1.
pub struct Served {
    child: Child,
    stdin: Option<ChildStdin>,
    links: Vec<String>,
}

impl Served {
    pub fn start(game: &Path, tmp: &Path) -> Served {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_impia"));
        cmd.args(["game", "serve"])
            .arg(game)
            .args(["--bind", "127.0.0.1", "--allow-all", "--lang", "en"])
            // A recovery file that cannot go beside the game goes here.
            .env("TMPDIR", tmp)
            .stderr(Stdio::piped());
        let (child, stdin, mut out, links) = super::cli::spawn(cmd);
        // Drained so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = String::new();
            let _ = out.read_to_string(&mut sink);
        });
        Served {
            child,
            stdin,
            links,
        }
    }

    pub fn state(&self, seat: usize) -> Value {
        let (addr, path) = split_link(&self.links[seat]);
        get(addr, &format!("{path}state")).json()
    }

    pub fn post(&self, seat: usize, route: &str, body: Value) -> Reply {
        let (addr, path) = split_link(&self.links[seat]);
        post(addr, &format!("{path}{route}"), &body.to_string())
    }

    /// Act from seat A at the index it sees now.
    pub fn act(&self, action: Value) -> Reply {
        let index = self.state(0)["index"].clone();
        self.post(0, "act", json!({"index": index, "action": action}))
    }

    /// Close stdin: the command ends; its exit code and stderr.
    pub fn end(mut self) -> (Option<i32>, String) {
        drop(self.stdin.take());
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        let code = self.child.wait().expect("serve ends").code();
        (code, err)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The recovery file a message names (`… kept in PATH; …`).
pub fn recovery_named(text: &str) -> Option<PathBuf> {
    let at = text.find(" kept in ")? + " kept in ".len();
    let rest = &text[at..];
    let end = rest.find(['(', ';', '\n']).unwrap_or(rest.len());
    let p = rest[..end].trim().trim_end_matches(['.', ')']);
    (!p.is_empty() && !p.starts_with("memory")).then(|| PathBuf::from(p))
}
