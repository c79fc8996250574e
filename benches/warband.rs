//! Issue 32: offers and the phone state grow linearly with the warband.
//! Two warbands of N/2 models each (a Leader and warriors with a spear and
//! a bow), at 100, 1,000 and 10,000 models in all: the offers when a side
//! picks among its warriors (one Activate per model; the Leaders' picks
//! before it are made), the offers of the model in its
//! activation (an Assault, a shot and a Leader's order on every enemy or
//! friend, each with its chances), the phone state (`view::state_with`:
//! every seat in both languages, serialized), and a phone's action as the
//! owner answers it (act, then the next state). Goal: a phone action on a
//! 4,000-model game under 100 ms (printed, then timed by criterion at
//! 4,000). Before issue 32 a 4,000-warrior game took 27 s per action.
//!
//! Run with `cargo bench --bench warband`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use impia::core::game::{Action, Game, Now, Side, act};
use impia::core::tables::RuleSet;
use impia::server::view;

#[path = "../tests/horde_support.rs"]
mod horde_support;
use horde_support::at_pick;

/// The same game at the warriors' pick: the first picks (a Leader alone
/// in its agility round, 3 offers) are activated and ended until a side
/// picks among more than two models (one Activate offer each).
fn at_wide_pick(rules: &RuleSet, models: usize) -> Game {
    let mut g = at_pick(rules, models);
    for _ in 0..20 {
        match g.now() {
            Now::Pick { models: m, .. } if m.len() > 2 => return g,
            Now::Pick { models: m, .. } => {
                let model = m[0];
                g.act(Action::Activate(act::Activate { model }))
                    .expect("activate");
                g.act(Action::EndActivation(act::EndActivation {
                    model,
                    terrain: Vec::new(),
                    near_enemy_totem: false,
                }))
                .expect("end activation");
            }
            Now::RollOff { .. } => g
                .apply(Action::RollOff(act::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(Side::A),
                }))
                .expect("roll-off"),
            Now::ChooseStart { winner, .. } => g
                .act(Action::ChooseStart(act::ChooseStart { side: winner }))
                .expect("choose"),
            other => panic!("unexpected step {other:?}"),
        }
    }
    panic!("no pick among the warriors")
}

/// The Leader of warband A in its activation.
fn activate(g: &mut Game) {
    let Now::Pick { models, .. } = g.now() else {
        panic!("a pick")
    };
    let leader = models
        .iter()
        .copied()
        .find(|m| g.state().model(*m).is_some_and(|x| x.leader))
        .unwrap_or(models[0]);
    g.act(Action::Activate(act::Activate { model: leader }))
        .expect("activate");
}

