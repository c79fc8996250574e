//! Benchmark of the printed roster: a 20-model sheet must render in under
//! 50 ms and weigh under 150 KB (the sheet's issue); a model named with a
//! megabyte of text renders in well under a second (text fitting is linear,
//! issue 14: it took 5 s for 100 KB and hung on 1 MB).
//!
//! `roster_check_large` checks 10,000 and 40,000 models: its time grows
//! with the models, not with their square (docs/PERFORMANCE.md).
//!
//! Run with `cargo bench --bench roster`; it prints the first render (which
//! parses the embedded fonts) and the sheet's size once, then criterion's
//! timing of later renders.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use impia::core::roster::{self, Model, Roster};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::pdf::{Paper, roster_pdf};

/// Twenty models with distinct names, round-robin from the example rosters.
fn twenty_models(rules: &RuleSet) -> Roster {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("rosters/ exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let pool: Vec<Model> = files
        .iter()
        .flat_map(|f| {
            roster::load_roster(f, rules)
                .expect("example roster loads")
                .models
        })
        .collect();
    let mut r = Roster::starter("Hueste de las Veinte Lanzas");
    r.models = (0..20)
        .map(|i| {
            let mut m = pool[i % pool.len()].clone();
            m.name = format!("{} {}", m.name, i + 1);
            m.leader = i == 0;
            m
        })
        .collect();
    r.points_limit = Some(2000);
    r
}

fn bench_roster_pdf(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("built-in tables");
    let r = twenty_models(&rules);
    let report = roster::check(&r, &rules);
    let start = Instant::now();
    let bytes = roster_pdf(&r, &report, &rules, Lang::Es, Paper::A4).expect("renders");
    println!(
        "first render, fonts parsed: {:.1} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    println!(
        "roster_pdf, 20 models, A4: {} bytes ({:.1} KB)",
        bytes.len(),
        bytes.len() as f64 / 1024.0
    );
    c.bench_function("roster_pdf_20_models", |b| {
        b.iter(|| roster_pdf(black_box(&r), &report, &rules, Lang::Es, Paper::A4).expect("renders"))
    });
}

/// A roster whose Leader's name and notes are a megabyte each.
fn bench_roster_pdf_megabyte_name(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("built-in tables");
    let mut r = Roster::starter("Banda de nombres largos");
    let huge = "Ñandú el Interminable ".repeat(48_000);
    r.models[0].name = huge.clone();
    r.models[0].notes = huge;
    let report = roster::check(&r, &rules);
    let start = Instant::now();
    let bytes = roster_pdf(&r, &report, &rules, Lang::Es, Paper::A4).expect("renders");
    println!(
        "roster_pdf, 1 MB name and notes: {:.1} ms, {} bytes",
        start.elapsed().as_secs_f64() * 1e3,
        bytes.len()
    );
    c.bench_function("roster_pdf_1mb_name", |b| {
        b.iter(|| roster_pdf(black_box(&r), &report, &rules, Lang::Es, Paper::A4).expect("renders"))
    });
}

/// `impia roster check`'s work: cost, derived profiles and problems of 20 models.
fn bench_roster_check(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("built-in tables");
    let r = twenty_models(&rules);
    c.bench_function("roster_check_20_models", |b| {
        b.iter(|| roster::check(black_box(&r), &rules))
    });
}

/// `n` models with distinct names, round-robin from the example rosters.
fn many_models(rules: &RuleSet, n: usize) -> Roster {
    let mut r = twenty_models(rules);
    let pool = std::mem::take(&mut r.models);
    r.models = (0..n)
        .map(|i| {
            let mut m = pool[i % pool.len()].clone();
            m.name = format!("{} {}", m.name, i + 1);
            m.leader = i == 0;
            m
        })
        .collect();
    r.points_limit = Some(u32::MAX);
    r
}

/// `roster check` on 10,000 and 40,000 models: the time must grow about
/// fourfold between them, not sixteenfold. Before the distinct-names check
/// used a set, 40,000 models took 18 s in a debug build.
fn bench_roster_check_large(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("built-in tables");
    let mut g = c.benchmark_group("roster_check_large");
    g.sample_size(10);
    for n in [10_000, 40_000] {
        let r = many_models(&rules, n);
        g.bench_function(format!("roster_check_{n}_models"), |b| {
            b.iter(|| roster::check(black_box(&r), &rules).problems.len())
        });
    }
    g.finish();
}

/// Opening a roster file's text: the YAML guard, the parse and the id checks.
fn bench_roster_load(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("built-in tables");
    let text = roster::roster_to_yaml(&twenty_models(&rules)).expect("writes");
    c.bench_function("roster_parse_20_models", |b| {
        b.iter(|| {
            roster::parse_roster("bench.yaml", black_box(&text), &rules).map(|r| r.models.len())
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .measurement_time(Duration::from_secs(5));
    targets = bench_roster_pdf, bench_roster_pdf_megabyte_name, bench_roster_check, bench_roster_check_large, bench_roster_load
}
criterion_main!(benches);
