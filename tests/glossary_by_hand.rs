//! Issue 22: the game's words are spelt once, in `crates/impia-core/src/glossary.rs`. A
//! glossary pair (its Spanish and English word) spelt out by hand in
//! `src/`, both words in string literals within a few lines of each other
//! (a `Text::new`, an `l.pick`, a match arm per language), fails here.
//! The glossary itself and the two renderers of check sources are where
//! the words belong. `KNOWN` listed the places that still spelt a pair by
//! hand, with their count, which could only go down: it is empty now.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Files where the words belong.
const EXEMPT: &[&str] = &[
    "crates/impia-core/src/glossary.rs",
    "crates/impia-core/src/game/sources/es.rs",
    "crates/impia-core/src/game/sources/en.rs",
];

/// Pairs still spelt by hand when this test was written: (file, Spanish
/// word, how many times). Not to grow.
const KNOWN: &[(&str, &str, usize)] = &[];

/// How near (in lines) the two words of a pair must be.
const WINDOW: usize = 6;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The glossary's pairs: every `Term::new("es", "en")` whose words differ
/// and are words (longer than two letters).
fn pairs() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(root().join("crates/impia-core/src/glossary.rs"))
        .expect("glossary");
    let mut out = Vec::new();
    for part in text.split("Term::new(\"").skip(1) {
        let mut words = part.split('"');
        let es = words.next().unwrap_or_default();
        let en = words.nth(1).unwrap_or_default();
        if es != en && es.chars().count() > 2 && en.chars().count() > 2 {
            out.push((es.to_string(), en.to_string()));
        }
    }
    out
}

/// The string literals of one line (comments left out).
fn literals(line: &str) -> Vec<String> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (&mut cur, c) {
            (None, '"') => cur = Some(String::new()),
            (None, '/') if line.contains("//") && chars.as_str().starts_with('/') => break,
            (None, _) => {}
            (Some(s), '\\') => {
                if let Some(n) = chars.next() {
                    s.push(n);
                }
            }
            (Some(_), '"') => out.extend(cur.take()),
            (Some(s), c) => s.push(c),
        }
    }
    out
}

/// `word` stands alone in `text` (not part of a longer word).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("source folder") {
        let p = e.expect("folder entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// (file, Spanish word) → the lines where the pair is spelt by hand.
fn spelt_by_hand() -> BTreeMap<(String, String), Vec<usize>> {
    let pairs = pairs();
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("crates"), &mut files);
    let mut found: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for f in files {
        let rel = f
            .strip_prefix(root())
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        if EXEMPT.contains(&rel.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&f).expect("a source file");
        let lits: Vec<Vec<String>> = text.lines().map(literals).collect();
        for (es, en) in &pairs {
            for (i, line) in lits.iter().enumerate() {
                if !line.iter().any(|l| has_word(l, es)) {
                    continue;
                }
                let near = &lits[i.saturating_sub(WINDOW)..(i + WINDOW + 1).min(lits.len())];
                if near.iter().flatten().any(|l| has_word(l, en)) {
                    found
                        .entry((rel.clone(), es.clone()))
                        .or_default()
                        .push(i + 1);
                }
            }
        }
    }
    found
}

#[test]
fn the_detector_sees_a_pair_spelt_by_hand() {
    let lines = [
        "Text::new(",
        "    format!(\"{}: Dureza {v}\", x.name),",
        "    format!(\"{}: Toughness {v}\", x.name),",
    ];
    let lits: Vec<Vec<String>> = lines.iter().map(|l| literals(l)).collect();
    assert!(lits[1].iter().any(|l| has_word(l, "Dureza")));
    assert!(lits[2].iter().any(|l| has_word(l, "Toughness")));
    assert!(!has_word("Fuerzas", "Fuerza"));
    assert!(literals("// \"Dureza\" in a comment").is_empty());
    assert!(pairs().contains(&("Blindaje".to_string(), "Armour".to_string())));
}

#[test]
fn glossary_pairs_are_not_spelt_by_hand_in_src() {
    let found = spelt_by_hand();
    let mut problems = Vec::new();
    for ((file, es), lines) in &found {
        let allowed = KNOWN
            .iter()
            .find(|(f, w, _)| f == file && w == es)
            .map_or(0, |k| k.2);
        if lines.len() > allowed {
            problems.push(format!(
                "{file}: the glossary word {es:?} and its English spelt by hand at lines {lines:?}: take them from core::glossary"
            ));
        }
    }
    for (file, es, n) in KNOWN {
        let now = found
            .get(&(file.to_string(), es.to_string()))
            .map_or(0, Vec::len);
        if now < *n {
            problems.push(format!(
                "{file}: {es:?} is spelt by hand {now} time(s) now, {n} in KNOWN: lower it"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