fn acting(rules: &RuleSet, models: usize) -> Game {
    let mut g = at_pick(rules, models);
    activate(&mut g);
    g
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// This process's time on a CPU so far, every thread's (Linux, in clock
/// ticks of 10 ms), to read the figures on a loaded machine: the wall
/// clock counts the other processes' turns too.
fn cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the command's name in parentheses: utime and stime are the
    // 12th and 13th fields.
    let rest = &s[s.rfind(')')? + 1..];
    let mut f = rest.split_whitespace().skip(11);
    let ticks: u64 = f.next()?.parse::<u64>().ok()? + f.next()?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// A few runs of `f`: the median wall time and the mean CPU time (all
/// threads), in ms.
fn median_of(runs: usize, mut f: impl FnMut()) -> (f64, Option<f64>) {
    let mut wall = Vec::new();
    let c = cpu();
    for _ in 0..runs {
        let t = Instant::now();
        f();
        wall.push(ms(t.elapsed()));
    }
    let busy = c
        .zip(cpu())
        .map(|(a, b)| ms(b.saturating_sub(a)) / runs as f64);
    wall.sort_by(f64::total_cmp);
    (wall.get(wall.len() / 2).copied().unwrap_or(0.0), busy)
}

/// One line per size, outside criterion: the whole phone action once.
fn print_figures(rules: &RuleSet) {
    for n in [100, 1_000, 4_000, 10_000] {
        let g = at_wide_pick(rules, n);
        let t = Instant::now();
        let picks = g.offers().offers.len();
        let pick = t.elapsed();
        // The phone action, a few times (median): wall and CPU time.
        let start = at_pick(rules, n);
        let (action, action_cpu) = median_of(if n > 4_000 { 3 } else { 5 }, || {
            let mut h = start.clone();
            activate(&mut h);
            let state = view::state(&h, 1);
            black_box(
                state
                    .json(impia::server::Seat::A, impia::core::text::Lang::Es)
                    .len(),
            );
        });
        let mut h = start;
        activate(&mut h);
        let state = view::state(&h, 1);
        let json = state.json(impia::server::Seat::A, impia::core::text::Lang::Es);
        let t = Instant::now();
        let offered = h.offers();
        let offers = t.elapsed();
        let targets: usize = offered.offers.iter().map(|o| o.targets.len()).sum();
        // Issue 32: a phone opening the Assault (`POST targets`): its
        // targets tried, priced and worded on demand.
        let place = offered.offers.iter().position(|o| o.id == "assault");
        let mut opened = None;
        let (open, open_cpu) = median_of(3, || {
            opened = place
                .and_then(|p| h.offer_in_full(p))
                .map(|o| view::targets_json(&h, &o, impia::core::text::Lang::Es));
        });
        let opened_bytes = opened.map_or(0, |v| v.to_string().len());
        let bytes = json.len();
        // A seat's state to look at: IMPIA_BENCH_STATE_FILE=PATH (100 models).
        if let Some(path) = std::env::var_os("IMPIA_BENCH_STATE_FILE").filter(|_| n == 100) {
            std::fs::write(path, json.as_bytes()).expect("state written");
        }
        let on_cpu = |c: Option<f64>| c.map_or(String::new(), |c| format!(", CPU {c:.1} ms"));
        eprintln!(
            "{n} models: pick offers {:.1} ms ({picks} offers); a phone action (activate + state: median, mean CPU) {action:.1} ms{}; acting offers in full {:.1} ms ({targets} targets); seat state {bytes} bytes; opening the Assault (POST targets, median) {:.1} ms{}, {opened_bytes} bytes",
            ms(pick),
            on_cpu(action_cpu),
            ms(offers),
            open,
            on_cpu(open_cpu),
        );
    }
}

fn warband_benches(c: &mut Criterion) {
    let rules = RuleSet::builtin().expect("tables");
    if std::env::var_os("IMPIA_BENCH_SKIP_FIGURES").is_none() {
        print_figures(&rules);
    }
    let mut grp = c.benchmark_group("warband");
    grp.sample_size(10)
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    for n in [100usize, 1_000, 10_000] {
        let pick = at_wide_pick(&rules, n);
        assert!(pick.offers().offers.len() > n / 4, "a wide pick");
        grp.bench_with_input(BenchmarkId::new("offers_pick", n), &pick, |b, g| {
            b.iter(|| black_box(g.offers().offers.len()))
        });
        let g = acting(&rules, n);
        grp.bench_with_input(BenchmarkId::new("offers_acting", n), &g, |b, g| {
            b.iter(|| black_box(g.offers().offers.len()))
        });
        grp.bench_with_input(BenchmarkId::new("phone_state", n), &g, |b, g| {
            b.iter(|| black_box(view::state(g, 1).index))
        });
    }
    // The goal's game: 4,000 models, a phone's action answered (the model
    // activated, the next state built for every seat, the acting phone's
    // JSON written whole: the other pages' when they read it).
    let pick = at_pick(&rules, 4_000);
    grp.bench_function("phone_action_4000", |b| {
        b.iter_batched(
            || pick.clone(),
            |mut g| {
                activate(&mut g);
                let state = view::state(&g, 2);
                black_box(
                    state
                        .json(impia::server::Seat::A, impia::core::text::Lang::Es)
                        .len(),
                )
            },
            criterion::BatchSize::LargeInput,
        )
    });
    grp.finish();
}

criterion_group!(benches, warband_benches);
criterion_main!(benches);
