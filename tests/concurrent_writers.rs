//! Issue 21: writers on one game at once, as fast as they can, through its
//! name, a symlink and a hard link: two threads using the core, the CLI
//! binary as a child process, and readers beside them. Afterwards the file
//! replays and holds every acknowledged action where it was acknowledged.
//! Bounded by step counts; nothing is timed.

use crate::cli_support::impia;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::{Game, Host, HostError, file, sim};
use serde_json::Value;

/// Tries per core writer (busy ones included), and how many
/// acknowledgements end it early.
const ATTEMPTS: usize = 20_000;
const ENOUGH: usize = 40;
/// Attempts of the CLI writer (each is two processes).
const CLI_ATTEMPTS: usize = 30;

/// An acknowledged action: the log length it made and the fingerprint of
/// the log up to it.
#[derive(Clone, Copy, Debug)]
struct Ack {
    len: usize,
    print: u64,
}

/// One core writer: open (lock, then read), play one random step (or a
/// batch of two) on a copy, apply it through the host, close; busy is
/// retried. Returns the acknowledgements and how often it was busy.
fn core_writer(path: PathBuf, seed: u64) -> (Vec<Ack>, usize) {
    let rules = rules();
    let mut rng = Roller::seeded(seed);
    let mut acks = Vec::new();
    let mut busy = 0;
    for i in 0..ATTEMPTS {
        if acks.len() >= ENOUGH {
            break;
        }
        let mut h = match Host::open(&path, &rules) {
            Ok(h) => h,
            Err(HostError::Busy { .. }) | Err(HostError::HardLinks { .. }) => {
                busy += 1;
                std::thread::sleep(std::time::Duration::from_micros(100));
                continue;
            }
            Err(e) => panic!("writer {seed}: {e}"),
        };
        let mut copy = h.game().clone();
        let base = copy.actions().len();
        let steps = if i % 2 == 0 { 1 } else { 2 };
        for _ in 0..steps {
            sim::step(&mut copy, &mut rng).expect("a random step");
        }
        let new: Vec<_> = copy.actions()[base..].to_vec();
        if steps == 1 {
            for a in new {
                h.apply(a).expect("checked under the lock, so accepted");
            }
        } else {
            let mut b = h.batch().expect("writable");
            for a in new {
                b.apply(a).expect("checked under the lock, so accepted");
            }
            b.commit().expect("saved");
        }
        let prints = file::fingerprints(h.actions());
        let len = h.actions().len();
        acks.push(Ack {
            len,
            print: prints[len],
        });
        drop(h);
        // Room for the others before this writer tries again.
        std::thread::sleep(std::time::Duration::from_micros(100));
    }
    (acks, busy)
}

/// The CLI writer: `game offers --json`, then `game act --json` with an
/// allowed offer, as a player's script does; between the two another
/// writer may move the game on (then the act is refused, exit 1, or busy,
/// exit 75). Returns (log length, action id) for each exit 0.
fn cli_writer(path: PathBuf) -> Vec<(usize, String)> {
    let p = path.to_str().expect("utf-8").to_string();
    let mut acks = Vec::new();
    for _ in 0..CLI_ATTEMPTS {
        let o = impia(&["game", "offers", &p, "--json"]);
        assert_eq!(o.status.code(), Some(0), "a reader is never refused");
        let v: Value = serde_json::from_slice(&o.stdout).expect("offers JSON");
        let Some(pick) = v["offers"]
            .as_array()
            .and_then(|offers| offers.iter().find(|o| o["allowed"] == true))
        else {
            continue;
        };
        let action = match pick["targets"].as_array().and_then(|t| t.first()) {
            Some(t) => t["action"].clone(),
            None => pick["action"].clone(),
        };
        let id = action["action"].as_str().expect("a tag").to_string();
        let r = impia(&["game", "act", &p, "--json", "--action", &action.to_string()]);
        match r.status.code() {
            Some(0) => {
                let out: Value = serde_json::from_slice(&r.stdout).expect("status JSON");
                let len = out["actions"].as_u64().expect("actions") as usize;
                acks.push((len, id));
            }
            Some(1) | Some(75) => {}
            // The hard link of `hard_link_writer` existed at that moment:
            // refused before reading, as a file with two names always is.
            Some(2) if String::from_utf8_lossy(&r.stderr).contains("hard links") => {}
            c => panic!("game act: {c:?}: {}", String::from_utf8_lossy(&r.stderr)),
        }
    }
    acks
}

