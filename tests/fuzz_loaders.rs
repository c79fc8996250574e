//! Fuzzing of every loader: rosters, game files (text, `Game::load`,
//! `Game::recover`), table packs, user rule tables and the app's settings.
//! Each gets arbitrary bytes, YAML token soup, and its seed corpus
//! (`tests/corpus/<loader>/`) mutated: byte flips, deleted, duplicated and
//! swapped lines, inserted YAML tokens (`&a`, `*a`, `[`, `{`, `!!binary`,
//! tabs, Unicode line breaks), huge numbers, truncation, splices of two
//! files, repeated chunks. No case may panic, hang (a watchdog ends the run
//! past 60 s on one case) or blow the memory up (the peak resident memory of
//! the run is checked); what loads must also behave: it saves and loads back
//! identical, replays to the same state, and works with the rest of the
//! core.
//!
//! Then the limits, each proved: a 100 MB file and an endless one
//! (`/dev/zero`) are refused by size; a YAML bomb of nested aliases (which
//! `yaml_serde`'s repetition limit stops), a wide alias bomb (which it does
//! not) and deep nesting are refused by `core::yaml`, each quickly.
//!
//! `cargo test --test fuzz_loaders` runs 10,000 cases per loader (about half
//! a minute in a debug build on a 2-core machine); the long run is
//! `cargo test --release --test fuzz_loaders -- --ignored fuzz` (200,000 per
//! loader, or `IMPIA_FUZZ_CASES`). A failing case is written to
//! `target/fuzz-failures/` to replay.

use std::collections::{BTreeMap, HashMap};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::hang::no_hang;

use impia::core::dice::Roller;
use impia::core::game::{Game, file, replay};
use impia::core::packs::{Origin, impia_pack, is_pack_file, load_user_packs, parse_pack_file};
use impia::core::roster::{self, Roster, parse_roster, roster_to_yaml};
use impia::core::tables::RuleSet;
use impia::ui::Prefs;

/// Cases per loader in `cargo test`.
const CASES: usize = 10_000;
/// Cases per loader in the ignored long run, unless `IMPIA_FUZZ_CASES` says.
const LONG_CASES: usize = 200_000;
/// One case taking this long is a hang: the run stops and saves it.
const HANG: Duration = Duration::from_secs(60);
/// The peak resident memory allowed for the whole run.
const MAX_RSS_KB: u64 = 1024 * 1024;

fn rules() -> &'static RuleSet {
    static RULES: OnceLock<RuleSet> = OnceLock::new();
    RULES.get_or_init(|| RuleSet::builtin().expect("shipped tables load"))
}

// --- The corpus ------------------------------------------------------------

fn corpus_dir(loader: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(loader)
}

/// Every file under `tests/corpus/<loader>/`, as (file name, bytes).
fn corpus(loader: &str) -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("corpus folder")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else {
                let name = p
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default();
                out.push((name, std::fs::read(&p).expect("corpus file")));
            }
        }
    }
    let mut out = Vec::new();
    walk(&corpus_dir(loader), &mut out);
    assert!(out.len() >= 3, "the {loader} corpus is too small");
    out
}

// --- Mutations -------------------------------------------------------------

fn below(rng: &mut Roller, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (rng.die(n as u32) - 1) as usize
    }
}

const TOKENS: &[&str] = &[
    "&a ",
    "*a",
    "&a [*a, *a]",
    "[",
    "]",
    "{",
    "}",
    "!!binary ",
    "!!str ",
    "!tag ",
    "? ",
    ": ",
    "- ",
    "# ",
    "'",
    "\"",
    "|",
    "|-\n",
    ">",
    "---\n",
    "...\n",
    "%YAML 1.2\n",
    "<<: ",
    "~",
    "null",
    ".nan",
    "-.inf",
    "yes",
    "1e400",
    "99999999999999999999",
    "18446744073709551616",
    "4294967295",
    "2147483647",
    "-2147483648",
    "-1",
    "0x7f",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\u{feff}",
    "\u{2028}",
    "\u{85}",
    "\0",
    "ñ",
    "«»",
    "😀",
    ",",
    "\\",
    "\"\\uD800\"",
    "\"\\u0000\"",
    "@",
    "`",
];

const NUMBERS: &[&str] = &[
    "99999999999999999999",
    "18446744073709551615",
    "9223372036854775807",
    "-9223372036854775808",
    "4294967295",
    "4294967296",
    "2147483647",
    "-2147483648",
    "65535",
    "1000000",
    "-1",
    "0",
    "1e400",
    "-0",
    "1.5",
];

