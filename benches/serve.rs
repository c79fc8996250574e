//! Issue 25: the table on every phone, on loopback. Ten open event streams,
//! 1,000 published states: every stream must receive every index (the run
//! panics otherwise); printed: the median and 95th percentile time from
//! publish to event over all streams, and the process's resident memory
//! after 100 and after 1,000 states (flat: nothing kept per state). Then
//! criterion times one publish reaching all ten streams.
//!
//! Run with `cargo bench --bench serve`.

#[path = "../tests/serve_support/mod.rs"]
mod serve_support;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use impia::core::game::{Game, GameSetup};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::server::{Share, State, view};
use serde_json::Value;
use serve_support::{Events, split_link};

const STREAMS: usize = 10;
const STATES: u64 = 1000;

/// A shipped roster, found from the package (the bench binary may run
/// from any folder, not only the package root).
fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name)
}

/// A real game's JSON (about 12 KB a seat), reused with a new index each time.
fn base() -> [Value; 2] {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster(&shipped("circulo-de-la-ceniza.yaml"), &rules).expect("roster");
    let b = load_roster(&shipped("guardia-del-paso.yaml"), &rules).expect("roster");
    let g = Game::new(GameSetup::new(a, b).with_seed(7), &rules);
    let offered = g.offers();
    [
        serde_json::to_value(view::seat_json(&g, &offered, Lang::Es)).expect("serialises"),
        serde_json::to_value(view::seat_json(&g, &offered, Lang::En)).expect("serialises"),
    ]
}

fn state(base: &[Value; 2], index: u64) -> State {
    State::new(index, |_, l| match l {
        Lang::Es => base[0].clone(),
        Lang::En => base[1].clone(),
    })
}

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Ten readers on their own threads; each sends (stream, index, when) for
/// every event.
fn readers(share: &Share) -> mpsc::Receiver<(usize, u64, Instant)> {
    let (tx, rx) = mpsc::channel();
    for i in 0..STREAMS {
        let link = match i % 3 {
            0 => share.links().a.clone(),
            1 => share.links().b.clone(),
            _ => share.links().table.clone(),
        };
        let (addr, path) = split_link(&link);
        let mut ev = Events::open(addr, &format!("{path}events"));
        let tx = tx.clone();
        std::thread::spawn(move || {
            while let Some(d) = ev.next() {
                let when = Instant::now();
                // The index is the first field: no need to parse 12 KB here.
                let index = d
                    .strip_prefix("{\"index\":")
                    .and_then(|r| r.split(',').next())
                    .and_then(|n| n.parse().ok())
                    .expect("an index first");
                if tx.send((i, index, when)).is_err() {
                    return;
                }
            }
        });
    }
    rx
}

/// Publish `index` and wait until every stream has it; the latencies.
fn publish_and_wait(
    share: &Share,
    base: &[Value; 2],
    rx: &mpsc::Receiver<(usize, u64, Instant)>,
    index: u64,
) -> Vec<Duration> {
    let s = state(base, index);
    let t0 = Instant::now();
    share.publish(s);
    let mut got = [false; STREAMS];
    let mut lat = Vec::with_capacity(STREAMS);
    while got.iter().any(|g| !g) {
        let (i, idx, when) = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("every stream receives every index");
        assert!(idx <= index, "no index from the future");
        if idx == index && !got[i] {
            got[i] = true;
            lat.push(when.duration_since(t0));
        }
    }
    lat
}

fn serve_benches(c: &mut Criterion) {
    let base = base();
    let bind: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let share = Share::start(bind, state(&base, 0), Lang::Es).expect("share");
    let rx = readers(&share);
    // Each stream's first event: the current state.
    for _ in 0..STREAMS {
        rx.recv_timeout(Duration::from_secs(30))
            .expect("the first state");
    }
    let mut all = Vec::new();
    let mut rss_100 = 0;
    for index in 1..=STATES {
        all.extend(publish_and_wait(&share, &base, &rx, index));
        if index == 100 {
            rss_100 = rss_kb();
        }
    }
    let rss_1000 = rss_kb();
    all.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "serve: {STREAMS} streams × {STATES} states, every index received; publish → event median {:.2} ms, p95 {:.2} ms, max {:.2} ms; VmRSS {} KB after 100, {} KB after {STATES}",
        ms(all[all.len() / 2]),
        ms(all[all.len() * 95 / 100]),
        ms(all[all.len() - 1]),
        rss_100,
        rss_1000
    );
    let mut index = STATES;
    c.bench_function("serve/publish_to_10_streams", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                index += 1;
                total += publish_and_wait(&share, &base, &rx, index)
                    .into_iter()
                    .max()
                    .unwrap_or_default();
            }
            total
        })
    });
    share.stop();
}

/// Issue 32: a 100,000-action game, live (its log up to the action that
/// ended it) and ended. Printed: each seat state's size and the report's;
/// timed: the state of the live game, the game's part of an ended game's
/// state built once (offers, and the report in both languages), and a
/// state from it (what each publish or page connecting costs).
fn ended_benches(c: &mut Criterion) {
    use impia::core::dice::Roller;
    use impia::core::game::sim;
    use impia::server::Seat;
    use impia::server::view::{Built, SeatsView, state_from};
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster(&shipped("circulo-de-la-ceniza.yaml"), &rules).expect("roster");
    let b = load_roster(&shipped("guardia-del-paso.yaml"), &rules).expect("roster");
    let mut g = Game::new(GameSetup::new(a, b).with_seed(7), &rules);
    let mut rng = Roller::seeded(5);
    let mut ended_at = None;
    while g.actions().len() < 100_000 {
        sim::step(&mut g, &mut rng).expect("random play");
        if ended_at.is_none() && g.state().ended.is_some() {
            ended_at = Some(g.actions().len());
        }
    }
    let at = ended_at.expect("the random game ends");
    let live =
        Game::from_log(g.setup().clone(), &rules, g.actions()[..at - 1].to_vec()).expect("replays");
    let seats = SeatsView::default();
    let size = |g: &Game| view::state(g, 1).json(Seat::A, Lang::Es).len();
    let t = Instant::now();
    let built = Built::of(&g);
    let once = t.elapsed();
    let report = view::report_text(&g, Lang::Es).len() + view::report_text(&g, Lang::En).len();
    println!(
        "serve: live game of {} actions: a seat's state {} bytes; ended at {at}, 100,000 actions: a seat's state {} bytes, the report {report} bytes (both languages), built once in {:.0} ms",
        live.actions().len(),
        size(&live),
        size(&g),
        once.as_secs_f64() * 1000.0
    );
    let mut grp = c.benchmark_group("serve");
    grp.sample_size(10);
    grp.bench_function("state_live_game", |b| {
        b.iter(|| view::state(&live, 1).index)
    });
    grp.bench_function("state_ended_100000_from_built", |b| {
        b.iter(|| state_from(&built, &g, 1, &seats).index)
    });
    grp.bench_function("built_ended_100000_once", |b| {
        b.iter(|| Built::of(&g).is_of(&g))
    });
    grp.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = serve_benches, ended_benches
}
criterion_main!(benches);
