//! The command line as a user and a script see it: the real binary, its JSON
//! contract, seeded reproducibility, and one clear line on stderr with exit
//! code 2 for every kind of bad input.

use crate::cli_support::impia;
use std::path::Path;
use std::process::Output;

use impia::core::odds::Prob;
use impia::core::tables::RuleSet;
use serde_json::Value;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Run a command that must succeed and print JSON; return the parsed JSON.
fn json(args: &[&str]) -> Value {
    let o = impia(args);
    assert!(
        o.status.success(),
        "impia {args:?} failed: {:?}\n{}",
        o.status,
        stderr(&o)
    );
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("impia {args:?}: not JSON ({e}):\n{}", stdout(&o)))
}

/// Run a command that must be refused as bad input; return its one stderr line.
fn refused(args: &[&str]) -> String {
    let o = impia(args);
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "impia {args:?} panicked:\n{err}");
    assert_eq!(
        o.status.code(),
        Some(2),
        "impia {args:?}: exit code\nstderr: {err}"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "impia {args:?}: exactly one stderr line:\n{err}"
    );
    assert!(!lines[0].trim().is_empty(), "impia {args:?}: empty message");
    assert!(o.stdout.is_empty(), "impia {args:?}: nothing on stdout");
    lines[0].to_string()
}

/// An `{"exact": "n/d", "value": x}` object: the fraction, checked against the value.
fn odds(v: &Value) -> Prob {
    let Some(exact) = v["exact"].as_str() else {
        panic!("no exact fraction in {v}");
    };
    let Some((n, d)) = exact.split_once('/') else {
        panic!("'{exact}' is not n/d");
    };
    let n: u64 = n.parse().expect("numerator");
    let d: u64 = d.parse().expect("denominator");
    assert!(d > 0, "{exact}");
    let reduced = Prob::new(n, d);
    assert_eq!(
        (*reduced.numer(), *reduced.denom()),
        (n, d),
        "'{exact}' is not reduced"
    );
    let Some(value) = v["value"].as_f64() else {
        panic!("no value in {v}");
    };
    assert!((value - n as f64 / d as f64).abs() < 1e-12, "{v}");
    reduced
}

fn p(n: u64, d: u64) -> Prob {
    Prob::new(n, d)
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write a file in the temp dir");
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temp path")
}

// --- odds ------------------------------------------------------------------

#[test]
fn r04_odds_check_json_contract() {
    let v = json(&["odds", "check", "--attr", "5", "--adv", "1", "--json"]);
    let want: Value = serde_json::json!({"p_success": {"exact": "7/10", "value": 0.7}});
    assert_eq!(v, want);
}

#[test]
fn r01_odds_check_modifier_and_complications() {
    let v = json(&[
        "odds", "check", "--attr", "5", "--mod", "-1", "--comp", "1", "--json",
    ]);
    // 1d10 at most 4 minus the kept d3: (3 + 2 + 1) / 30.
    assert_eq!(odds(&v["p_success"]), p(1, 5));
}

#[test]
fn r02_odds_opposed_json_without_combat() {
    let v = json(&[
        "odds",
        "opposed",
        "--active",
        "4",
        "--passive",
        "3",
        "--json",
    ]);
    assert_eq!(odds(&v["active_higher"]), p(11, 20));
    assert_eq!(odds(&v["passive_higher"]), p(9, 25));
    assert_eq!(odds(&v["equal"]), p(9, 100));
    // Outside Combat the tie goes to the active side.
    assert_eq!(odds(&v["active_wins"]), p(16, 25));
    assert_eq!(odds(&v["passive_wins"]), p(9, 25));
    assert!(
        v.get("both_hit").is_none(),
        "no both_hit outside Combat: {v}"
    );
}

#[test]
fn r23_odds_opposed_json_with_combat() {
    let v = json(&[
        "odds",
        "opposed",
        "--active",
        "4",
        "--passive",
        "3",
        "--combat",
        "--json",
    ]);
    assert_eq!(odds(&v["active_wins"]), p(11, 20));
    assert_eq!(odds(&v["passive_wins"]), p(9, 25));
    assert_eq!(odds(&v["both_hit"]), p(9, 100));
    assert_eq!(
        odds(&v["active_wins"]) + odds(&v["passive_wins"]) + odds(&v["both_hit"]),
        p(1, 1)
    );
}

// --- roll ------------------------------------------------------------------

/// A die as JSON: its sides, its value within them, whether it counts.
fn die(v: &Value, sides: u64) -> (u64, bool) {
    assert_eq!(v["sides"].as_u64(), Some(sides), "{v}");
    let Some(value) = v["value"].as_u64() else {
        panic!("no value in {v}");
    };
    assert!((1..=sides).contains(&value), "{v}");
    let Some(kept) = v["kept"].as_bool() else {
        panic!("no kept in {v}");
    };
    (value, kept)
}

