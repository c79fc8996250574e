//! The JSON of `game status --json` and `game offers --json` (issue 23):
//! what the binary printed before the snapshot took over, saved in
//! `tests/data/json-v1/` for the game files of every earlier version and
//! for positions of seeded games (start, change round, roll-off, pick, an
//! attack with chances, a pending roll, a re-rolled one, hits to resolve,
//! a disengage, a spell, an ended game), in both languages. The output of
//! today's binary must equal it, value for value. One sentence was changed
//! on purpose since: issue 24 puts each side's total next to its name in
//! the hit's words ("Hermana Úrsula 7 against El pequeño Andrés 6", was "7
//! against 6"), edited by hand in `spells-rerolled.offers.*.json`; no key
//! changed. Issue 34 changed two more by hand (sed over the saved files):
//! "X está activada" is "X actúa" (no adjective agreeing with no name), and
//! multiple combat's source cites R24, not Fight's R23.
//!
//! New keys may be added without a new version: the comparison ignores a
//! key of today's output that the saved object lacks (every saved key must
//! still be there with its value). Added so far: issue 23's `draft` and
//! `declarations` on each offer and each target, and `price` on each
//! target (the draft's check, win odds, chance to put Down and DP), the
//! same `price` on an allowed offer without targets, and each flag's or
//! count's `effect` (its DP among them) on a declaration.
//!
//! One change of shape, on purpose (issue 23): the Aimed shot (R26) and
//! Iron defence (R28) were offers of their own (a second `shoot` offer
//! whose action has `options.aimed`, a second `resolve_hit` with
//! `options.iron_defence`); they are now declarations (`{"on": "row",
//! "id": "aimed_shot"}`) of the one Shoot and hit offer, priced with their
//! DP. The saved files keep the old offers; [`without_declared_forms`]
//! drops them before comparing, and every other offer must still equal.
//! Issue 34 added three offers: the beast the dark forces call (R39 8–9),
//! a fall (R18) and a spell of any level (R38), dropped from today's
//! output by [`without_beast_offers`].

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Each saved game: its name in `json-v1/` and its file.
fn games() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for (dir, prefix) in [
        ("games-v1", "v1-"),
        ("games-v2", "v2-"),
        ("json-v1/games", ""),
    ] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(data().join(dir))
            .expect("fixture folder")
            .map(|e| e.expect("fixture entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
            .collect();
        files.sort();
        for f in files {
            let stem = f.file_stem().expect("file name").to_string_lossy();
            out.push((format!("{prefix}{stem}"), f));
        }
    }
    out
}

/// The binary's JSON for `game COMMAND FILE --json --lang LANG`, on a copy
/// of the file (opening never writes the fixture).
fn printed(file: &Path, command: &str, lang: &str) -> Value {
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("g.yaml");
    std::fs::copy(file, &copy).expect("copy the game");
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["--lang", lang, "game", command])
        .arg(&copy)
        .arg("--json")
        .output()
        .expect("run the impia binary");
    assert!(
        o.status.success(),
        "{} {command}: {}",
        file.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("JSON on stdout")
}

/// The first place two values differ, as a JSON path, to make a failure
/// readable in a file of thousands of lines.
fn first_difference(path: &str, got: &Value, want: &Value) -> Option<String> {
    difference(path, got, want, false)
}

/// As [`first_difference`], but a key only `got` has is a key added since
/// the file was saved: not a difference (see the top).
fn first_difference_from_saved(path: &str, got: &Value, want: &Value) -> Option<String> {
    difference(path, got, want, true)
}

fn difference(path: &str, got: &Value, want: &Value, added_ok: bool) -> Option<String> {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            for k in w.keys().chain(g.keys()) {
                match (g.get(k), w.get(k)) {
                    (Some(a), Some(b)) => {
                        if let Some(d) = difference(&format!("{path}.{k}"), a, b, added_ok) {
                            return Some(d);
                        }
                    }
                    (Some(_), None) if added_ok => {}
                    (a, b) => return Some(format!("{path}.{k}: got {a:?}, want {b:?}")),
                }
            }
            None
        }
        (Value::Array(g), Value::Array(w)) if g.len() == w.len() => g
            .iter()
            .zip(w)
            .enumerate()
            .find_map(|(i, (a, b))| difference(&format!("{path}[{i}]"), a, b, added_ok)),
        _ if got == want => None,
        _ => Some(format!("{path}: got {got}, want {want}")),
    }
}

#[test]
fn an_added_key_is_no_difference_from_a_saved_file_but_a_lost_one_is() {
    let saved = serde_json::json!({"a": 1, "b": [{"c": 2}]});
    let more = serde_json::json!({"a": 1, "b": [{"c": 2, "new": 3}], "top": 4});
    let less = serde_json::json!({"a": 1, "b": [{}]});
    assert_eq!(first_difference_from_saved("", &more, &saved), None);
    assert!(first_difference_from_saved("", &less, &saved).is_some());
    assert!(first_difference("", &more, &saved).is_some());
}

