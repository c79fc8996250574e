//! Table packs: the format (nested dice, 00 = 100, lookups, the out-of-range
//! rule, coverage and the other strict checks, each error with file, line
//! and column), the shipped tables checked against the rule texts by hand,
//! seeded rolls, and a user's pack folder with mistakes, through the core and
//! through the command line.
//!
//! The expected rows and cells below were read off the rule texts
//! (`crisis-10.5f.es.txt`, `dragon-rage-referenz.de.txt`, the Spanish
//! `dragon-rage-referencia.es.txt`), not out of `tables/packs/`.

use std::path::Path;

use impia::core::dice::Roller;
use impia::core::odds::Prob;
use impia::core::packs::roll::{InputValue, OutcomeOdds, parse_input};
use impia::core::packs::{
    Body, CellResult, LookupBody, Origin, Pack, PackSet, PackTable, RollBody, load_user_packs,
    parse_pack_file,
};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;

fn p(n: u64, d: u64) -> Prob {
    Prob::new(n, d)
}

fn packs() -> PackSet {
    let set = PackSet::shipped(&RuleSet::builtin().expect("rules"));
    assert!(set.problems.is_empty(), "{:?}", set.problems);
    set
}

fn table<'a>(set: &'a PackSet, r: &str) -> (&'a Pack, &'a PackTable) {
    set.find(r).unwrap_or_else(|e| panic!("{e}"))
}

fn roll_body(t: &PackTable) -> &RollBody {
    match &t.body {
        Body::Roll(r) => r,
        Body::Lookup(_) => panic!("{} is a lookup", t.id),
    }
}

fn lookup(t: &PackTable) -> &LookupBody {
    match &t.body {
        Body::Lookup(l) => l,
        Body::Roll(_) => panic!("{} is a roll table", t.id),
    }
}

