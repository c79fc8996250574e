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
use std::process::{Command, Output};

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

// --- crisis ---------------------------------------------------------------

#[test]
fn crisis_events_cover_01_to_00_as_printed() {
    let set = packs();
    let (pack, t) = table(&set, "crisis/events");
    let rb = roll_body(t);
    assert_eq!(rb.dice.to_string(), "1d100");
    let labels: Vec<&str> = rb.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "01", "02-03", "04", "05-06", "07-09", "10", "11", "12-15", "16-17", "18", "19", "20",
            "21-47", "48-52", "53-80", "81", "82", "83-86", "87", "88", "89", "90", "91-92",
            "93-96", "97", "98-99", "00"
        ]
    );
    let row = |label: &str| rb.rows.iter().find(|r| r.label == label).expect(label);
    assert!(row("02-03").text.es.contains("+1d4 IL gratuitas"));
    assert!(row("93-96").text.es.contains("-1d10Po"));
    assert!(row("97").text.es.contains("-2d6Po"));
    assert!(row("98-99").text.es.contains("1d10 turnos"));
    assert_eq!(row("87").nested.len(), 1, "Licencia de 1d4 unidades");
    assert_eq!(row("00").then.as_deref(), Some("illness"));
    assert_eq!(
        rb.row_for(100).map(|i| rb.rows[i].label.as_str()),
        Some("00")
    );
    let o = odds_of(t, 0, &[]);
    let chance = |k: &str| o.iter().find(|(x, _)| x == k).map(|(_, p)| *p);
    assert_eq!(chance("21-47"), Some(p(27, 100)));
    assert_eq!(chance("00"), Some(p(1, 100)));
    assert_eq!(o.iter().map(|(_, p)| *p).sum::<Prob>(), p(1, 1));
    assert_eq!(pack.id, "crisis");
}

#[test]
fn crisis_event_00_rolls_its_illness_sub_roll() {
    let set = packs();
    let (pack, t) = table(&set, "crisis/events");
    let Some(seed) = (0..5000u64).find(|s| {
        t.roll(pack, 0, &[], &mut Roller::seeded(*s))
            .is_ok_and(|r| r.roll.as_ref().is_some_and(|d| d.total == 100))
    }) else {
        panic!("no seed below 5000 rolls 00");
    };
    let r = t
        .roll(pack, 0, &[], &mut Roller::seeded(seed))
        .expect("roll");
    assert_eq!(r.key, "00");
    let ill = r.then.as_deref().expect("the illness roll follows");
    assert_eq!(ill.table, "crisis/illness");
    let d10 = ill.roll.as_ref().expect("a d10").total;
    let want = match d10 {
        1..=3 => "Dies.",
        4..=6 => "Incapacitated for five turns.",
        _ => "-2 to level for five turns.",
    };
    assert_eq!(ill.text.en, want);
    let lines = r.lines(pack, Lang::Es, true);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with("Enfermedad de un líder: 1d10 ["),
        "{lines:?}"
    );
}

#[test]
fn crisis_piracy_reads_fn_and_the_roll() {
    let set = packs();
    let (_, t) = table(&set, "crisis/piracy");
    // FN 3-4: -1 0 1 2-3 4-5 6 → 0 0 0 1 2 2. Pirates roll 1d6.
    assert_eq!(
        odds_of(t, 0, &["3"]),
        [
            ("0 Po".to_string(), p(1, 6)),
            ("1 Po".to_string(), p(1, 3)),
            ("2 Po".to_string(), p(1, 2))
        ]
    );
    // Beginners roll 1d6-2: -1..4.
    assert_eq!(
        odds_of(t, -2, &["3"]),
        [
            ("0 Po".to_string(), p(1, 2)),
            ("1 Po".to_string(), p(1, 3)),
            ("2 Po".to_string(), p(1, 6))
        ]
    );
    // FN 9+: 1 1 1 2 2 3.
    assert_eq!(
        odds_of(t, 0, &["12"]).last(),
        Some(&("3 Po".to_string(), p(1, 6)))
    );
    assert_eq!(t.modifiers[0].value, Some(-2));
}

// --- dragon rage ----------------------------------------------------------