/// The saved offers without those that are declarations since issue 23:
/// an offer whose action is an aimed shot or takes Iron defence.
fn without_declared_forms(mut saved: Value) -> Value {
    if let Some(offers) = saved.get_mut("offers").and_then(Value::as_array_mut) {
        offers.retain(|o| {
            let opts = &o["action"]["options"];
            !(opts["aimed"] == Value::Bool(true) || opts["iron_defence"] == Value::Bool(true))
        });
    }
    saved
}

/// Issue 34: the beast the dark forces call (R39 8–9) is offered while it
/// is due (it was added by hand before): today's output drops those offers
/// before comparing; every other offer must still equal.
fn without_beast_offers(mut got: Value) -> Value {
    if let Some(offers) = got.get_mut("offers").and_then(Value::as_array_mut) {
        // Issue 34 too: a fall (R18) and a spell of any level (R38), the
        // app's free tools before, are offered with their declarations.
        offers.retain(|o| {
            o["id"] != "beast_appears"
                && o["id"] != "fall"
                && o["action"]["spell"].get("custom").is_none()
        });
    }
    got
}

#[test]
fn the_declared_forms_are_the_only_offers_dropped_from_the_saved_files() {
    let saved = serde_json::json!({"offers": [
        {"id": "shoot", "action": {"options": {"band": "medium"}}},
        {"id": "shoot", "action": {"options": {"band": "medium", "aimed": true}}},
        {"id": "resolve_hit", "action": {"options": {"iron_defence": true}}},
        {"id": "end_game", "action": {"action": "end_game"}},
    ]});
    let kept = without_declared_forms(saved);
    let ids: Vec<&str> = kept["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .filter_map(|o| o["id"].as_str())
        .collect();
    assert_eq!(ids, ["shoot", "end_game"]);
}

fn check(command: &str) {
    let games = games();
    assert!(games.len() >= 15, "fixtures missing: {}", games.len());
    for (name, file) in games {
        for lang in ["es", "en"] {
            let saved = data().join(format!("json-v1/{name}.{command}.{lang}.json"));
            let want: Value = serde_json::from_str(
                &std::fs::read_to_string(&saved)
                    .unwrap_or_else(|e| panic!("{}: {e}", saved.display())),
            )
            .expect("saved JSON");
            let want = without_declared_forms(want);
            let got = without_beast_offers(printed(&file, command, lang));
            if let Some(d) = first_difference_from_saved("", &got, &want) {
                panic!("{name} {command} --lang {lang}: {d}");
            }
        }
    }
}

#[test]
fn game_status_json_equals_what_earlier_versions_printed() {
    check("status");
}

#[test]
fn game_offers_json_equals_what_earlier_versions_printed() {
    check("offers");
}

#[test]
fn the_saved_positions_cover_every_step_a_client_shows() {
    // The fixtures are worth what they cover: each step of the game, a
    // pending roll with and without a re-roll, and chances to put Down.
    let mut phases = std::collections::BTreeSet::new();
    let (mut p_down, mut rerolled, mut disengage) = (false, false, false);
    for (name, _) in games() {
        let saved = data().join(format!("json-v1/{name}.offers.en.json"));
        let v: Value =
            serde_json::from_str(&std::fs::read_to_string(saved).expect("saved")).expect("JSON");
        phases.insert(v["phase"].as_str().expect("phase").to_string());
        rerolled |= v["pending"]["rerolls"]
            .as_array()
            .is_some_and(|r| !r.is_empty());
        for o in v["offers"].as_array().expect("offers") {
            disengage |= o["check"]["rolls"].is_array();
            for t in o["targets"].as_array().expect("targets") {
                p_down |= t["p_down"]["exact"].is_string();
            }
        }
    }
    for want in [
        "start_turn",
        "change_round",
        "roll_off",
        "pick",
        "acting",
        "rolled",
        "resolve_hits",
        "ended",
    ] {
        assert!(
            phases.contains(want),
            "no saved position at {want}: {phases:?}"
        );
    }
    assert!(
        p_down && rerolled && disengage,
        "{p_down} {rerolled} {disengage}"
    );
}

// --- The snapshot: one value for the game now ---

use crate::game_support::{game, rules};
use impia::core::dice::Roller;
use impia::core::game::{Game, LOG_LINES, RollState, Snapshot, sim};
use impia::core::text::Lang;

fn json(s: &Snapshot) -> Value {
    serde_json::to_value(s).expect("a snapshot serialises")
}

#[test]
fn a_snapshot_equals_after_save_and_reopen() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for seed in 1..=4 {
        let mut g = game();
        let mut rng = Roller::seeded(seed);
        for (k, n) in [0, 23, 90, 200].into_iter().enumerate() {
            let done = g.actions().len();
            sim::play(&mut g, &mut rng, n - done).expect("plays");
            let path = tmp.path().join(format!("g{seed}-{k}.yaml"));
            g.save(&path).expect("saves");
            let back = Game::load(&path, &rules()).expect("reopens");
            for l in [Lang::Es, Lang::En] {
                let (before, after) = (json(&g.snapshot(l)), json(&back.snapshot(l)));
                assert_eq!(before["log_index"], n, "seed {seed}");
                if let Some(d) = first_difference("", &after, &before) {
                    panic!("seed {seed}, {n} actions, {l:?}: {d}");
                }
            }
        }
    }
}

