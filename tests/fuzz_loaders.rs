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
//! `cargo test --test slow fuzz_loaders` runs 10,000 cases per loader (about half
//! a minute in a debug build on a 2-core machine); the long run is
//! `cargo test --release --test slow -- --ignored fuzz` (200,000 per
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

/// A number made huge, negative or odd.
fn swap_a_number(rng: &mut Roller, input: &mut Vec<u8>) {
    let len = input.len();
    let starts: Vec<usize> = (0..len)
        .filter(|&i| input[i].is_ascii_digit() && (i == 0 || !input[i - 1].is_ascii_digit()))
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
        10 => swap_a_number(rng, input),
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

// The loaders and the limits (tests/fuzz_loaders/).
mod limits;
mod loaders;