fn lines_of(b: &[u8]) -> Vec<Vec<u8>> {
    b.split(|c| *c == b'\n').map(|l| l.to_vec()).collect()
}

fn join(lines: &[Vec<u8>]) -> Vec<u8> {
    lines.join(&b'\n')
}

fn mutate(rng: &mut Roller, input: &mut Vec<u8>, corpus: &[(String, Vec<u8>)]) {
    let len = input.len();
    match rng.die(14) {
        1 if len > 0 => {
            let i = below(rng, len);
            input[i] ^= 1 << below(rng, 8);
        }
        2 if len > 0 => {
            let i = below(rng, len);
            input[i] = below(rng, 256) as u8;
        }
        3 => {
            let i = below(rng, len + 1);
            let n = 1 + below(rng, 8);
            let bytes: Vec<u8> = (0..n).map(|_| below(rng, 256) as u8).collect();
            input.splice(i..i, bytes);
        }
        4 if len > 0 => {
            let i = below(rng, len);
            let n = (1 + below(rng, 32)).min(len - i);
            input.drain(i..i + n);
        }
        5 => {
            let mut l = lines_of(input);
            let i = below(rng, l.len());
            l.remove(i);
            *input = join(&l);
        }
        6 => {
            let mut l = lines_of(input);
            let i = below(rng, l.len());
            let line = l[i].clone();
            l.insert(i, line);
            *input = join(&l);
        }
        7 => {
            let mut l = lines_of(input);
            let (i, j) = (below(rng, l.len()), below(rng, l.len()));
            l.swap(i, j);
            *input = join(&l);
        }
        8 => {
            let t = TOKENS[below(rng, TOKENS.len())].as_bytes().to_vec();
            let i = below(rng, len + 1);
            input.splice(i..i, t);
        }
        9 => {
            // A token at the start of a line, after its indentation.
            let mut l = lines_of(input);
            let i = below(rng, l.len());
            let at = l[i].iter().take_while(|c| **c == b' ').count();
            let t = TOKENS[below(rng, TOKENS.len())].as_bytes().to_vec();
            l[i].splice(at..at, t);
            *input = join(&l);
        }
        10 => {
            // A number made huge, negative or odd.
            let starts: Vec<usize> = (0..len)
                .filter(|&i| {
                    input[i].is_ascii_digit() && (i == 0 || !input[i - 1].is_ascii_digit())
                })
                .collect();
            if !starts.is_empty() {
                let s = starts[below(rng, starts.len())];
                let e = (s..len)
                    .find(|&i| !input[i].is_ascii_digit())
                    .unwrap_or(len);
                let n = NUMBERS[below(rng, NUMBERS.len())].as_bytes().to_vec();
                input.splice(s..e, n);
            }
        }
        11 => input.truncate(below(rng, len + 1)),
        12 => {
            // A chunk of another corpus file.
            let (_, other) = &corpus[below(rng, corpus.len())];
            if !other.is_empty() {
                let a = below(rng, other.len());
                let b = (a + 1 + below(rng, 200)).min(other.len());
                let i = below(rng, len + 1);
                input.splice(i..i, other[a..b].to_vec());
            }
        }
        13 if len > 0 => {
            // A chunk repeated: long lists, long lines.
            let a = below(rng, len);
            let b = (a + 1 + below(rng, 64)).min(len);
            let chunk = input[a..b].to_vec();
            let times = 2 + below(rng, 100);
            let rep: Vec<u8> = chunk
                .iter()
                .copied()
                .cycle()
                .take(chunk.len() * times)
                .collect();
            input.splice(b..b, rep);
        }
        _ => {
            // Indentation changed: a space more or less, or a tab.
            let mut l = lines_of(input);
            let i = below(rng, l.len());
            match rng.die(3) {
                1 => l[i].insert(0, b' '),
                2 if l[i].first() == Some(&b' ') => {
                    l[i].remove(0);
                }
                _ => l[i].insert(0, b'\t'),
            }
            *input = join(&l);
        }
    }
}

/// The input of case `i`: the corpus as it is first, then mostly mutated
/// corpus files, with some random bytes and YAML token soup.
fn input(i: usize, rng: &mut Roller, corpus: &[(String, Vec<u8>)]) -> (String, Vec<u8>) {
    if i < corpus.len() {
        return corpus[i].clone();
    }
    let (name, base) = &corpus[below(rng, corpus.len())];
    match i % 20 {
        0 => {
            let n = below(rng, 400);
            (
                name.clone(),
                (0..n).map(|_| below(rng, 256) as u8).collect(),
            )
        }
        1 => {
            let n = below(rng, 80);
            let soup: String = (0..n)
                .map(|_| match rng.die(4) {
                    1 => "key",
                    2 => " ",
                    3 => "\n  ",
                    _ => TOKENS[below(rng, TOKENS.len())],
                })
                .collect();
            (name.clone(), soup.into_bytes())
        }
        _ => {
            let mut b = base.clone();
            // Half the cases one mutation, so that many still load and go deep.
            let n = if rng.die(2) == 1 { 1 } else { rng.die(4) };
            for _ in 0..n {
                mutate(rng, &mut b, corpus);
            }
            (name.clone(), b)
        }
    }
}

