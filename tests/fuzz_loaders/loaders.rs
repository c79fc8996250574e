//! Each loader fuzzed, the guard in front of the YAML parser, and the long run (ignored).

use super::*;

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

// --- The long run (ignored) --------------------------------------------------------------

#[test]
#[ignore = "long run: cargo test --release --test slow -- --ignored fuzz"]
fn fuzz_long_roster() {
    fuzz("roster", cases_wanted(LONG_CASES), 101, roster_case);
}

#[test]
#[ignore = "long run: cargo test --release --test slow -- --ignored fuzz"]
fn fuzz_long_game_file() {
    fuzz("game", cases_wanted(LONG_CASES), 102, game_case);
}

#[test]
#[ignore = "long run: cargo test --release --test slow -- --ignored fuzz"]
fn fuzz_long_packs() {
    fuzz("packs", cases_wanted(LONG_CASES), 103, packs_case);
}

#[test]
#[ignore = "long run: cargo test --release --test slow -- --ignored fuzz"]
fn fuzz_long_tables() {
    fuzz("tables", cases_wanted(LONG_CASES), 104, tables_case);
}

#[test]
#[ignore = "long run: cargo test --release --test slow -- --ignored fuzz"]
fn fuzz_long_prefs() {
    fuzz("prefs", cases_wanted(LONG_CASES), 105, prefs_case);
}
