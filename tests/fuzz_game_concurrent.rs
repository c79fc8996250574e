//! The game-file fuzz harness's concurrent mode (issue 21): for each game of
//! the fuzz corpus (`tests/corpus/game/`: whole, torn, damaged, with a redo
//! list, a YAML log…) three writers open it at once, again and again
//! (recover, then random actions, undo, redo and batches through
//! `Host`), while two readers view it. Bounded by step counts.
//!
//! What must hold: every writer's session starts from exactly the log the
//! session before it left (the sessions are recorded in order while the lock
//! is held), readers only ever see a log some writer saved, and the file
//! replays at the end to the last session's log.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::game_support::rules;
use impia::core::dice::Roller;
use impia::core::game::{Game, Host, HostError, file, sim};

const WRITERS: u64 = 3;
const READERS: usize = 2;
/// Sessions each writer tries (busy ones included).
const SESSIONS: usize = 20;
const READS: usize = 60;

/// One writer's session, recorded under the game's lock: the log's
/// fingerprint when it opened, and after each of its saves.
#[derive(Clone, Debug)]
struct Session {
    writer: u64,
    opened: u64,
    saved: Vec<u64>,
}

fn print(g: &Game) -> u64 {
    file::fingerprints(g.actions())[g.actions().len()]
}

fn writer(path: PathBuf, seed: u64, sessions: Arc<Mutex<Vec<Session>>>) -> usize {
    let rules = rules();
    let mut rng = Roller::seeded(seed);
    let mut done = 0;
    for i in 0..SESSIONS {
        let mut h = match Host::recover(&path, &rules) {
            Ok((h, _)) => h,
            Err(HostError::Busy { .. }) => {
                std::thread::yield_now();
                continue;
            }
            // A corpus file that does not even recover: nothing to write.
            Err(HostError::File(_)) => return done,
            Err(e) => panic!("writer {seed}: {e}"),
        };
        let mut s = Session {
            writer: seed,
            opened: print(&h),
            saved: Vec::new(),
        };
        for k in 0..1 + rng.die(3) as usize {
            let r = rng.die(10);
            let saved = if r == 1 {
                h.undo().map(|_| ())
            } else if r == 2 {
                h.redo().map(|_| ())
            } else {
                let mut copy = h.game().clone();
                let base = copy.actions().len();
                if sim::step(&mut copy, &mut rng).is_err() {
                    continue;
                }
                let new: Vec<_> = copy.actions()[base..].to_vec();
                if (i + k) % 3 == 0 {
                    let mut b = h.batch().expect("writable");
                    for a in new {
                        b.apply(a).expect("checked under the lock");
                    }
                    b.commit().map(|_| ())
                } else {
                    new.into_iter().try_for_each(|a| h.apply(a).map(|_| ()))
                }
            };
            saved.unwrap_or_else(|e| panic!("writer {seed}: {e}"));
            s.saved.push(print(&h));
        }
        // Recorded before the lock goes (when `h` drops): in lock order.
        sessions.lock().expect("sessions").push(s);
        drop(h);
        done += 1;
    }
    done
}

fn reader(path: PathBuf) -> Vec<u64> {
    let rules = rules();
    let mut seen = Vec::new();
    for _ in 0..READS {
        // A damaged corpus file stays unreadable until a writer recovers
        // it; a whole one is never seen half-written.
        if let Ok(g) = Host::view(&path, &rules) {
            seen.push(print(&g));
        }
        std::thread::yield_now();
    }
    seen
}

fn run(name: &str, bytes: &[u8]) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("partida.yaml");
    std::fs::write(&path, bytes).expect("write");
    let before = Game::open_read(&path, &rules()).ok().map(|g| print(&g));
    let sessions = Arc::new(Mutex::new(Vec::new()));
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let (p, s) = (path.clone(), Arc::clone(&sessions));
            std::thread::spawn(move || writer(p, w, s))
        })
        .collect();
    let readers: Vec<_> = (0..READERS)
        .map(|_| {
            let p = path.clone();
            std::thread::spawn(move || reader(p))
        })
        .collect();
    let done: usize = writers.into_iter().map(|w| w.join().expect("writer")).sum();
    let seen: Vec<u64> = readers
        .into_iter()
        .flat_map(|r| r.join().expect("reader"))
        .collect();
    let sessions = sessions.lock().expect("sessions").clone();
    assert_eq!(sessions.len(), done, "{name}");
    if sessions.is_empty() {
        // Not a game even to recover: readers saw nothing either.
        assert!(seen.is_empty(), "{name}");
        return;
    }
    // Each session starts where the one before it left the log.
    let mut saved: HashSet<u64> = before.into_iter().collect();
    saved.insert(sessions[0].opened);
    for w in sessions.windows(2) {
        let last = w[0].saved.last().copied().unwrap_or(w[0].opened);
        assert_eq!(
            w[1].opened, last,
            "{name}: writer {} opened a log other than the one writer {} saved",
            w[1].writer, w[0].writer
        );
    }
    for s in &sessions {
        saved.extend(s.saved.iter().copied());
    }
    let end = sessions
        .last()
        .map(|s| s.saved.last().copied().unwrap_or(s.opened));
    // The file opens (recovered if it never got a save) to the last log.
    let (g, _) = Game::recover(&path, &rules()).expect("the file opens");
    assert_eq!(Some(print(&g)), end, "{name}");
    for p in seen {
        assert!(
            saved.contains(&p),
            "{name}: a reader saw a log nobody saved"
        );
    }
}

fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/game");
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_file())
        .map(|p| {
            let n = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let b = std::fs::read(&p).expect("read");
            (n, b)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn fuzz_game_file_concurrent_writers_and_readers() {
    let files = corpus();
    assert!(files.len() >= 5);
    for (name, bytes) in &files {
        run(name, bytes);
    }
}
