//! Issue 23, actions in one list: the id of every action is its serde tag
//! (the name in the game file), `tables/actions.yaml` has a row for every
//! action a model pays for and no row that is not an action or a declared
//! form of one, and no dispatch over actions ends in a catch-all arm, so a
//! new action is pointed out by the compiler wherever it needs a word.

use impia::core::game::act;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use impia::core::game::{Action, ActionKind};
use impia::core::tables::RuleSet;

#[test]
fn every_action_id_is_its_serde_tag() {
    assert!(ActionKind::ALL.len() >= 40, "{}", ActionKind::ALL.len());
    let mut seen = BTreeSet::new();
    for k in ActionKind::ALL {
        assert!(seen.insert(k.id()), "{} twice", k.id());
        assert_eq!(ActionKind::from_id(k.id()), Some(*k));
        // The tag is known: only the fields may be missing.
        let json = serde_json::json!({ "action": k.id() });
        match serde_json::from_value::<Action>(json) {
            Ok(a) => assert_eq!(a.kind(), *k),
            Err(e) => assert!(e.to_string().contains("missing field"), "{}: {e}", k.id()),
        }
    }
    let e = serde_json::from_value::<Action>(serde_json::json!({"action": "no_such"}));
    assert!(e.is_err_and(|e| e.to_string().contains("unknown variant")));
}

#[test]
fn an_action_written_out_carries_its_id_as_tag() {
    let samples = [
        Action::EndTurn(act::EndTurn {}),
        Action::Move(act::Move {
            model: impia::core::game::ModelRef::a(0),
        }),
        Action::Note(act::Note { text: "x".into() }),
    ];
    for a in samples {
        let v = serde_json::to_value(&a).expect("json");
        assert_eq!(v["action"], a.id());
    }
}

/// R10–R12: the DP of an action is its row of `tables/actions.yaml`.
#[test]
fn r10_every_paid_action_has_its_row_and_every_row_is_an_action() {
    let rules = RuleSet::builtin().expect("the shipped tables");
    let rows: BTreeSet<&str> = rules.actions.iter().map(|r| r.id.as_str()).collect();
    let mut wanted = BTreeSet::new();
    for k in ActionKind::ALL {
        if let Some(row) = k.row() {
            assert_eq!(row, k.id(), "a paid action's row is its id");
            wanted.insert(row);
        }
        wanted.extend(k.form_rows().iter().copied());
    }
    assert_eq!(rows, wanted, "tables/actions.yaml against the actions");
}