/// The advantage or complication d3s: `n` of them, exactly one kept (the
/// highest), and their signed value.
fn edge(v: &Value, n: usize, sign: i64) -> i64 {
    let Some(dice) = v["dice"].as_array() else {
        panic!("no dice in {v}");
    };
    assert_eq!(
        dice.len(),
        n,
        "one d3 per net advantage or complication: {v}"
    );
    let rolled: Vec<(u64, bool)> = dice.iter().map(|d| die(d, 3)).collect();
    let value = v["value"].as_i64().expect("edge value");
    if n == 0 {
        assert_eq!(value, 0);
        return 0;
    }
    assert_eq!(rolled.iter().filter(|(_, k)| *k).count(), 1, "{v}");
    let max = rolled.iter().map(|(x, _)| *x).max().unwrap_or(0) as i64;
    let kept = rolled.iter().find(|(_, k)| *k).map(|(x, _)| *x as i64);
    assert_eq!(kept, Some(max), "the kept d3 is the highest: {v}");
    assert_eq!(value, sign * max, "{v}");
    value
}

#[test]
fn r01_roll_check_with_seed_reproduces_and_shows_every_die() {
    let args = [
        "roll", "check", "--attr", "5", "--mod", "1", "--adv", "3", "--seed", "7", "--json",
    ];
    let a = impia(&args);
    let b = impia(&args);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b), "same seed, same roll");
    let v = json(&args);
    assert_eq!(v["seed"].as_u64(), Some(7));
    let (d10, kept) = die(&v["d10"], 10);
    assert!(kept);
    let e = edge(&v["edge"], 3, 1);
    let target = v["target"].as_i64().expect("target");
    assert_eq!(target, 5 + 1 + e);
    assert_eq!(v["success"].as_bool(), Some(d10 as i64 <= target));

    // Another seed gives another roll, at least somewhere among a few.
    let differs = (8..20).any(|s| {
        let seed = s.to_string();
        let mut other = args;
        other[9] = &seed;
        let o = impia(&other);
        stdout(&o).replace(&format!("\"seed\": {s}"), "\"seed\": 7") != stdout(&a)
    });
    assert!(differs, "the seed must matter");

    // The text form reproduces too.
    let text = ["roll", "check", "--attr", "5", "--seed", "7"];
    assert_eq!(stdout(&impia(&text)), stdout(&impia(&text)));
}

/// Issue 34: `impia roll` prints the core's sentence for the roll, the
/// same the app's dice view shows (R01, R02, R04).
#[test]
fn r04_roll_prints_the_cores_words_for_the_roll() {
    use impia::core::dice::{CheckSpec, OpposedSpec, Roller, roll_check, roll_opposed};
    use impia::core::text::Lang;
    let text = [
        "roll", "check", "--attr", "5", "--adv", "2", "--seed", "9", "--lang", "en",
    ];
    let want = roll_check(&mut Roller::seeded(9), CheckSpec::new(5).with_edge(2, 0));
    let out = stdout(&impia(&text));
    assert!(out.contains(&want.words(Lang::En)), "{out}");
    assert!(out.contains("5, 2 advantages"), "{out}");
    let text = [
        "roll",
        "opposed",
        "--active",
        "4",
        "--passive",
        "3",
        "--passive-comp",
        "1",
        "--seed",
        "5",
    ];
    let spec = OpposedSpec {
        active: CheckSpec::new(4),
        passive: CheckSpec::new(3).with_edge(0, 1),
        combat: false,
    };
    let want = roll_opposed(&mut Roller::seeded(5), spec);
    let out = stdout(&impia(&text));
    assert!(out.contains(&want.words(Lang::Es)), "{out}");
    assert!(out.contains("(complicación: d3 ["), "{out}");
}

