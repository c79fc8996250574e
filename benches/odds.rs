//! Benchmarks of the exact odds (R01, R02, R04) and of loading the rule tables.
//!
//! Run with `cargo bench --bench odds`; each benchmark measures for 3 s with 30
//! samples so that the whole run stays well under two minutes.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use impia::core::dice::{CheckSpec, OpposedSpec};
use impia::core::odds::{check_success, opposed};
use impia::core::tables::RuleSet;

/// Advantages (positive) or complications (negative) as a `CheckSpec` edge.
fn with_net_edge(spec: CheckSpec, net: i32) -> CheckSpec {
    if net >= 0 {
        spec.with_edge(net.unsigned_abs(), 0)
    } else {
        spec.with_edge(0, net.unsigned_abs())
    }
}

/// The whole grid the issue asks to compute in under 100 ms: "values 0–12 ×
/// modifiers −3..+3 × advantages/complications 0–3 on each side".
///
/// Our reading: for every value v in 0..=12, modifier m in -3..=3, active net
/// edge in -3..=3 (3 complications .. 3 advantages) and passive net edge in
/// -3..=3, compute the opposed odds of (v, m, active edge) against a fixed
/// passive side (5, 0, passive edge), plus the attribute check of
/// (v, m, active edge). That is 13 × 7 × 7 × 7 = 4459 cases. Sweeping the
/// passive value as well would multiply this by 13 without exercising any
/// other code path.
fn whole_grid() -> u64 {
    let mut acc = 0u64;
    for v in 0..=12 {
        for m in -3..=3 {
            for edge_a in -3..=3 {
                let active = with_net_edge(CheckSpec::new(v).with_modifier(m), edge_a);
                for edge_p in -3..=3 {
                    let passive = with_net_edge(CheckSpec::new(5), edge_p);
                    let o = opposed(black_box(&OpposedSpec {
                        active,
                        passive,
                        combat: false,
                    }));
                    let p = check_success(black_box(&active));
                    // Fold the results in so that nothing can be optimised away.
                    acc = acc
                        .wrapping_add(*o.active_wins.0.numer())
                        .wrapping_add(*p.numer());
                }
            }
        }
    }
    acc
}

/// The same grid as `whole_grid`, as `odds batch` input: 4,459 checks and
/// 4,459 opposed checks, one JSON object per line (8,918 cases).
fn batch_input() -> String {
    let mut out = String::new();
    let edge = |net: i32| (net.max(0), (-net).max(0));
    for v in 0..=12 {
        for m in -3..=3 {
            for edge_a in -3..=3 {
                let (aa, ac) = edge(edge_a);
                for edge_p in -3..=3 {
                    let (pa, pc) = edge(edge_p);
                    out.push_str(&format!(
                        "{{\"kind\":\"opposed\",\"active\":{v},\"active_mod\":{m},\"active_adv\":{aa},\"active_comp\":{ac},\"passive\":5,\"passive_adv\":{pa},\"passive_comp\":{pc}}}\n"
                    ));
                    out.push_str(&format!(
                        "{{\"kind\":\"check\",\"attr\":{v},\"mod\":{m},\"adv\":{aa},\"comp\":{ac}}}\n"
                    ));
                }
            }
        }
    }
    out
}

/// A pack with a 20d6 and a 10d10 roll table, for `table odds`.
const MANY_DICE: &str = "pack: many\nname: M\ntables:\n  - id: d20d6\n    name: A\n    dice: 20d6\n    rows:\n      - {range: 20-69, text: low}\n      - {range: 70, text: mid}\n      - {range: 71-120, text: high}\n  - id: d10d10\n    name: B\n    dice: 10d10\n    rows:\n      - {range: 10-54, text: low}\n      - {range: 55-100, text: high}\n";

fn odds_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("odds");
    g.measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(30);

    let check = CheckSpec::new(5).with_edge(3, 0);
    g.bench_function("check_success_3_advantages", |b| {
        b.iter(|| check_success(black_box(&check)))
    });

    let opp = OpposedSpec {
        active: CheckSpec::new(5).with_modifier(1).with_edge(3, 0),
        passive: CheckSpec::new(4).with_edge(0, 2),
        combat: true,
    };
    g.bench_function("opposed_3_advantages_vs_2_complications", |b| {
        b.iter(|| opposed(black_box(&opp)))
    });

    g.bench_function("whole_grid_4459_cases", |b| b.iter(whole_grid));

    let input = batch_input();
    assert_eq!(input.lines().count(), 8918);
    g.bench_function("batch_8918_cases", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(2 << 20);
            let ok = impia::cli::batch::run(black_box(input.as_bytes()), &mut out);
            assert!(matches!(ok, Ok(true)));
            out.len()
        })
    });

    let pack = impia::core::packs::parse_pack_file(
        "many.yaml",
        MANY_DICE,
        impia::core::packs::Origin::Shipped,
    )
    .expect("the pack loads");
    for id in ["d20d6", "d10d10"] {
        let t = pack.table(id).expect("table").clone();
        g.bench_function(format!("table_odds_{id}"), |b| {
            b.iter(|| t.odds(black_box(0), &[]).map(|o| o.len()))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("tables");
    g.measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(30);
    g.bench_function("ruleset_builtin", |b| {
        b.iter(|| RuleSet::builtin().map(|rs| rs.roll_tables.len()))
    });
    // Every table the app loads at start: the rule tables and the shipped
    // table packs (the `impia` pack is built from the rules).
    g.bench_function("ruleset_and_shipped_packs", |b| {
        b.iter(|| {
            RuleSet::builtin().map(|rs| impia::core::packs::PackSet::shipped(&rs).packs.len())
        })
    });
    g.finish();

    // A user's die-range table with one row per total (issue 14: checking
    // that rows do not overlap compared every pair). 6d1000 gives 5,995
    // totals, about the most a table's dice may give.
    let rs = RuleSet::builtin().expect("tables");
    let mut g = c.benchmark_group("user_tables");
    g.measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(10);
    for (dice, lo, hi) in [("1d1000", 1, 1000), ("6d1000", 6, 6000)] {
        let text = one_row_per_total(dice, lo, hi);
        let rows = hi - lo + 1;
        rs.with_user_file("big.yaml", &text)
            .expect("the big table loads");
        g.bench_function(format!("user_table_{rows}_rows"), |b| {
            b.iter(|| {
                rs.with_user_file("big.yaml", black_box(&text))
                    .map(|r| r.roll_tables.len())
            })
        });
    }
    g.finish();
}

/// A user rule table rolled with `dice`, one row for each total from `lo`
/// to `hi`, the rows in reverse order (the check must not rely on them
/// being sorted).
fn one_row_per_total(dice: &str, lo: i32, hi: i32) -> String {
    let mut s = format!("id: big\nname: {{es: Grande, en: Big}}\nrule: R39\ndice: {dice}\nrows:\n");
    for v in (lo..=hi).rev() {
        s.push_str(&format!(
            "  - range: \"{v}\"\n    text: {{es: r{v}, en: r{v}}}\n"
        ));
    }
    s
}

criterion_group!(benches, odds_benches);
criterion_main!(benches);