// --- The driver --------------------------------------------------------------

struct Watch {
    started: Instant,
    input: Vec<u8>,
}

fn watches() -> &'static Mutex<BTreeMap<&'static str, Watch>> {
    static W: OnceLock<Mutex<BTreeMap<&'static str, Watch>>> = OnceLock::new();
    W.get_or_init(|| {
        std::thread::spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(500));
                let Ok(w) = watches().lock() else { return };
                for (loader, watch) in w.iter() {
                    if watch.started.elapsed() > HANG {
                        let path = save_failure(loader, "hang", &watch.input);
                        eprintln!(
                            "fuzz {loader}: one case ran past {HANG:?}; saved in {}",
                            path.display()
                        );
                        std::process::exit(1);
                    }
                }
            }
        });
        Mutex::new(BTreeMap::new())
    })
}

fn save_failure(loader: &str, what: &str, input: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{loader}-{what}.bin"));
    let _ = std::fs::write(&path, input);
    path
}

fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn cases_wanted(default: usize) -> usize {
    std::env::var("IMPIA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Run `cases` inputs through `one` (which says whether the loader took
/// the input); a panic saves the input and fails.
fn fuzz(
    loader: &'static str,
    cases: usize,
    seed: u64,
    mut one: impl FnMut(usize, &str, &[u8]) -> bool,
) {
    let corpus = corpus(loader);
    let mut rng = Roller::seeded(seed);
    let start = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut loaded = 0;
    for i in 0..cases {
        let (name, bytes) = input(i, &mut rng, &corpus);
        if let Ok(mut w) = watches().lock() {
            w.insert(
                loader,
                Watch {
                    started: Instant::now(),
                    input: bytes.clone(),
                },
            );
        }
        let t = Instant::now();
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| one(i, &name, &bytes)));
        let took = t.elapsed();
        if let Ok(true) = result {
            loaded += 1;
        }
        if let Err(panic) = result {
            let path = save_failure(loader, &format!("panic-{i}"), &bytes);
            eprintln!(
                "fuzz {loader}: case {i} ({name}) panicked; saved in {}",
                path.display()
            );
            std::panic::resume_unwind(panic);
        }
        slowest = slowest.max(took);
    }
    if let Ok(mut w) = watches().lock() {
        w.remove(loader);
    }
    eprintln!(
        "fuzz {loader}: {cases} cases ({loaded} loaded) in {:.1} s, slowest {:.1} ms, peak memory {} MB",
        start.elapsed().as_secs_f64(),
        slowest.as_secs_f64() * 1e3,
        peak_rss_kb() / 1024
    );
    assert!(
        peak_rss_kb() < MAX_RSS_KB,
        "fuzz {loader}: peak memory {} MB",
        peak_rss_kb() / 1024
    );
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// --- Rosters -----------------------------------------------------------------

fn roster_case(_: usize, _: &str, bytes: &[u8]) -> bool {
    let rules = rules();
    let src = text(bytes);
    let Ok(r) = parse_roster("fuzz.yaml", &src, rules) else {
        return false;
    };
    // What loads can be checked, costed, and saved back identical.
    let report = roster::check(&r, rules);
    assert_eq!(report.models.len(), r.models.len());
    let yaml = roster_to_yaml(&r).expect("a loaded roster can be written");
    let again = parse_roster("again.yaml", &yaml, rules)
        .unwrap_or_else(|e| panic!("a saved roster does not load: {e}\n{yaml}"));
    assert_eq!(again, r, "the roster changed through a save:\n{yaml}");
    true
}

#[test]
fn fuzz_roster() {
    fuzz("roster", CASES, 1, roster_case);
}

// --- Game files ----------------------------------------------------------------

fn game_case(i: usize, _: &str, bytes: &[u8]) -> bool {
    let rules = rules();
    let src = text(bytes);
    let parsed = file::parse("fuzz.yaml", &src);
    let mut replays = false;
    if let Ok(f) = &parsed {
        let replayed = replay(&f.setup, rules, &f.log);
        let game = Game::from_log(f.setup.clone(), rules, f.log.clone());
        match (&game, &replayed) {
            (Ok(g), Ok(st)) => assert_eq!(g.state(), st),
            (Err(a), Err(b)) => assert_eq!(a.index, b.index),
            _ => panic!("replay and load disagree"),
        }
        if let Ok(g) = game {
            replays = true;
            let _ = g.now();
            assert_eq!(g.log().count(), f.log.len());
            // Undo then redo is the identity.
            let mut h = g.clone();
            if h.undo().expect("undo in memory") {
                assert!(h.redo().expect("redo in memory"));
                assert_eq!(h.state(), g.state());
            }
            // What loads saves and loads back identical.
            let out = file::to_text(g.setup(), &f.undone, &f.redo, g.actions()).expect("writes");
            let back = file::parse("again.yaml", &out)
                .unwrap_or_else(|e| panic!("a saved game does not load: {e}\n{out}"));
            assert_eq!(back.setup, f.setup, "{out}");
            assert_eq!(back.log, f.log);
            assert_eq!(back.redo, f.redo);
        }
    }
    // Every tenth case goes through the file: load and recover.
    if i.is_multiple_of(10) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("partida.yaml");
        std::fs::write(&path, bytes).expect("write");
        let loaded = Game::load(&path, rules);
        let recovered = Game::recover(&path, rules);
        let utf8 = std::str::from_utf8(bytes).is_ok();
        if utf8 {
            assert_eq!(
                loaded.is_ok(),
                parsed
                    .as_ref()
                    .is_ok_and(|f| replay(&f.setup, rules, &f.log).is_ok())
            );
            // Recovering reads the log as far as it is good.
            let text = std::str::from_utf8(bytes).unwrap_or_default();
            assert_eq!(
                recovered.is_ok(),
                file::parse_recovering("partida.yaml", text).is_ok()
            );
        } else {
            assert!(loaded.is_err() && recovered.is_err());
        }
        if let Ok((g, problem)) = recovered {
            assert_eq!(problem.is_some(), loaded.is_err());
            assert_eq!(
                problem.is_some(),
                dir.path().join("partida.yaml.bak").exists()
            );
            let _ = g.now();
        }
    }
    replays
}

