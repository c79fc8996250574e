//! The shipped packs checked against the rule texts, and seeded rolls.

use super::*;

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