/// Source text with comments, strings and chars blanked (positions kept).
fn code_only(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j.min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' && i + 2 < b.len() && (b[i + 2] == b'\'' || b[i + 1] == b'\\') {
            // A char literal ('x', '\n'); a lifetime has no closing quote.
            let end = b[i + 1..]
                .iter()
                .position(|&c| c == b'\'')
                .map_or(b.len(), |p| i + 1 + p);
            blank(&mut out, i + 1, end);
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The index of the bracket closing the one at `open`.
fn closing(code: &[u8], open: usize) -> usize {
    let mut depth = 0i32;
    for (i, &c) in code.iter().enumerate().skip(open) {
        match c {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// Each `match` of the code: its arms' patterns.
fn matches_in(code: &[u8]) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(p) = code[i..].windows(5).position(|w| w == b"match") {
        let at = i + p;
        i = at + 5;
        let before = at.checked_sub(1).map(|j| code[j]);
        if before.is_some_and(is_ident)
            || code.get(at + 5).is_some_and(|&c| is_ident(c) || c == b'!')
        {
            continue;
        }
        // The body: the first `{` outside brackets after the scrutinee.
        let mut j = at + 5;
        let mut depth = 0;
        while j < code.len() {
            match code[j] {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b'{' if depth == 0 => break,
                _ => {}
            }
            j += 1;
        }
        if j >= code.len() {
            break;
        }
        let end = closing(code, j);
        let mut arms = Vec::new();
        let mut k = j + 1;
        while k < end {
            // The pattern: up to `=>` outside brackets.
            let start = k;
            let mut depth = 0;
            while k < end && !(depth == 0 && code[k..].starts_with(b"=>")) {
                match code[k] {
                    b'{' | b'(' | b'[' => depth += 1,
                    b'}' | b')' | b']' => depth -= 1,
                    _ => {}
                }
                k += 1;
            }
            if k >= end {
                break;
            }
            arms.push(String::from_utf8_lossy(&code[start..k]).trim().to_string());
            k += 2;
            while k < end && code[k].is_ascii_whitespace() {
                k += 1;
            }
            // The arm's body: a block, or an expression up to `,`.
            if k < end && code[k] == b'{' {
                k = closing(code, k) + 1;
                while k < end && code[k].is_ascii_whitespace() {
                    k += 1;
                }
                if k < end && code[k] == b',' {
                    k += 1;
                }
            } else {
                let mut depth = 0;
                while k < end && !(depth == 0 && code[k] == b',') {
                    match code[k] {
                        b'{' | b'(' | b'[' => depth += 1,
                        b'}' | b')' | b']' => depth -= 1,
                        _ => {}
                    }
                    k += 1;
                }
                k += 1;
            }
        }
        out.push((at, arms));
    }
    out
}

/// Does `pattern` name an action: `Action::X` (or `A::X` where the file
/// aliases `Action as A`), and with `kinds` also `ActionKind::X`?
fn names_an_action(pattern: &str, alias: bool, kinds: bool) -> bool {
    let p = pattern.as_bytes();
    ["Action::", "A::", "ActionKind::"].iter().any(|needle| {
        let named = match *needle {
            "A::" => alias,
            "ActionKind::" => kinds,
            _ => true,
        };
        named
            && pattern.match_indices(needle).any(|(i, _)| {
                let before = i.checked_sub(1).map(|j| p[j]);
                !before.is_some_and(is_ident)
                    && p.get(i + needle.len()).is_some_and(u8::is_ascii_uppercase)
            })
    })
}

/// `_` or a bare binding without a guard: an arm every new action falls into.
fn catch_all(pattern: &str) -> bool {
    let p = pattern.trim_start_matches('|').trim();
    !p.is_empty() && p.bytes().all(is_ident) && (p.as_bytes()[0].is_ascii_lowercase() || p == "_")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read a source folder") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The one dispatch over actions allowed a catch-all arm, because that arm
/// is a documented behaviour for every action it does not name:
/// `describe_offer` in the Game view gives the few actions that have a
/// form of their own that form, and any other action (a new one too) the
/// generic path (acted at once, or its declarations and targets as
/// widgets), so a new action gets a working button with no view edit.
const ALLOWED: &[(&str, &str)] = &[("src/ui/game/actions.rs", "describe_offer")];

/// The name of the last `fn` that starts in `code`.
fn enclosing_fn(code: &[u8]) -> String {
    let text = String::from_utf8_lossy(code);
    text.rfind("fn ")
        .map(|i| {
            text[i + 3..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .unwrap_or_default()
}

/// Every `match` over `Action` in the game's core and view (and over
/// `ActionKind` in the view), with the arms that would swallow a new
/// action: those not allowed, and the allowed ones found (file, function).
fn catch_alls() -> (Vec<String>, Vec<(String, String)>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for d in ["crates/impia-core/src/game", "src/ui/game"] {
        rust_files(&root.join(d), &mut files);
    }
    let mut bad = Vec::new();
    let mut allowed = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read a source file");
        let alias = text.contains("Action as A");
        let kinds = f.starts_with(root.join("src/ui"));
        let code = code_only(&text);
        for (at, arms) in matches_in(&code) {
            if !arms.iter().any(|a| names_an_action(a, alias, kinds)) {
                continue;
            }
            for a in arms.iter().filter(|a| catch_all(a)) {
                let line = code[..at].iter().filter(|&&c| c == b'\n').count() + 1;
                let rel = f.strip_prefix(root).unwrap_or(&f).display().to_string();
                let name = enclosing_fn(&code[..at]);
                if ALLOWED.iter().any(|(file, f)| rel == *file && name == *f) {
                    allowed.push((rel, name));
                    continue;
                }
                bad.push(format!("{rel}:{line}: `{a} =>`"));
            }
        }
    }
    (bad, allowed)
}

#[test]
fn the_scanner_finds_a_catch_all_over_actions() {
    let src = "fn f(a: &Action) -> u8 {\n    use Action as A;\n    // match x { _ => }\n    match a {\n        A::Move { .. } => { 1 }\n        A::Note { text } if text.is_empty() => 2,\n        other => 3,\n    }\n}\n";
    let code = code_only(src);
    let found = matches_in(&code);
    assert_eq!(found.len(), 1, "the commented match is not code");
    let arms = &found[0].1;
    assert_eq!(arms.len(), 3, "{arms:?}");
    assert!(names_an_action(&arms[0], true, false));
    assert!(!catch_all(&arms[1]) && catch_all(&arms[2]) && catch_all("_"));
    assert!(!names_an_action("ActionKind::Move", true, false));
    // In the view, a match over kinds is a dispatch over actions too.
    assert!(names_an_action("ActionKind::Move", false, true));
    assert!(!names_an_action("MyActionKind::Move", false, true));
}

#[test]
fn no_dispatch_over_actions_ends_in_a_catch_all() {
    let (bad, allowed) = catch_alls();
    // The documented fallback is where the list says, once: an entry that
    // no longer matches anything is not left behind to excuse a new one.
    let want: Vec<(String, String)> = ALLOWED
        .iter()
        .map(|(f, n)| (f.to_string(), n.to_string()))
        .collect();
    assert_eq!(allowed, want, "the allowed fallbacks");
    assert!(
        bad.is_empty(),
        "catch-all arms over Action:\n{}",
        bad.join("\n")
    );
}