#[test]
fn fuzz_game_file() {
    fuzz("game", CASES, 2, game_case);
}

// --- Table packs ---------------------------------------------------------------

fn packs_case(i: usize, _: &str, bytes: &[u8]) -> bool {
    let src = text(bytes);
    let _ = is_pack_file(&src);
    let pack = parse_pack_file("fuzz.yaml", &src, Origin::User(PathBuf::from("fuzz.yaml")));
    if i.is_multiple_of(20) {
        // Through a folder, as `--tables DIR` reads it.
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("pack.yaml"), bytes).expect("write");
        let _ = load_user_packs(dir.path(), true);
    }
    pack.is_ok()
}

#[test]
fn fuzz_packs() {
    fuzz("packs", CASES, 3, packs_case);
}

// --- User rule tables --------------------------------------------------------------

const TABLE_NAMES: &[&str] = &[
    "troops.yaml",
    "melee_weapons.yaml",
    "ranged_weapons.yaml",
    "armours.yaml",
    "equipment.yaml",
    "upgrades.yaml",
    "actions.yaml",
    "fall.yaml",
    "jump.yaml",
    "cover.yaml",
    "warband.yaml",
    "omens.yaml",
];

fn example_rosters() -> &'static Vec<Roster> {
    static R: OnceLock<Vec<Roster>> = OnceLock::new();
    R.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .expect("rosters/")
            .map(|e| e.expect("entry").path())
            .collect();
        v.sort();
        v.iter()
            .map(|p| roster::load_roster(p, rules()).expect("example roster"))
            .collect()
    })
}

/// Tables that load must work: rosters cost and check, tables roll, the
/// `impia` pack builds from them.
fn exercise(rs: &RuleSet) {
    for r in example_rosters() {
        let report = roster::check(r, rs);
        assert_eq!(report.models.len(), r.models.len());
    }
    let mut roller = Roller::seeded(5);
    for t in &rs.roll_tables {
        let _ = t.row_odds(2);
        let _ = t.roll(&mut roller, -1);
    }
    let _ = impia_pack(rs);
}

