//! Issue 34: what each client receives of a game, for the tests that
//! compare them: every seat's page state and `game offers --json`.

use std::path::Path;
use std::process::Command;

use impia::core::game::Game;
use impia::core::text::Lang;
use impia::server::{Seat, view};
use serde_json::Value;

/// Every seat's page state in `l`, parsed.
pub fn pages(g: &Game, l: Lang) -> Vec<Value> {
    let st = view::state(g, 7);
    Seat::ALL
        .iter()
        .map(|s| serde_json::from_str(st.json(*s, l)).expect("a seat's JSON"))
        .collect()
}

pub fn printed_offers(file: &Path, l: Lang) -> Value {
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["--lang", l.code(), "game", "offers"])
        .arg(file)
        .arg("--json")
        .output()
        .expect("run the impia binary");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON on stdout")
}