/// While the writers run: a hard link to the game comes and goes; through
/// it (and through every name while it exists) no writer gets in.
fn hard_link_writer(path: PathBuf, hard: PathBuf, stop: Arc<AtomicBool>) -> usize {
    let rules = rules();
    let mut refused = 0;
    for _ in 0..50 {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        std::fs::hard_link(&path, &hard).expect("hard link");
        match Host::open(&hard, &rules) {
            Err(HostError::HardLinks { links, .. }) => {
                assert!(links >= 2);
                refused += 1;
            }
            Err(HostError::Busy { .. }) => {}
            Ok(_) => panic!("a writer got in through a hard link"),
            Err(e) => panic!("{e}"),
        }
        std::fs::remove_file(&hard).expect("unlink");
        std::thread::yield_now();
    }
    refused
}

/// Readers beside the writers: every open sees a whole game that replays.
fn reader(path: PathBuf, stop: Arc<AtomicBool>) -> usize {
    let rules = rules();
    let mut reads = 0;
    for _ in 0..2000 {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let g = Host::view(&path, &rules).unwrap_or_else(|e| panic!("a reader saw: {e}"));
        assert!(g.read_only());
        reads += 1;
        std::thread::yield_now();
    }
    reads
}

fn check_acks(path: &Path, core: &[Ack], cli: &[(usize, String)]) -> Game {
    let g = Game::open_read(path, &rules()).expect("the file opens and replays");
    let prints = file::fingerprints(g.actions());
    for a in core {
        assert_eq!(
            prints.get(a.len),
            Some(&a.print),
            "acknowledged {a:?} is not in the file ({} actions)",
            g.actions().len()
        );
    }
    for (len, id) in cli {
        let at = g.actions().get(len - 1).map(|a| a.id());
        assert_eq!(at, Some(id.as_str()), "the CLI's action {len} is gone");
    }
    g
}

#[test]
fn two_writers_and_the_cli_through_a_name_a_symlink_and_a_hard_link_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let path = dir.path().join("partida.yaml");
    Host::create(&path, setup(21), &rules(), false).expect("create");
    let link = elsewhere.path().join("enlace.yaml");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    let hard = dir.path().join("dura.yaml");
    let stop = Arc::new(AtomicBool::new(false));

    let w1 = {
        let p = path.clone();
        std::thread::spawn(move || core_writer(p, 1))
    };
    let w2 = {
        let p = link.clone();
        std::thread::spawn(move || core_writer(p, 2))
    };
    let cli = {
        let p = link.clone();
        std::thread::spawn(move || cli_writer(p))
    };
    let hl = {
        let (p, h, s) = (path.clone(), hard.clone(), Arc::clone(&stop));
        std::thread::spawn(move || hard_link_writer(p, h, s))
    };
    let rd = {
        let (p, s) = (path.clone(), Arc::clone(&stop));
        std::thread::spawn(move || reader(p, s))
    };
    let (a1, busy1) = w1.join().expect("writer 1");
    let (a2, busy2) = w2.join().expect("writer 2");
    let c = cli.join().expect("cli writer");
    stop.store(true, Ordering::SeqCst);
    let refused = hl.join().expect("hard link");
    let reads = rd.join().expect("reader");

    println!(
        "acknowledged: {} + {} (core), {} (CLI); busy {busy1} + {busy2}; hard link refused {refused}; reads {reads}",
        a1.len(),
        a2.len(),
        c.len()
    );
    // Who got in how often depends on the machine's load; that the
    // writers made progress does not.
    assert!(a1.len() + a2.len() >= ENOUGH, "the writers got in");
    assert!(reads > 0);
    let all: Vec<Ack> = a1.iter().chain(&a2).copied().collect();
    let g = check_acks(&path, &all, &c);
    assert!(
        g.actions().len() >= a1.len() + a2.len() + c.len(),
        "every acknowledged step added to the log"
    );
    // The link is still a link, the hard link gone; no lock file is left.
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    assert!(!hard.exists());
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["partida.yaml"], "{names:?}");
    let o = impia(&["game", "replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    // Through the hard link, every try was refused (none got in: above).
    assert!(refused > 0);
}