fn tables_case(i: usize, name: &str, bytes: &[u8]) -> bool {
    let rules = rules();
    let mut rng = Roller::seeded(i as u64);
    // Now and then a file read as another table.
    let name = if i % 7 == 3 {
        TABLE_NAMES[below(&mut rng, TABLE_NAMES.len())]
    } else {
        name
    };
    let src = text(bytes);
    let loaded = rules.with_user_file(name, &src);
    if let Ok(rs) = &loaded {
        exercise(rs);
    }
    if i.is_multiple_of(20) {
        // Through a folder, as `--tables DIR` reads it.
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(name), bytes).expect("write");
        let from_dir = RuleSet::load(Some(dir.path()));
        if std::str::from_utf8(bytes).is_ok() {
            assert_eq!(from_dir.is_ok(), loaded.is_ok(), "{name}");
        }
        if let Ok(rs) = from_dir {
            exercise(&rs);
        }
    }
    loaded.is_ok()
}

#[test]
fn fuzz_tables() {
    fuzz("tables", CASES, 4, tables_case);
}

// --- The app's settings (RON through eframe's storage) ------------------------------

struct Storage(HashMap<String, String>);

impl eframe::Storage for Storage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// The key `ImpiaApp` keeps its settings under.
const PREFS_KEY: &str = "impia_prefs";

fn prefs_case(_: usize, _: &str, bytes: &[u8]) -> bool {
    let mut s = Storage(HashMap::from([(PREFS_KEY.to_string(), text(bytes))]));
    // A broken value means the defaults: never a panic.
    let Some(p) = eframe::get_value::<Prefs>(&s, PREFS_KEY) else {
        return false;
    };
    eframe::set_value(&mut s, PREFS_KEY, &p);
    assert_eq!(eframe::get_value::<Prefs>(&s, PREFS_KEY), Some(p));
    true
}

#[test]
fn fuzz_prefs() {
    fuzz("prefs", CASES, 5, prefs_case);
}

#[test]
fn the_prefs_corpus_reads_as_eframe_wrote_it() {
    let read = |name: &str| {
        let t = std::fs::read_to_string(corpus_dir("prefs").join(name)).expect("corpus");
        let s = Storage(HashMap::from([(PREFS_KEY.to_string(), t)]));
        eframe::get_value::<Prefs>(&s, PREFS_KEY)
    };
    let full = read("full.ron").expect("full.ron reads");
    assert!(!full.dark);
    assert_eq!(full.view, impia::ui::View::Game);
    // Missing keys take their defaults; an unknown key or value drops the lot.
    assert_eq!(read("partial.ron").map(|p| p.dark), Some(false));
    assert_eq!(read("bad-values.ron"), None);
}

// --- The guard against the parser --------------------------------------------------

/// How deep a parsed value nests.
fn value_depth(v: &serde_yaml::Value) -> usize {
    use serde_yaml::Value;
    match v {
        Value::Sequence(items) => 1 + items.iter().map(value_depth).max().unwrap_or(0),
        Value::Mapping(m) => {
            1 + m
                .iter()
                .map(|(k, x)| value_depth(k).max(value_depth(x)))
                .max()
                .unwrap_or(0)
        }
        Value::Tagged(t) => value_depth(&t.value),
        _ => 0,
    }
}

