//! Issue 14, packs: loads are linear or bounded (a layered `then` graph, a
//! pack of 64,000 rows, 20,000 choices), the chain limit is reported at
//! load, lookup arithmetic on numbers near the i32 limits does not wrap, and
//! 20d6 and 10d10 tables have exact odds by convolution.

use crate::hang::no_hang;
use impia::core::odds::Prob;
use impia::core::packs::roll::{InputValue, parse_input};
use impia::core::packs::{Body, Origin, Pack, parse_pack_file};
use impia::core::text::Lang;

fn load(text: &str) -> Result<Pack, String> {
    parse_pack_file("p.yaml", text, Origin::Shipped).map_err(|e| e.to_string())
}

/// 40 layers of two tables, each table sending to both of the next layer:
/// 2^40 paths, 80 tables.
pub fn layered_pack(layers: usize) -> String {
    let mut s = String::from("pack: layers\nname: L\ntables:\n");
    for l in 0..layers {
        for k in 0..2 {
            s.push_str(&format!(
                "  - id: t{l}_{k}\n    name: T\n    dice: 1d2\n    rows:\n"
            ));
            if l + 1 < layers {
                s.push_str(&format!(
                    "      - {{range: 1, text: a, then: t{}_0}}\n      - {{range: 2, text: b, then: t{}_1}}\n",
                    l + 1,
                    l + 1
                ));
            } else {
                s.push_str("      - {range: 1-2, text: end}\n");
            }
        }
    }
    s
}

#[test]
fn a_pack_of_forty_layers_of_then_links_is_checked_fast_and_refused_for_its_depth() {
    let text = layered_pack(40);
    assert!(text.len() < 12_000);
    let e = no_hang("40 layers", || load(&text)).expect_err("a chain of 40 tables is too deep");
    // At load, at the first table's `then`, with the limit named.
    // Flow-style rows (`- {range: 1, then: …}`) are not located by key, so
    // the error stands at the first table.
    assert!(e.starts_with("p.yaml:4:1: "), "{e}");
    assert!(
        e.contains("chain 40 tables") && e.contains("at most 16 links"),
        "{e}"
    );
}

#[test]
fn a_chain_of_seventeen_tables_loads_and_rolls_to_its_end() {
    let pack = load(&layered_pack(17)).expect("17 tables: 16 links");
    let (pack_ref, t) = (&pack, pack.table("t0_0").expect("table"));
    let mut roller = impia::core::dice::Roller::seeded(1);
    let r = t.roll(pack_ref, 0, &[], &mut roller).expect("roll");
    let mut depth = 1;
    let mut cur = &r;
    while let Some(next) = &cur.then {
        depth += 1;
        cur = next;
    }
    assert_eq!(depth, 17);
    let e = load(&layered_pack(18)).expect_err("18 tables");
    assert!(e.contains("chain 18 tables"), "{e}");
}

#[test]
fn a_chain_of_two_thousand_tables_is_refused_fast() {
    let mut s = String::from("pack: long\nname: L\ntables:\n");
    for i in 0..2000 {
        let then = if i + 1 < 2000 {
            format!(", then: t{}", i + 1)
        } else {
            String::new()
        };
        s.push_str(&format!(
            "  - id: t{i}\n    name: T\n    dice: 1d2\n    rows:\n      - {{range: 1-2, text: a{then}}}\n"
        ));
    }
    let e = no_hang("2000 tables", || load(&s)).expect_err("too deep");
    assert!(e.contains("chain 2000 tables"), "{e}");
    // A loop at the end of the chain is found too.
    let looped = s.replace(
        "      - {range: 1-2, text: a}\n",
        "      - {range: 1-2, text: a, then: t1990}\n",
    );
    let e = load(&looped).expect_err("loop");
    assert!(e.contains("loop: t1990 → "), "{e}");
}

/// A legal pack of nearly 2 MB with 59,000 rows (the had 64,000).
#[test]
fn a_pack_of_sixty_four_thousand_rows_loads_fast() {
    // A roll table of 3,997 rows (4d1000) and a lookup of 55,000.
    let mut s = String::from(
        "pack: big\nname: B\ntables:\n  - id: big\n    name: B\n    dice: 4d1000\n    rows:\n",
    );
    for v in 4..=4000 {
        s.push_str(&format!("      - {{range: {v}, text: r}}\n"));
    }
    let mut lookup =
        String::from("  - id: look\n    name: L\n    inputs: [{id: n, name: N}]\n    rows:\n");
    // Block style, where the locator finds each row's line.
    for v in 0..55_000 {
        lookup.push_str(&format!("      - key: {v}\n        text: r\n"));
    }
    s.push_str(&lookup);
    assert!(
        s.len() > 1_500_000 && s.len() < 2 * 1024 * 1024,
        "{}",
        s.len()
    );
    let pack = no_hang("59,000 rows", || load(&s)).expect("a legal pack");
    let Some(Body::Lookup(lk)) = pack.table("look").map(|t| &t.body) else {
        panic!("lookup");
    };
    assert_eq!(lk.rows.len(), 55_000);
    // An error in the last row still names its line.
    let bad = s.replace("key: 54999\n", "key: 54998\n");
    let e = no_hang("59,000 rows, one bad", || load(&bad)).expect_err("overlap");
    let last_key_line = bad.lines().count() - 1;
    assert!(
        e.starts_with(&format!(
            "p.yaml:{last_key_line}:9: table 'look': row '54998' overlaps"
        )),
        "{e}"
    );
}