#[test]
fn dragon_rage_combat_cells_match_the_printed_table() {
    let set = packs();
    let (_, t) = table(&set, "dragon_rage/combat");
    // (attacker, defender, what the German 2.7.5 prints).
    let printed = [
        (12, 3, "Hit on 3+ with 1d6"),
        (1, 1, "Hit on 6+ with 1d6"),
        (1, 2, "Missed"),
        (2, 3, "Hit on 11+ with 2d6"),
        (5, 1, "Hit on 2+ with 1d6"),
        (6, 1, "Destroyed"),
        (7, 13, "Hit on 11+ with 2d6"),
        (7, 14, "Missed"),
        (10, 2, "Hit on 2+ with 1d6"),
        (15, 5, "Hit on 4+ with 1d6"),
        (18, 3, "Destroyed"),
        (20, 10, "Hit on 5+ with 1d6"),
        (23, 5, "Hit on 3+ with 1d6"),
        (24, 4, "Destroyed"),
        (27, 9, "Hit on 4+ with 1d6"),
        (30, 6, "Hit on 2+ with 1d6"),
        (30, 14, "Hit on 5+ with 1d6"),
        // Column 15, from the Spanish edition.
        (8, 15, "Hit on 11+ with 2d6"),
        (15, 15, "Hit on 6+ with 1d6"),
        (30, 15, "Hit on 5+ with 1d6"),
        (7, 15, "Missed"),
    ];
    for (a, d, want) in printed {
        assert_eq!(
            cell(t, &[&a.to_string(), &d.to_string()]),
            want,
            "{a} vs {d}"
        );
    }
    let lk = lookup(t);
    assert_eq!((lk.rows.len(), lk.columns.len()), (30, 15));
}

#[test]
fn dragon_rage_combat_gets_harder_as_the_defender_grows() {
    // Read as a minimum roll: D below every number, M above; 11 is 2d6.
    let set = packs();
    let (_, t) = table(&set, "dragon_rage/combat");
    let lk = lookup(t);
    let level = |c: &impia::core::packs::Cell| match &c.result {
        CellResult::Outcome(i) if lk.outcomes[*i].id == "destroyed" => 0,
        CellResult::Outcome(_) => 99,
        CellResult::Roll { at_least, .. } => *at_least,
        CellResult::Text { .. } => -1,
    };
    for (i, r) in lk.rows.iter().enumerate() {
        for j in 0..15 {
            let here = level(&r.cells[j]);
            if j > 0 {
                assert!(
                    here >= level(&r.cells[j - 1]),
                    "row {} col {}",
                    i + 1,
                    j + 1
                );
            }
            if i > 0 {
                assert!(
                    here <= level(&lk.rows[i - 1].cells[j]),
                    "row {} col {}",
                    i + 1,
                    j + 1
                );
            }
        }
    }
}

#[test]
fn dragon_rage_odds_of_destroying_or_hitting() {
    let set = packs();
    let (_, t) = table(&set, "dragon_rage/combat");
    assert_eq!(
        odds_of(t, 0, &["12", "3"]),
        [
            ("destroyed".to_string(), p(0, 1)),
            ("hit".to_string(), p(2, 3)),
            ("missed".to_string(), p(1, 3))
        ]
    );
    assert_eq!(odds_of(t, 0, &["2", "3"])[1], ("hit".to_string(), p(1, 12)));
    assert_eq!(
        odds_of(t, 0, &["6", "1"])[0],
        ("destroyed".to_string(), p(1, 1))
    );
}

#[test]
fn dragon_rage_out_of_range_follows_the_printed_procedure() {
    let set = packs();
    let (_, t) = table(&set, "dragon_rage/combat");
    // At least double: destroyed; the defender at least double: missed.
    assert_eq!(cell(t, &["31", "15"]), "Destroyed");
    assert_eq!(cell(t, &["10", "20"]), "Missed");
    // Otherwise 7 - attacker / defender, rounded down; 7+ reads as 11+.
    assert_eq!(cell(t, &["40", "25"]), "Hit on 6+ with 1d6");
    assert_eq!(cell(t, &["16", "20"]), "Hit on 11+ with 2d6");
    let lk = lookup(t);
    let at = lk.locate(&values(t, &["40", "25"])).expect("located");
    assert!(at.note.is_some_and(|n| n.en.contains("7 − 40/25")));
}

#[test]
fn dragon_rage_climbing_and_breaking_through() {
    let set = packs();
    let (_, t) = table(&set, "dragon_rage/climb_break");
    assert_eq!(cell(t, &["trolls", "climb"]), "Succeeds on 5+ with 1d6");
    assert_eq!(cell(t, &["trolls", "door"]), "Succeeds on 7+ with 2d6");
    assert_eq!(
        cell(t, &["city_troops", "door"]),
        "Succeeds on 10+ with 2d6"
    );
    assert_eq!(cell(t, &["city_troops", "gate"]), "Impossible");
    assert_eq!(
        cell(t, &["giants_dragons_wyrms", "door"]),
        "Succeeds (automatic)"
    );
    assert_eq!(
        cell(t, &["giants_dragons_wyrms", "gate"]),
        "Succeeds on 9+ with 2d6"
    );
    assert_eq!(cell(t, &["orcs_wargs", "climb"]), "Succeeds on 6+ with 1d6");
    assert!(
        cell(t, &["goblins", "climb"]).starts_with("Succeeds on 6+ with 1d6 (goblins cannot climb")
    );
    assert_eq!(cell(t, &["wizard_alone", "door"]), "Impossible");
    // +1 to climb with no enemy adjacent: a modifier that counts for climbing only.
    let climb = values(t, &["trolls", "climb"]);
    let door = values(t, &["trolls", "door"]);
    let with = impia::core::packs::roll::applied_modifier(t, &[1], &climb);
    assert_eq!(with, 1);
    assert_eq!(
        impia::core::packs::roll::applied_modifier(t, &[1], &door),
        0
    );
    assert_eq!(odds_of(t, 0, &["trolls", "climb"])[0].1, p(1, 3));
    assert_eq!(odds_of(t, with, &["trolls", "climb"])[0].1, p(1, 2));
    assert_eq!(odds_of(t, 0, &["trolls", "door"])[0].1, p(7, 12));
}