/// YAML token soup thick with brackets and with everything that can hide
/// them (quotes, comments, block scalars, byte-order marks, every kind of
/// line break), but no `:`, `?`, `- ` or alias, so that every level of a
/// parsed value is a bracket the parser read: whenever the soup parses, the
/// guard's scanner must have found at least that deep a nesting. That shows
/// the guard sees every bracket the parser sees.
#[test]
fn fuzz_yaml_guard_sees_every_bracket_the_parser_sees() {
    const PARTS: &[&str] = &[
        "[", "[[[[", "{", "{{{{", "]", "]]", "}", "}}", ",", ", ", " ", "  ", "\n", "\n  ",
        "\n    ", "'", "''", "\"", "\\\"", "# ", "#", "|", "|-", "|2", ">", "!t ", "!!str ", "&a ",
        "---", "...", "--- ", "\t", "\r", "\r\n", "\u{2028}", "\u{85}", "\u{feff}", "%", "x",
        "x y", "-x", "a]b", "a[b", "\\",
    ];
    /// Nested brackets with scalars and text that can hide brackets (quotes,
    /// comments, odd line breaks) between: deep values that often parse.
    fn nest(rng: &mut Roller, depth: usize, out: &mut String) {
        const SCALARS: &[&str] = &[
            "x",
            "y z",
            "'[[['",
            "\"{{{\"",
            "'it''s ['",
            "\"a\\\"[\"",
            "a]b",
            "-x",
            "!t x",
            "&a x",
            "'#'",
            "\"# [\"",
            "''",
            "|",
        ];
        const GAPS: &[&str] = &[
            "",
            " ",
            "\n ",
            "\r\n  ",
            "\u{2028} ",
            "\u{85}",
            " # [[[\n",
            "\t",
        ];
        const RARE: &[&str] = &["\n\u{feff}", "\n--- ", "\n... ", "\n#x\n", "\u{feff}"];
        let gap = |rng: &mut Roller, out: &mut String| {
            out.push_str(match rng.die(40) {
                1 => PARTS[below(rng, PARTS.len())],
                2..=4 => RARE[below(rng, RARE.len())],
                _ => GAPS[below(rng, GAPS.len())],
            });
        };
        if depth == 0 || rng.die(5) == 1 {
            out.push_str(SCALARS[below(rng, SCALARS.len())]);
            return;
        }
        let (open, close) = if rng.die(2) == 1 {
            ("[", "]")
        } else {
            ("{", "}")
        };
        out.push_str(open);
        for k in 0..rng.die(2) {
            if k > 0 {
                out.push(',');
            }
            gap(rng, out);
            nest(rng, depth - 1, out);
            gap(rng, out);
        }
        out.push_str(close);
    }
    let mut rng = Roller::seeded(77);
    let (mut parsed, mut deep) = (0, 0);
    for i in 0..cases_wanted(CASES) {
        let mut text = String::new();
        if i % 2 == 0 {
            for _ in 0..1 + below(&mut rng, 40) {
                text.push_str(PARTS[below(&mut rng, PARTS.len())]);
            }
        } else {
            nest(&mut rng, 8, &mut text);
        }
        let seen = impia::core::yaml::flow_depth(&text);
        match serde_yaml::from_str::<serde_yaml::Value>(&text) {
            Ok(v) => {
                parsed += 1;
                let built = value_depth(&v);
                deep += usize::from(built >= 4);
                assert!(
                    built <= seen,
                    "case {i}: the parser nested {built} deep, the guard saw {seen}: {text:?}"
                );
            }
            Err(e) => assert!(
                !e.to_string().contains("recursion limit") || seen > 64,
                "case {i}: the parser went past its recursion limit, the guard saw {seen}: {text:?}"
            ),
        }
    }
    eprintln!("guard against the parser: {parsed} parsed, {deep} nested 4 deep or more");
    assert!(parsed > 1000 && deep > 50, "{parsed} parsed, {deep} deep");
}

/// YAML token soup with aliases and no anchors: whenever `core::yaml` lets
/// a text through, the parser must not meet an alias (it would say
/// "unknown anchor"). That shows the guard sees every alias the parser sees.
#[test]
fn fuzz_yaml_guard_sees_every_alias_the_parser_sees() {
    const PARTS: &[&str] = &[
        "a", "b: ", "- ", "? ", ": ", "*x", " *x", "[", "]", "{", "}", ", ", "\n", "\n  ",
        "\n    ", "'", "''", "\"", "\\\"", "# ", "|", "|-", "|2", ">", "!t ", "!!str ", "---",
        "...", "\t", "\r", "\u{2028}", "\u{85}", "\u{feff}", "%", " ", "  ", "x y", ":x", "-x",
        "#x",
    ];
    let mut rng = Roller::seeded(76);
    let (mut passed, mut refused) = (0, 0);
    for i in 0..cases_wanted(CASES) {
        let n = 1 + below(&mut rng, 24);
        let text: String = (0..n)
            .map(|_| PARTS[below(&mut rng, PARTS.len())])
            .collect();
        if impia::core::yaml::check("soup.yaml", &text).is_err() {
            refused += 1;
            continue;
        }
        passed += 1;
        if let Err(e) = serde_yaml::from_str::<serde_yaml::Value>(&text) {
            assert!(
                !e.to_string().contains("unknown anchor"),
                "case {i}: the guard let an alias through: {text:?}"
            );
        }
    }
    assert!(
        passed > 1000 && refused > 1000,
        "{passed} passed, {refused} refused"
    );
}

/// The other way round: whatever text impia writes (any string, at any
/// depth of lists and maps) passes the guard, so no saved file is refused.
#[test]
fn fuzz_yaml_guard_passes_everything_impia_writes() {
    use std::collections::BTreeMap;
    let mut rng = Roller::seeded(78);
    let word = |rng: &mut Roller| -> String {
        (0..below(rng, 8))
            .map(|_| match rng.die(3) {
                1 => TOKENS[below(rng, TOKENS.len())].to_string(),
                2 => char::from_u32(below(rng, 0x3000) as u32)
                    .unwrap_or(' ')
                    .to_string(),
                _ => "a".to_string(),
            })
            .collect()
    };
    for i in 0..cases_wanted(CASES) {
        let (a, b, c) = (word(&mut rng), word(&mut rng), word(&mut rng));
        let nested: BTreeMap<String, Vec<Vec<String>>> =
            BTreeMap::from([(a.clone(), vec![vec![b.clone(), c.clone()], vec![a.clone()]])]);
        let text = serde_yaml::to_string(&(a, nested, vec![b, c])).expect("writes");
        if let Err(e) = impia::core::yaml::check("w.yaml", &text) {
            panic!("case {i}: the guard refuses what impia writes: {e}\n{text}");
        }
    }
}