#[test]
fn r02_roll_opposed_with_seed_reproduces_and_shows_every_die() {
    let args = [
        "roll",
        "opposed",
        "--active",
        "4",
        "--passive",
        "3",
        "--active-adv",
        "2",
        "--passive-comp",
        "1",
        "--active-mod",
        "1",
        "--combat",
        "--seed",
        "11",
        "--json",
    ];
    let a = impia(&args);
    let b = impia(&args);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b), "same seed, same roll");
    let v: Value = serde_json::from_slice(&a.stdout).expect("JSON");
    assert_eq!(v["seed"].as_u64(), Some(11));

    let (ad10, _) = die(&v["active"]["d10"], 10);
    let ae = edge(&v["active"]["edge"], 2, 1);
    let at = v["active"]["total"].as_i64().expect("active total");
    assert_eq!(at, ad10 as i64 + 4 + 1 + ae);

    let (pd10, _) = die(&v["passive"]["d10"], 10);
    let pe = edge(&v["passive"]["edge"], 1, -1);
    let pt = v["passive"]["total"].as_i64().expect("passive total");
    assert_eq!(pt, pd10 as i64 + 3 + pe);

    let want = match at.cmp(&pt) {
        std::cmp::Ordering::Greater => "active_wins",
        std::cmp::Ordering::Less => "passive_wins",
        std::cmp::Ordering::Equal => "both_hit",
    };
    assert_eq!(v["outcome"].as_str(), Some(want), "{v}");
}

// --- table -----------------------------------------------------------------

fn listed_ids(v: &Value) -> Vec<String> {
    let Some(list) = v.as_array() else {
        panic!("table list --json is not a list: {v}");
    };
    list.iter()
        .filter_map(|e| e["id"].as_str().map(String::from))
        .collect()
}

#[test]
fn r38_r39_table_list_json() {
    let v = json(&["table", "list", "--json"]);
    let ids = listed_ids(&v);
    for id in ["dark_forces", "spell_backlash", "fall", "jump", "cover"] {
        assert!(ids.iter().any(|i| i == id), "'{id}' missing from {ids:?}");
    }
    let Some(df) = v
        .as_array()
        .and_then(|l| l.iter().find(|e| e["id"] == "dark_forces"))
    else {
        panic!("no dark_forces entry");
    };
    assert_eq!(df["dice"], "1d10");
    assert_eq!(df["rule"], "R39");
}

#[test]
fn r39_table_roll_with_seed_reproduces_in_both_languages() {
    let rs = RuleSet::builtin().expect("shipped tables");
    let Some(t) = rs.roll_table("dark_forces") else {
        panic!("no dark_forces");
    };
    let es_args = ["table", "roll", "dark_forces", "--seed", "5", "--json"];
    let es = json(&es_args);
    assert_eq!(es, json(&es_args), "same seed, same roll");
    assert_eq!(es["seed"].as_u64(), Some(5));
    let rolled = es["rolled"].as_array().expect("rolled dice");
    assert_eq!(rolled.len(), 1, "one d10");
    let total = es["total"].as_i64().expect("total");
    assert_eq!(rolled[0].as_i64(), Some(total), "no modifier");
    assert!((1..=10).contains(&total));
    let row = es["row"].as_u64().expect("row") as usize;
    assert_eq!(row, t.row_for(total as i32));
    assert_eq!(es["range"].as_str(), Some(t.rows[row].range.as_str()));
    assert_eq!(es["text"].as_str(), Some(t.rows[row].text.es.as_str()));

    let en = json(&[
        "table",
        "roll",
        "dark_forces",
        "--seed",
        "5",
        "--json",
        "--lang",
        "en",
    ]);
    assert_eq!(
        en["total"], es["total"],
        "the language does not change the roll"
    );
    assert_eq!(en["text"].as_str(), Some(t.rows[row].text.en.as_str()));
    assert_ne!(en["text"], es["text"]);
}

#[test]
fn r38_table_show_spell_backlash_odds_sum_to_one() {
    let v = json(&["table", "show", "spell_backlash", "--mod", "4", "--json"]);
    assert_eq!(v["modifier"].as_i64(), Some(4));
    let Some(rows) = v["rows"].as_array() else {
        panic!("no rows in {v}");
    };
    let odds: Vec<Prob> = rows.iter().map(|r| odds(&r["odds"])).collect();
    assert_eq!(odds.iter().copied().sum::<Prob>(), p(1, 1));
    // d10 + 4: 5-7, 8-11, 12-13, 14.
    assert_eq!(odds, [p(3, 10), p(2, 5), p(1, 5), p(1, 10)]);
}

// --- bad input -------------------------------------------------------------

#[test]
fn a_negative_attribute_is_refused() {
    let msg = refused(&["odds", "check", "--attr", "-1"]);
    assert!(msg.contains("--attr") && msg.contains("negative"), "{msg}");
}

#[test]
fn a_word_for_advantages_is_refused() {
    let msg = refused(&["odds", "check", "--attr", "5", "--adv", "foo"]);
    assert!(msg.contains("--adv") && msg.contains("'foo'"), "{msg}");
}

