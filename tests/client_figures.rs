//! Issue 34: the holes the core's sentences had, each fixed: "Turno 0"
//! above "Turno 1: …", R23 cited for multiple combat (R24), "Armadura"
//! where the glossary says "Blindaje"; the JSON's format version; and the
//! page and the server keep no rule, label or formatter of their own.
//! (The walks over seeded games comparing every client: client_figures_walk.)

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::game_support::game;
use crate::serve_support::figures::{pages, printed_offers};
use impia::core::game::FORMAT;
use impia::core::text::Lang;

#[test]
fn the_heading_says_no_turn_0_before_the_first_turn() {
    let g = game();
    for (l, word) in [(Lang::Es, "Turno"), (Lang::En, "Turn")] {
        let page = &pages(&g, l)[0];
        let heading = page["heading"].as_str().expect("a heading");
        assert!(!heading.contains(&format!("{word} 0")), "{heading}");
        assert!(
            page["status"]["now"]
                .as_str()
                .unwrap_or_default()
                .contains(&format!("{word} 1")),
            "{page}"
        );
    }
    let mut g = game();
    crate::game_support::start_turn(&mut g, 4);
    let heading = pages(&g, Lang::Es)[0]["heading"].clone();
    assert!(
        heading.as_str().is_some_and(|h| h.contains("Turno 1")),
        "{heading}"
    );
}

#[test]
fn r24_multiple_combat_is_cited_as_r24() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games-v1/short.yaml");
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("g.yaml");
    std::fs::copy(&data, &copy).expect("copy");
    let offers = printed_offers(&copy, Lang::En).to_string();
    assert!(offers.contains("Multiple combat"), "a fight with friends");
    assert!(
        !offers.contains("same side ×1: 1 advantage(s) (R23)"),
        "{offers}"
    );
    assert!(
        offers.contains("same side ×1: 1 advantage(s) (R24)"),
        "{offers}"
    );
}

#[test]
fn the_phone_profile_says_the_glossarys_armour() {
    let page = &pages(&game(), Lang::Es)[0];
    let profiles = page["profiles"].to_string();
    assert!(profiles.contains("Blindaje"), "{profiles}");
    assert!(!profiles.contains("Armadura"), "{profiles}");
}

#[test]
fn status_offers_and_the_page_carry_the_format_version() {
    let mut g = game();
    let tmp = tempfile::tempdir().expect("temp dir");
    let path = tmp.path().join("g.yaml");
    g.save(&path).expect("saves");
    assert_eq!(printed_offers(&path, Lang::En)["format"], FORMAT);
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "status"])
        .arg(&path)
        .arg("--json")
        .output()
        .expect("run");
    let status: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(status["format"], FORMAT);
    assert_eq!(pages(&g, Lang::En)[2]["format"], FORMAT);
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README");
    assert!(
        readme.contains(&format!("format {FORMAT}")),
        "the README says what format {FORMAT} changed"
    );
}

/// The page renders what the core gives: no list of actions that roll, no
/// fear thresholds, no percent of its own; the server builds no state with
/// `json!`; one signed-number formatter in src/.
#[test]
fn the_page_and_the_server_keep_no_rule_of_their_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("src/server/page.html")).expect("page");
    for banned in [
        "ROLLS",
        "toFixed",
        "* x.courage",
        "x.fear >= x.courage",
        "Armadura",
        // Issue 34: the pips come drawn (level, filled) and "acted" worded.
        "Math.max(x.courage",
        "i < x.fear",
        "Ya actuó",
        "\"Acted\"",
        "x.own_dp + x.herbs",
        "Dark Forces\"",
        "Fuerzas Oscuras\"",
        "d.max || 10",
        "Totem destroyed",
        "Trabada con",
        "ANYTIME",
    ] {
        assert!(!page.contains(banned), "page.html keeps {banned}");
    }
    for f in ["view.rs", "seats/takeback.rs"] {
        let src = std::fs::read_to_string(root.join("src/server").join(f)).expect("source");
        assert!(!src.contains("json!"), "{f} builds state JSON by hand");
    }
    // fair.rs answers a refused POST with `json!` (an error body); the
    // waiting roll every page shows is typed.
    let fair = std::fs::read_to_string(root.join("src/server/fair.rs")).expect("source");
    let waiting = fair.split("fn waiting_json").nth(1).expect("waiting_json");
    let waiting = waiting.split("\n}\n").next().unwrap_or_default();
    assert!(!waiting.contains("json!"), "{waiting}");
    let mut signed = 0;
    for entry in walk(&root.join("src"))
        .into_iter()
        .chain(walk(&root.join("crates")))
    {
        let s = std::fs::read_to_string(&entry).unwrap_or_default();
        signed += s.matches("fn signed(").count();
    }
    assert_eq!(signed, 1, "one signed-number formatter");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}