// --- Limits ------------------------------------------------------------------------------

/// `f` must return an error that contains `says`, and not hang: the
/// message shows the guard refused it, before any costly parsing.
fn refused_quickly<T, E: std::fmt::Display>(
    what: &str,
    says: &str,
    f: impl FnOnce() -> Result<T, E>,
) {
    match no_hang(what, f) {
        Ok(_) => panic!("{what}: accepted"),
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains(says), "{what}: {e}");
        }
    }
}

/// A sparse file of `len` bytes: no disk used, no time spent writing it.
fn sparse(dir: &Path, name: &str, len: u64) -> PathBuf {
    let p = dir.join(name);
    let f = std::fs::File::create(&p).expect("create");
    f.set_len(len).expect("set_len");
    p
}

#[test]
fn limits_a_100_mb_file_is_refused_by_every_loader_at_once() {
    let rules = rules();
    let dir = tempfile::tempdir().expect("tempdir");
    let mb100 = 100 * 1024 * 1024;
    let roster = sparse(dir.path(), "banda.yaml", mb100);
    refused_quickly("roster", "at most 2097152", || {
        roster::load_roster(&roster, rules)
    });
    let game = sparse(dir.path(), "partida.yaml", mb100);
    refused_quickly("Game::load", "at most 33554432", || {
        Game::load(&game, rules)
    });
    refused_quickly("Game::recover", "at most 33554432", || {
        Game::recover(&game, rules)
    });
    let tables = tempfile::tempdir().expect("tempdir");
    sparse(tables.path(), "troops.yaml", mb100);
    refused_quickly("RuleSet::load", "at most 2097152", || {
        RuleSet::load(Some(tables.path()))
    });
    let packs = tempfile::tempdir().expect("tempdir");
    sparse(packs.path(), "pack.yaml", mb100);
    refused_quickly("load_user_packs", "at most 2097152", || {
        let (_, problems) = load_user_packs(packs.path(), true);
        match problems.first() {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    });
}

#[test]
fn limits_an_endless_file_is_read_only_up_to_the_limit() {
    // `/dev/zero` tells no size: before the fix the read never ended. Now
    // a device is refused before it is opened (issue 14); the read's own
    // bound still stops a regular file that grows while it is read.
    let zero = Path::new("/dev/zero");
    if !zero.exists() {
        return;
    }
    let rules = rules();
    refused_quickly("roster", "not a regular file", || {
        roster::load_roster(zero, rules)
    });
    refused_quickly("game", "not a regular file", || Game::load(zero, rules));
}

/// The classic bomb: ten aliases of ten aliases of … nine deep.
fn laughs() -> String {
    let mut s = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let p = format!("*a{}", i - 1);
        s.push_str(&format!("a{i}: &a{i} [{}]\n", [p.as_str(); 10].join(", ")));
    }
    s
}

#[test]
fn limits_a_yaml_bomb_is_refused_by_the_parser_and_by_impia() {
    // yaml_serde's own repetition limit stops the nested bomb…
    let bomb = laughs();
    refused_quickly("yaml_serde", "repetition limit", || {
        serde_yaml::from_str::<serde_yaml::Value>(&bomb)
    });
    // …and impia refuses it before the parser runs, in every loader.
    let rules = rules();
    let as_roster = format!("name: bomba\nmodels: []\n{bomb}");
    refused_quickly("roster", "aliases", || {
        parse_roster("b.yaml", &as_roster, rules)
    });
    refused_quickly("game", "aliases", || {
        file::parse("b.yaml", &format!("version: 1\n{bomb}log:\n"))
    });
    refused_quickly("tables", "aliases", || {
        rules.with_user_file("troops.yaml", &bomb)
    });
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("pack.yaml"), format!("pack: b\n{bomb}")).expect("write");
    let (_, problems) = load_user_packs(dir.path(), true);
    assert!(
        problems.iter().any(|e| e.to_string().contains("aliases")),
        "{problems:?}"
    );
}