// --- impia ----------------------------------------------------------------

#[test]
fn the_impia_pack_is_built_from_the_rule_tables() {
    let rules = RuleSet::builtin().expect("rules");
    let set = packs();
    for id in ["dark_forces", "spell_backlash"] {
        let (pack, t) = table(&set, id);
        assert_eq!(pack.id, "impia");
        let rt = rules.roll_table(id).expect("rule table");
        let rb = roll_body(t);
        let labels: Vec<&str> = rb.rows.iter().map(|r| r.label.as_str()).collect();
        let printed: Vec<&str> = rt.rows.iter().map(|r| r.range.as_str()).collect();
        assert_eq!(labels, printed);
        assert_eq!(rb.rows[0].text, rt.rows[0].text);
        let mine: Vec<Prob> = rb.row_odds(4).0.into_iter().map(|o| o.0).collect();
        let theirs: Vec<Prob> = rt
            .row_odds(4)
            .expect("odds")
            .into_iter()
            .map(|o| o.0)
            .collect();
        assert_eq!(mine, theirs);
    }
    let (_, sb) = table(&set, "spell_backlash");
    let mods: Vec<&str> = sb.modifiers.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(mods, ["spell_level", "caster_fear"]);
    // R18: 7 cm falls with Strength 2; R16: 7.5 cm needs an Agility check; R30.
    let (_, fall) = table(&set, "impia/fall");
    assert_eq!(cell(fall, &["7"]), "Up to 10 cm: Strength 2");
    assert_eq!(cell(fall, &["5"]), "Up to 5 cm: no harm");
    assert_eq!(cell(fall, &["25"]), "Beyond: Strength 8");
    let (_, jump) = table(&set, "jump");
    assert!(cell(jump, &["7,5"]).contains("Agility check or suffer a Fall"));
    assert!(cell(jump, &["10.5"]).contains("not possible"));
    let (_, cover) = table(&set, "cover");
    assert!(cell(cover, &["medium"]).starts_with("Armour +4"));
    assert!(!fall.rolls() && !cover.rolls());
}

// --- seeded rolls ---------------------------------------------------------

#[test]
fn seeded_rolls_reproduce() {
    let set = packs();
    for (r, given) in [
        ("crisis/events", vec![]),
        ("crisis/piracy", vec!["5"]),
        ("dragon_rage/combat", vec!["12", "3"]),
        ("dragon_rage/climb_break", vec!["trolls", "door"]),
    ] {
        let (pack, t) = table(&set, r);
        let v = if given.is_empty() {
            Vec::new()
        } else {
            values(t, &given)
        };
        let a = t.roll(pack, 0, &v, &mut Roller::seeded(77)).expect("roll");
        let b = t.roll(pack, 0, &v, &mut Roller::seeded(77)).expect("roll");
        assert_eq!(a, b, "{r}");
        let differs = (0..60).any(|s| {
            t.roll(pack, 0, &v, &mut Roller::seeded(s))
                .is_ok_and(|x| x != a)
        });
        assert!(differs, "{r}: other seeds give other rolls");
    }
}

#[test]
fn a_combat_roll_shows_the_die_and_the_outcome() {
    let set = packs();
    let (pack, t) = table(&set, "dragon_rage/combat");
    let r = t
        .roll(pack, 0, &values(t, &["12", "3"]), &mut Roller::seeded(3))
        .expect("roll");
    let check = r.check.as_ref().expect("a roll to make");
    assert_eq!((check.roll.dice.as_str(), check.at_least), ("1d6", 3));
    let want = if check.roll.total >= 3 {
        "hit"
    } else {
        "missed"
    };
    assert_eq!(r.outcome.as_deref(), Some(want));
    assert_eq!(r.cell.as_deref(), Some("3"));
}

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

fn impia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(args)
        .output()
        .expect("run the impia binary")
}

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
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    let want = mistakes(dir.path());
    assert_eq!(lines.len(), 3, "{err}");
    for w in &want {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("impia: {w}"))),
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