/// The input values of a lookup from text, as a player types them.
fn values(t: &PackTable, given: &[&str]) -> Vec<InputValue> {
    let lk = lookup(t);
    lk.inputs
        .iter()
        .zip(given)
        .map(|(i, v)| parse_input(i, v, Lang::En).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The odds of a table as (key or English name, fraction).
fn odds_of(t: &PackTable, modifier: i32, given: &[&str]) -> Vec<(String, Prob)> {
    let v = if given.is_empty() {
        Vec::new()
    } else {
        values(t, given)
    };
    t.odds(modifier, &v)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|o: OutcomeOdds| {
            let k = if o.key.is_empty() {
                o.name.en.clone()
            } else {
                o.key
            };
            (k, o.odds.0)
        })
        .collect()
}

/// What a lookup's inputs cross, in English words.
fn cell(t: &PackTable, given: &[&str]) -> String {
    let lk = lookup(t);
    let at = lk
        .locate(&values(t, given))
        .unwrap_or_else(|e| panic!("{e}"));
    at.cell
        .map(|c| c.describe(lk, Lang::En))
        .unwrap_or_default()
}

fn pack_from(text: &str) -> Result<Pack, String> {
    parse_pack_file("p.yaml", text, Origin::Shipped).map_err(|e| e.to_string())
}

fn refused(text: &str) -> String {
    match pack_from(text) {
        Ok(_) => panic!("the pack should be refused:\n{text}"),
        Err(e) => e,
    }
}

const HEAD: &str = "pack: house\nname: {es: Casa, en: House}\ntables:\n";

// --- the format: roll tables ----------------------------------------------

#[test]
fn nested_dice_are_rolled_and_shown_with_the_row() {
    let text = format!(
        "{HEAD}  - id: loot\n    name: Botín\n    dice: 1d6\n    rows:\n      - range: 1-6\n        text: {{es: \"Ganas +1d4 IL y -2d6 Po.\", en: \"You gain +1d4 IL and -2d6 Po.\"}}\n"
    );
    let pack = pack_from(&text).expect("loads");
    let t = pack.table("loot").expect("table");
    assert_eq!(roll_body(t).rows[0].nested.len(), 2);
    let r = t.roll(&pack, 0, &[], &mut Roller::seeded(9)).expect("roll");
    assert_eq!(r.nested.len(), 2, "{r:?}");
    assert_eq!(r.nested[0].dice, "1d4");
    assert!((1..=4).contains(&r.nested[0].total));
    assert_eq!(r.nested[1].rolled.len(), 2, "2d6 shows both dice");
    let line = &r.lines(&pack, Lang::En, true)[0];
    let want = format!(
        "+1d4 [{}] IL and -2d6 [{}] Po",
        r.nested[0].total, r.nested[1].total
    );
    assert!(line.contains(&want), "{line}");
}

#[test]
fn zero_zero_is_a_hundred_on_a_d100() {
    let text = format!(
        "{HEAD}  - id: d\n    name: D\n    dice: 1d100\n    rows:\n      - range: \"01-80\"\n        text: a\n      - range: \"81-00\"\n        text: b\n"
    );
    let pack = pack_from(&text).expect("loads");
    let rb = roll_body(pack.table("d").expect("d"));
    assert_eq!(rb.row_for(100), Some(1));
    assert_eq!(rb.row_for(81), Some(1));
    assert_eq!(rb.row_for(1), Some(0));
    let (odds, _) = rb.row_odds(0);
    assert_eq!(odds[1].0, p(1, 5));
}

#[test]
fn a_row_may_reach_past_what_the_dice_give() {
    // Crisis prints "1-7" on 2d6, where 1 cannot be rolled.
    let set = packs();
    let (_, t) = table(&set, "crisis/additions");
    let o = odds_of(t, 0, &[]);
    assert_eq!(o[0], ("1-7".to_string(), p(21, 36)));
    assert_eq!(o[5], ("12".to_string(), p(1, 36)));
}

#[test]
fn a_gap_is_an_error_with_file_line_and_column() {
    let text = format!(
        "{HEAD}  - id: w\n    name: W\n    dice: 1d6\n    rows:\n      - range: 1-2\n        text: a\n      - range: 4-6\n        text: b\n"
    );
    let e = refused(&text);
    assert!(e.starts_with("p.yaml:7:5:"), "{e}");
    assert!(e.contains("gap") && e.contains("no row for 3"), "{e}");
    assert!(e.contains("omit"), "says how to leave a value out: {e}");
}

#[test]
fn a_value_left_out_on_purpose_is_no_gap() {
    let text = format!(
        "{HEAD}  - id: w\n    name: W\n    dice: 1d6\n    omit: [3]\n    rows:\n      - range: 1-2\n        text: a\n      - range: 4-6\n        text: b\n"
    );
    let pack = pack_from(&text).expect("3 is omitted on purpose");
    let t = pack.table("w").expect("w");
    let o = odds_of(t, 0, &[]);
    assert_eq!(o.last(), Some(&("—".to_string(), p(1, 6))), "{o:?}");
    assert_eq!(roll_body(t).row_for(3), None);
}

#[test]
fn an_overlap_points_at_the_second_row() {
    let text = format!(
        "{HEAD}  - id: w\n    name: W\n    dice: 1d6\n    rows:\n      - range: 1-3\n        text: a\n      - range: 3-6\n        text: b\n"
    );
    let e = refused(&text);
    assert!(e.starts_with("p.yaml:10:9:"), "{e}");
    assert!(e.contains("'3-6' overlaps row '1-3'"), "{e}");
}

#[test]
fn table_ids_are_unique_in_a_pack() {
    let t = "  - id: w\n    name: W\n    dice: 1d2\n    rows:\n      - {range: 1-2, text: a}\n";
    let e = refused(&format!("{HEAD}{t}{t}"));
    assert!(e.starts_with("p.yaml:9:5:"), "{e}");
    assert!(e.contains("duplicate table id 'w'"), "{e}");
}

#[test]
fn nested_dice_must_parse_and_agree_between_languages() {
    let bad = format!(
        "{HEAD}  - id: w\n    name: W\n    dice: 1d6\n    rows:\n      - range: 1-6\n        text: {{es: \"pierde 1d1 Po\", en: \"lose 1d1 Po\"}}\n"
    );
    let e = refused(&bad);
    assert!(e.starts_with("p.yaml:8:9:") && e.contains("'1d1'"), "{e}");
    let differ = format!(
        "{HEAD}  - id: w\n    name: W\n    dice: 1d6\n    rows:\n      - range: 1-6\n        text: {{es: \"+1d4 IL\", en: \"+1d6 IL\"}}\n"
    );
    let e = refused(&differ);
    assert!(
        e.contains("Spanish text rolls 1d4 but the English text rolls 1d6"),
        "{e}"
    );
}

#[test]
fn then_must_name_a_roll_table_of_the_pack_and_never_loop() {
    let unknown = format!(
        "{HEAD}  - id: a\n    name: A\n    dice: 1d2\n    rows:\n      - {{range: 1-2, text: x, then: b}}\n"
    );
    let e = refused(&unknown);
    assert!(
        e.contains("sends to 'b', which is not a table of pack 'house'"),
        "{e}"
    );
    let looped = format!(
        "{HEAD}  - id: a\n    name: A\n    dice: 1d2\n    rows:\n      - {{range: 1-2, text: x, then: b}}\n  - id: b\n    name: B\n    dice: 1d2\n    rows:\n      - {{range: 1-2, text: y, then: a}}\n"
    );
    let e = refused(&looped);
    assert!(e.contains("loop: a → b → a"), "{e}");
}

#[test]
fn a_dice_expression_that_does_not_parse_is_refused_at_its_line() {
    let text = format!(
        "{HEAD}  - id: a\n    name: A\n    dice: 2x6\n    rows:\n      - {{range: 1-2, text: x}}\n"
    );
    let e = refused(&text);
    assert!(e.starts_with("p.yaml:6:5:") && e.contains("'2x6'"), "{e}");
}

#[test]
fn a_pack_id_must_be_an_id() {
    let e = refused(
        "pack: Mi Juego\nname: M\ntables:\n  - {id: a, name: A, dice: 1d2, rows: [{range: 1-2, text: x}]}\n",
    );
    assert!(
        e.starts_with("p.yaml:1:1:") && e.contains("'Mi Juego'"),
        "{e}"
    );
}

// --- the format: lookups --------------------------------------------------

const DUEL: &str = "  - id: duel\n    name: Duelo\n    inputs:\n      - {id: a, name: A, min: 1}\n      - {id: b, name: B, min: 1}\n    outcomes:\n      - {id: won, name: Won}\n      - {id: lost, name: Lost}\n    on_success: won\n    on_failure: lost\n    legend:\n      W: won\n      L: lost\n      \"#\": \"#+ 1d6\"\n    grid: |\n      a/b  1   2\n      1    4   L\n      2    W   5\n";

#[test]
fn a_lookup_crosses_two_inputs_and_its_result_can_be_a_roll() {
    let pack = pack_from(&format!("{HEAD}{DUEL}")).expect("loads");
    let t = pack.table("duel").expect("duel");
    assert_eq!(cell(t, &["1", "1"]), "Won on 4+ with 1d6");
    assert_eq!(cell(t, &["2", "1"]), "Won");
    assert_eq!(
        odds_of(t, 0, &["1", "1"]),
        [("won".to_string(), p(1, 2)), ("lost".to_string(), p(1, 2))]
    );
    // A modifier adds to the roll the result asks for.
    assert_eq!(odds_of(t, 1, &["2", "2"])[0].1, p(1, 2));
    assert!(!t.rolls() || t.dice_label().as_deref() == Some("1d6"));
}

#[test]
fn inputs_outside_the_printed_range_are_refused_by_default() {
    let pack = pack_from(&format!("{HEAD}{DUEL}")).expect("loads");
    let t = pack.table("duel").expect("duel");
    let lk = lookup(t);
    let e = lk
        .locate(&values(t, &["3", "1"]))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(e, "a 3 is outside the table (printed: 1 to 2)");
    // Below `min` the input itself is refused.
    assert!(parse_input(&lk.inputs[0], "0", Lang::En).is_err());
}

#[test]
fn the_nearest_rule_reads_the_nearest_row() {
    let text = format!("{HEAD}{DUEL}    out_of_range: {{rule: nearest}}\n");
    let pack = pack_from(&text).expect("loads");
    let t = pack.table("duel").expect("duel");
    assert_eq!(cell(t, &["9", "1"]), "Won");
    assert_eq!(cell(t, &["9", "9"]), "Won on 5+ with 1d6");
}

#[test]
fn a_grid_row_with_a_missing_result_points_at_its_line() {
    let text = format!("{HEAD}{DUEL}").replace("      2    W   5\n", "      2    W\n");
    let e = refused(&text);
    assert!(e.starts_with("p.yaml:21:7:"), "{e}");
    assert!(e.contains("row '2' has 1 result for 2 columns"), "{e}");
}

#[test]
fn an_unknown_code_in_a_grid_points_at_the_cell() {
    let text = format!("{HEAD}{DUEL}").replace("      2    W   5\n", "      2    W   X\n");
    let e = refused(&text);
    // Line 21, the X in column 16.
    assert!(e.starts_with("p.yaml:21:16:"), "{e}");
    assert!(
        e.contains("row '2', column '2'") && e.contains("'X' is not a result"),
        "{e}"
    );
}

#[test]
fn a_missing_row_of_a_lookup_is_a_gap() {
    let text = format!("{HEAD}{DUEL}").replace("      2    W   5\n", "      3    W   5\n");
    let e = refused(&text);
    assert!(e.contains("no row for 2"), "{e}");
}

#[test]
fn rolled_columns_cover_their_dice() {
    let text = format!(
        "{HEAD}  - id: p\n    name: P\n    inputs: [{{id: n, name: N, min: 1}}]\n    column_dice: 1d6\n    grid: |\n      n  1-2  3-5\n      1+ a    b\n"
    );
    let e = refused(&text);
    assert!(e.contains("no column for 6"), "{e}");
}

// The shipped packs and a user's folder (tests/packs/).
mod shipped;
mod user;