#[test]
fn a_lookup_of_twenty_thousand_choices_loads_fast() {
    let mut s = String::from(
        "pack: many\nname: M\ntables:\n  - id: pick\n    name: P\n    inputs:\n      - id: who\n        name: W\n        choices:\n",
    );
    for i in 0..20_000 {
        s.push_str(&format!("          - {{id: c{i}, name: C}}\n"));
    }
    s.push_str("    rows:\n");
    for i in 0..20_000 {
        s.push_str(&format!("      - {{key: c{i}, text: r}}\n"));
    }
    let pack = no_hang("20,000 choices", || load(&s)).expect("a legal pack");
    let t = pack.table("pick").expect("table");
    let Body::Lookup(lk) = &t.body else {
        panic!("lookup")
    };
    assert_eq!(
        parse_input(&lk.inputs[0], "c19999", Lang::En),
        Ok(InputValue::Choice(19_999))
    );
}

#[test]
fn a_certain_hit_near_the_i32_limit_is_certain() {
    let text = "pack: edge\nname: E\ntables:\n  - id: hit\n    name: H\n    inputs: [{id: n, name: N}]\n    rows:\n      - {key: 1, text: x, result: \"-2147483648+ 1d6\"}\n      - {key: 2, text: y, result: \"2147483647+ 1d6\"}\n";
    let pack = load(text).expect("pack");
    let t = pack.table("hit").expect("table");
    let odds = |n: i32| {
        t.odds(0, &[InputValue::Number(n)])
            .expect("odds")
            .into_iter()
            .map(|o| (o.key, o.odds.0))
            .collect::<Vec<_>>()
    };
    let one = Prob::from_integer(1);
    let zero = Prob::from_integer(0);
    assert_eq!(
        odds(1),
        [("success".to_string(), one), ("failure".to_string(), zero)]
    );
    assert_eq!(
        odds(2),
        [("success".to_string(), zero), ("failure".to_string(), one)]
    );
}

/// Ways to roll each total of `n` dice of `s` sides, by plain counting in
/// u128 (independent of the code under test).
fn ways(n: u32, s: u32) -> Vec<u128> {
    let mut w = vec![1u128];
    for _ in 0..n {
        let mut next = vec![0u128; w.len() + s as usize];
        for (i, c) in w.iter().enumerate() {
            for f in 1..=s as usize {
                next[i + f] += c;
            }
        }
        w = next;
    }
    w
}

#[test]
fn twenty_d6_and_ten_d10_tables_have_exact_odds_fast() {
    let text = "pack: many\nname: M\ntables:\n  - id: a\n    name: A\n    dice: 20d6\n    rows:\n      - {range: 20-69, text: low}\n      - {range: 70, text: mid}\n      - {range: 71-120, text: high}\n  - id: b\n    name: B\n    dice: 10d10\n    rows:\n      - {range: 10-54, text: low}\n      - {range: 55-100, text: high}\n";
    let pack = load(text).expect("20d6 and 10d10 load");
    for (id, n, s, cut) in [("a", 20u32, 6u32, 70usize), ("b", 10, 10, 55)] {
        let t = pack.table(id).expect("table");
        let odds = no_hang(id, || t.odds(0, &[])).expect("odds");
        let w = ways(n, s);
        let denom = u128::from(s).pow(n);
        let below: u128 = w[..cut].iter().sum();
        let p = odds[0].odds.0;
        // p = below / denom, compared without overflow.
        assert_eq!(
            u128::from(*p.numer()) * denom,
            below * u128::from(*p.denom()),
            "{id}"
        );
        let total: Prob = odds.iter().map(|o| o.odds.0).sum();
        assert_eq!(total, Prob::from_integer(1), "{id}");
    }
    // 20d6 exactly: the middle row is P(total = 70).
    let mid = pack.table("a").expect("a").odds(0, &[]).expect("odds")[1]
        .odds
        .0;
    let w = ways(20, 6);
    assert_eq!(
        u128::from(*mid.numer()) * 6u128.pow(20),
        w[70] * u128::from(*mid.denom())
    );
}
