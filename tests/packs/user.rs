//! A user's pack folder with mistakes, and the command line.

use super::*;
use crate::cli_support::impia;

// --- a user's pack folder, with three mistakes ----------------------------

fn write(dir: &Path, name: &str, text: &str) {
    if let Some(parent) = dir.join(name).parent() {
        std::fs::create_dir_all(parent).expect("folder");
    }
    std::fs::write(dir.join(name), text).expect("write");
}

const OMENS: &str = "id: omens\nname: {es: Augurios, en: Omens}\ndice: 1d6\nrows:\n  - range: 1-3\n    text: {es: Mal augurio, en: Bad omen}\n  - range: 4-6\n    text: {es: Buen augurio (+1d3 PD), en: Good omen (+1d3 DP)}\n";

/// Mistake 1: a gap (5 has no row).
const WEATHER: &str = "id: weather\nname: {es: Tiempo, en: Weather}\ndice: 1d6\nrows:\n  - range: 1-4\n    text: Sol\n  - range: \"6\"\n    text: Tormenta\n";

/// Mistake 2: `dados` for `dice`.
const LOOT: &str = "id: loot\nname: Botín\ndados: 2d6\nrows:\n  - range: 2-12\n    text: Nada\n";

/// Mistake 3: a grid row with a result missing.
const DUEL_PACK: &str = "pack: duel\nname: {es: Duelo, en: Duel}\ntables:\n  - id: duel\n    name: Duelo\n    inputs:\n      - {id: mine, name: Mío, min: 1}\n      - {id: theirs, name: Suyo, min: 1}\n    legend:\n      \"#\": \"#+ 1d6\"\n    grid: |\n      x  1  2\n      1  4  5\n      2  3\n";

fn user_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "mygame/omens.yaml", OMENS);
    write(dir.path(), "mygame/weather.yaml", WEATHER);
    write(dir.path(), "mygame/loot.yaml", LOOT);
    write(dir.path(), "duel.yaml", DUEL_PACK);
    dir
}

fn mistakes(dir: &Path) -> [String; 3] {
    let f = |n: &str| dir.join(n).display().to_string();
    [
        format!(
            "{}:4:1: table 'weather' has a gap: no row for 5 (rolled with 1d6, every total from 1 to 6 needs a row, or list the values it leaves out under `omit`)",
            f("mygame/weather.yaml")
        ),
        format!("{}:3:1: unknown field `dados`", f("mygame/loot.yaml")),
        format!(
            "{}:14:7: table 'duel': row '2' has 1 result for 2 columns",
            f("duel.yaml")
        ),
    ]
}

#[test]
fn a_user_pack_folder_with_three_mistakes_reports_each_clearly() {
    let dir = user_folder();
    let (packs, problems) = load_user_packs(dir.path(), false);
    assert!(packs.is_empty(), "broken packs stay out: {packs:?}");
    let got: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
    let want = mistakes(dir.path());
    assert_eq!(got.len(), 3, "{got:#?}");
    // The pack file is read before the folder (sorted by name).
    assert_eq!(got[0], want[2]);
    assert!(got[1].starts_with(&want[1]), "{}", got[1]);
    assert!(
        got[1].contains("expected one of `id`, `name`"),
        "lists the fields: {}",
        got[1]
    );
    assert_eq!(got[2], want[0]);

    // Fixed, both packs load, with their tables.
    write(
        dir.path(),
        "mygame/weather.yaml",
        &WEATHER.replace("\"6\"", "5-6"),
    );
    write(
        dir.path(),
        "mygame/loot.yaml",
        &LOOT.replace("dados", "dice"),
    );
    write(
        dir.path(),
        "duel.yaml",
        &DUEL_PACK.replace("2  3\n", "2  3  4\n"),
    );
    let (packs, problems) = load_user_packs(dir.path(), false);
    assert!(problems.is_empty(), "{problems:?}");
    let ids: Vec<(&str, usize)> = packs
        .iter()
        .map(|p| (p.id.as_str(), p.tables.len()))
        .collect();
    assert_eq!(ids, [("duel", 1), ("mygame", 3)]);
}

#[test]
fn a_folder_of_loose_tables_picked_in_the_app_is_a_pack() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "omens.yaml", OMENS);
    // As `--tables DIR`, loose files are rule tables, not a pack.
    assert_eq!(load_user_packs(dir.path(), false).0.len(), 0);
    let (packs, problems) = load_user_packs(dir.path(), true);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(packs.len(), 1);
    assert_eq!(packs[0].tables[0].id, "omens");
    // An empty folder says what a pack is.
    let empty = tempfile::tempdir().expect("temp dir");
    let (_, problems) = load_user_packs(empty.path(), true);
    assert!(
        problems[0].to_string().contains("no pack here"),
        "{problems:?}"
    );
}

