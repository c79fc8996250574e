//! The limits, each proved.

use super::*;

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