#[test]
fn limits_a_wide_alias_bomb_that_the_parser_lets_through_is_refused() {
    // 400 models each naming a 400-id list by alias: 160,000 strings from
    // 20 KB, and it grows with the square of the size (a 146 KB file made
    // 9 million, 513 MB). yaml_serde's limit counts jumps, not their size.
    let ids = vec!["mace"; 400].join(",");
    let mut text =
        format!("name: x\nmodels:\n  - name: a\n    troop: hero\n    weapons: &w [{ids}]\n");
    for i in 0..400 {
        text.push_str(&format!("  - {{name: m{i}, troop: hero, weapons: *w}}\n"));
    }
    let direct: Roster = serde_yaml::from_str(&text).expect("the parser alone expands it");
    assert_eq!(
        direct.models.iter().map(|m| m.weapons.len()).sum::<usize>(),
        160_400
    );
    refused_quickly("roster", "aliases", || {
        parse_roster("w.yaml", &text, rules())
    });
}

#[test]
fn limits_deep_nesting_is_refused_quickly() {
    // 100,000 levels took 42 s before the guard (quadratic in the parser).
    let deep = format!("name: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let rules = rules();
    refused_quickly("roster", "nested more than", || {
        parse_roster("d.yaml", &deep, rules)
    });
    refused_quickly("game", "nested more than", || {
        file::parse("d.yaml", &format!("version: 1\n{deep}"))
    });
    refused_quickly("tables", "nested more than", || {
        rules.with_user_file("omens.yaml", &deep)
    });
    let maps = "{a: ".repeat(500_000);
    refused_quickly("roster of maps", "nested more than", || {
        parse_roster("m.yaml", &maps, rules)
    });
}

#[test]
fn limits_the_largest_yaml_read_stays_within_time_and_memory() {
    // The worst shape under the 2 MiB limit: one flow list of a million
    // tiny items (the parser keeps every event). Bounded: about a second
    // and 170 MB in a debug build.
    let text = format!("name: x\nmodels: [{}]\n", "1,".repeat(1_048_000));
    assert!(text.len() as u64 <= impia::core::tables::MAX_FILE_BYTES);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("grande.yaml");
    std::fs::write(&path, &text).expect("write");
    refused_quickly("roster", "invalid type", || {
        roster::load_roster(&path, rules())
    });
    assert!(
        peak_rss_kb() < MAX_RSS_KB,
        "peak {} MB",
        peak_rss_kb() / 1024
    );
}

#[test]
fn limits_a_game_file_reads_its_log_without_the_yaml_parser() {
    // A long redo list and log go line by line as JSON; only the setup is
    // YAML, and a setup past 2 MiB is refused.
    let corpus = std::fs::read_to_string(corpus_dir("game").join("partida.yaml")).expect("corpus");
    let log_at = corpus.find("\nlog:\n").expect("log") + 1;
    let (head, log) = corpus.split_at(log_at);
    let actions: String = log.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let n = actions.lines().count();
    let redo_at = head.find("\nredo:\n").expect("redo") + 1;
    let setup = &head[..redo_at];
    // 2,000 copies of the redo list and of the log: some 4 MB of actions.
    let big = format!("{setup}redo:\n{}log:\n{}", actions.repeat(2000), actions);
    let f = no_hang("a 4 MB log", || file::parse("big.yaml", &big)).expect("parses");
    assert_eq!(f.redo.len(), 2000 * n);
    let fat_setup = format!("{setup}scenario: \"{}\"\nlog:\n", "x".repeat(2_200_000));
    refused_quickly("a huge setup", "setup part", || {
        file::parse("fat.yaml", &fat_setup)
    });
}

// --- The long run (ignored) --------------------------------------------------------------

#[test]
#[ignore = "long run: cargo test --release --test fuzz_loaders -- --ignored fuzz"]
fn fuzz_long_roster() {
    fuzz("roster", cases_wanted(LONG_CASES), 101, roster_case);
}

#[test]
#[ignore = "long run: cargo test --release --test fuzz_loaders -- --ignored fuzz"]
fn fuzz_long_game_file() {
    fuzz("game", cases_wanted(LONG_CASES), 102, game_case);
}

#[test]
#[ignore = "long run: cargo test --release --test fuzz_loaders -- --ignored fuzz"]
fn fuzz_long_packs() {
    fuzz("packs", cases_wanted(LONG_CASES), 103, packs_case);
}

#[test]
#[ignore = "long run: cargo test --release --test fuzz_loaders -- --ignored fuzz"]
fn fuzz_long_tables() {
    fuzz("tables", cases_wanted(LONG_CASES), 104, tables_case);
}

#[test]
#[ignore = "long run: cargo test --release --test fuzz_loaders -- --ignored fuzz"]
fn fuzz_long_prefs() {
    fuzz("prefs", cases_wanted(LONG_CASES), 105, prefs_case);
}