#[test]
fn a_word_for_a_modifier_is_refused() {
    let msg = refused(&["odds", "check", "--attr", "5", "--mod", "x"]);
    assert!(msg.contains("--mod") && msg.contains("'x'"), "{msg}");
    let msg = refused(&["roll", "check", "--attr", "5", "--mod", "x"]);
    assert!(msg.contains("--mod"), "{msg}");
}

#[test]
fn a_bad_table_modifier_is_refused() {
    for cmd in ["show", "roll"] {
        let msg = refused(&["table", cmd, "spell_backlash", "--mod", "x"]);
        assert!(msg.contains("--mod") && msg.contains("'x'"), "{msg}");
        // Far beyond any spell level plus fear; once overflowed the dice total.
        let msg = refused(&["table", cmd, "spell_backlash", "--mod", "2147483647"]);
        assert!(msg.contains("--mod") && msg.contains("2147483647"), "{msg}");
    }
}

#[test]
fn an_unknown_table_is_refused_with_the_known_ids() {
    for cmd in ["show", "roll"] {
        let msg = refused(&["table", cmd, "dark_forcez"]);
        assert!(msg.contains("'dark_forcez'"), "{msg}");
        assert!(
            msg.contains("dark_forces") && msg.contains("spell_backlash"),
            "{msg}"
        );
    }
}

#[test]
fn rolling_a_reference_table_is_refused() {
    let msg = refused(&["table", "roll", "fall"]);
    assert!(msg.contains("'fall'") && msg.contains("reference"), "{msg}");
    assert!(
        msg.contains("table show fall"),
        "says what to do instead: {msg}"
    );
}

#[test]
fn a_typo_in_a_user_troops_file_names_file_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "troops.yaml",
        "- id: warrior\n  name: {es: Guerrero, en: Warrior}\n  stats:\n    agilty: 3\n    combat: 3\n    accuracy: 3\n    strength: 3\n    toughness: 3\n    courage: 3\n  dp: 1\n  cost: 15\n  movement_cm: 10\n",
    );
    let msg = refused(&["table", "list", "--tables", path_str(dir.path())]);
    let file = dir.path().join("troops.yaml").display().to_string();
    // `agilty` is on line 4, column 5.
    assert!(msg.contains(&format!("{file}:4:5:")), "{msg}");
    assert!(
        msg.contains("unknown field") && msg.contains("agilty"),
        "{msg}"
    );
}

#[test]
fn a_gap_in_a_user_table_names_file_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "my_table.yaml",
        "id: my_table\nname: {es: Mía, en: Mine}\nrule: house\ndice: 1d10\nrows:\n  - range: \"1-4\"\n    text: {es: a, en: a}\n  - range: \"6-10\"\n    text: {es: b, en: b}\n",
    );
    let msg = refused(&["table", "list", "--tables", path_str(dir.path())]);
    let file = dir.path().join("my_table.yaml").display().to_string();
    assert!(msg.contains(&format!("{file}:5:1:")), "{msg}");
    assert!(msg.contains("gap"), "{msg}");
}

#[test]
fn a_missing_tables_folder_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("no_such_folder");
    let msg = refused(&["table", "list", "--tables", path_str(&missing)]);
    assert!(msg.contains("no_such_folder"), "{msg}");
}

// --- a user table ----------------------------------------------------------

#[test]
fn a_user_die_range_table_is_listed_and_rollable() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "omens.yaml",
        "id: omens\nname: {es: Augurios, en: Omens}\nrule: house\ndice: 1d6\nrows:\n  - range: \"1-3\"\n    text: {es: Mal augurio, en: Bad omen}\n  - range: \"4-6\"\n    text: {es: Buen augurio, en: Good omen}\n",
    );
    let tables = path_str(dir.path());
    let ids = listed_ids(&json(&["table", "list", "--json", "--tables", tables]));
    assert!(ids.iter().any(|i| i == "omens"), "{ids:?}");
    assert!(
        ids.iter().any(|i| i == "dark_forces"),
        "shipped tables stay: {ids:?}"
    );

    let args = [
        "table", "roll", "omens", "--seed", "3", "--json", "--lang", "en", "--tables", tables,
    ];
    let v = json(&args);
    assert_eq!(v, json(&args), "same seed, same roll");
    let total = v["total"].as_i64().expect("total");
    assert!((1..=6).contains(&total), "1d6: {v}");
    let want = if total <= 3 { "Bad omen" } else { "Good omen" };
    assert_eq!(v["text"].as_str(), Some(want), "{v}");

    let show = json(&["table", "show", "omens", "--json", "--tables", tables]);
    let rows = show["rows"].as_array().expect("rows");
    let odds: Vec<Prob> = rows.iter().map(|r| odds(&r["odds"])).collect();
    assert_eq!(odds, [p(1, 2), p(1, 2)]);
}