#[test]
fn a_user_pack_cannot_take_a_shipped_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "mine.yaml",
        "pack: crisis\nname: Mine\ntables:\n  - {id: a, name: A, dice: 1d2, rows: [{range: 1-2, text: x}]}\n",
    );
    let rules = RuleSet::builtin().expect("rules");
    let set = PackSet::load(&rules, Some(dir.path()));
    assert_eq!(set.problems.len(), 1);
    assert!(
        set.problems[0]
            .to_string()
            .contains("pack id 'crisis' is already taken")
    );
    assert_eq!(
        set.pack("crisis").map(|p| p.origin.clone()),
        Some(Origin::Shipped)
    );
}

// --- the command line -----------------------------------------------------

fn json(args: &[&str]) -> serde_json::Value {
    let o = impia(args);
    assert!(
        o.status.success(),
        "impia {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("JSON")
}

#[test]
fn cli_reports_each_mistake_of_a_user_pack_folder_on_its_own_line() {
    let dir = user_folder();
    let path = dir.path().to_str().expect("utf-8 path");
    let o = impia(&["table", "list", "--tables", path]);
    // Issue 32: warnings, and the packs that loaded are listed.
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("crisis/events"));
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    let want = mistakes(dir.path());
    assert_eq!(lines.len(), 3, "{err}");
    for w in &want {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("impia: aviso: {w}"))),
            "{w}\nnot in:\n{err}"
        );
    }
}

#[test]
fn cli_lists_rolls_and_gives_the_odds_of_pack_tables() {
    let list = json(&["table", "list", "--pack", "dragon_rage", "--json"]);
    let refs: Vec<&str> = list
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|e| e["ref"].as_str())
        .collect();
    assert_eq!(refs, ["dragon_rage/combat", "dragon_rage/climb_break"]);

    let args = [
        "table",
        "roll",
        "dragon_rage/combat",
        "--input",
        "attacker=12",
        "--input",
        "defender=3",
        "--seed",
        "11",
        "--json",
    ];
    let r = json(&args);
    assert_eq!(r, json(&args), "same seed, same roll");
    assert_eq!(r["cell"], "3");
    assert_eq!(r["check"]["at_least"], 3);
    assert_eq!(r["check"]["dice"], "1d6");
    let die = r["check"]["rolled"][0].as_i64().expect("a d6");
    let want = if die >= 3 { "hit" } else { "missed" };
    assert_eq!(r["outcome"], want);

    let o = json(&[
        "table",
        "odds",
        "dragon_rage/combat",
        "--input",
        "attacker=12",
        "--input",
        "defender=3",
        "--json",
    ]);
    let outcomes: Vec<(String, String)> = o["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|x| {
            (
                x["key"].as_str().unwrap_or("").to_string(),
                x["odds"]["exact"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            ("destroyed".to_string(), "0/1".to_string()),
            ("hit".to_string(), "2/3".to_string()),
            ("missed".to_string(), "1/3".to_string())
        ]
    );

    // A bare id still finds this game's table; `events` is crisis's only.
    let e = json(&["table", "roll", "events", "--seed", "29", "--json"]);
    assert_eq!(e["table"], "crisis/events");
    let d = json(&["table", "odds", "crisis/additions", "--json"]);
    assert_eq!(d["outcomes"][0]["odds"]["exact"], "7/12");
}

#[test]
fn cli_refuses_a_lookup_without_its_inputs_in_one_line() {
    let o = impia(&[
        "table",
        "roll",
        "dragon_rage/combat",
        "--input",
        "attacker=12",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--input attacker=N --input defender=N"),
        "{err}"
    );
}

#[test]
fn a_pack_that_would_make_the_parser_hang_is_refused() {
    // Aliases expand without bound; impia's files never use them.
    let text = format!(
        "{HEAD}  - id: a\n    name: &n A\n    dice: 1d2\n    rows:\n      - {{range: 1-2, text: *n}}\n"
    );
    let e = refused(&text);
    assert!(e.starts_with("p.yaml:8:"), "{e}");
    let deep = format!("{HEAD}{}", "[".repeat(10_000));
    let e = refused(&deep);
    assert!(e.starts_with("p.yaml:4:"), "{e}");
}