#[test]
fn the_log_index_grows_by_one_per_action_and_shrinks_on_undo() {
    let mut g = game();
    let mut rng = Roller::seeded(9);
    let mut index = g.snapshot(Lang::En).index;
    assert_eq!(index, 0);
    for k in 0..120 {
        sim::step(&mut g, &mut rng).expect("plays");
        let s = g.snapshot(Lang::En);
        assert_eq!(s.index, index + 1, "action {k}");
        index = s.index;
        // The newest line is the last action's, numbered as the index.
        assert_eq!(s.log[0].number, index);
        let last = g.log().next_back().expect("a line");
        assert_eq!(s.log[0].text, last.describe(Lang::En));
        if k % 7 == 3 {
            assert!(g.undo().expect("undoes"));
            let u = g.snapshot(Lang::En);
            assert_eq!(u.index, index - 1);
            assert_eq!(u.status.redo, 1);
            assert!(g.redo().expect("redoes"));
            assert_eq!(g.snapshot(Lang::En).index, index);
        }
    }
}

#[test]
fn a_snapshot_carries_what_the_core_says_now() {
    let mut g = game();
    let mut rng = Roller::seeded(3);
    let (mut pending, mut prepared, mut acting) = (0, 0, 0);
    for _ in 0..400 {
        let s = g.snapshot(Lang::Es);
        let v = json(&s);
        // The typed step names the same step as the offers' JSON.
        assert_eq!(v["step"]["step"], v["offers"]["phase"]);
        // Its parts are the same values the CLI prints.
        assert_eq!(s.status, impia::core::game::GameStatus::of(&g, Lang::Es));
        assert_eq!(
            v["offers"],
            serde_json::to_value(impia::core::game::OffersView::of(&g, Lang::Es)).unwrap()
        );
        assert_eq!(s.cards.len(), g.state().models().count());
        // The newest lines, newest first, no more than LOG_LINES.
        assert_eq!(s.log.len(), g.actions().len().min(LOG_LINES));
        assert!(s.log.windows(2).all(|w| w[0].number == w[1].number + 1));
        let actor = g.state().actor();
        assert_eq!(
            s.cards.iter().filter(|c| c.acting).count(),
            usize::from(actor.is_some())
        );
        if let Some(a) = &s.acting {
            if let Some(m) = actor.filter(|_| a.model.is_some()) {
                acting += 1;
                assert_eq!(a.model, Some(m));
                assert_eq!(a.side, m.side);
                assert_eq!(a.name.as_deref(), Some(g.state().name(m).as_str()));
            }
            assert_eq!(a.player, g.state().player_name(a.side, Lang::Es));
        }
        match &s.roll {
            Some(r) if r.state == RollState::Pending => {
                assert!(g.pending().is_some());
                // The dice of every part the core knows who rolled (a
                // spell's backlash die is not a check: none).
                assert_eq!(r.dice.len(), g.pending_dice().len());
                assert!(r.dice.iter().all(|d| (1..=10).contains(&d.d10)));
                if !r.dice.is_empty() {
                    pending += 1;
                    assert!(
                        r.check.is_some(),
                        "a rolled check shows its odds: {}",
                        r.text
                    );
                }
            }
            Some(r) => {
                prepared += 1;
                assert!(!g.state().pending_hits.is_empty());
                assert!(r.dice.is_empty());
                let check = serde_json::to_value(&r.check).unwrap();
                assert!(check["odds"]["active_wins"]["exact"].is_string(), "{check}");
                assert!(!check["sources"].as_array().unwrap().is_empty(), "{check}");
            }
            None => assert!(g.pending().is_none() && g.state().pending_hits.is_empty()),
        }
        for c in &s.cards {
            assert_eq!(c.frightened, g.state().model(c.model).unwrap().frightened());
        }
        sim::step(&mut g, &mut rng).expect("plays");
    }
    assert!(
        pending > 5 && prepared > 5 && acting > 20,
        "{pending} {prepared} {acting}"
    );
}
