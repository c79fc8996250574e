//! Issue 32, the concurrent fuzz's third writer: while a phone posts
//! actions to `game serve --allow-all` on 127.0.0.1, another writer swaps,
//! truncates or deletes the game file or its lock under the server, at a
//! random moment. Bounded: `ROUNDS` rounds of at most `POSTS` posts each,
//! and no round starts after `BUDGET`.
//!
//! What must hold: every action acknowledged to the phone (200) is in the
//! game file or in the recovery file the messages name; a post after the
//! change is never a 200 and gets the words; the end says so (exit 73).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::serve_support::served::{Served, new_game, note, notes_of, recovery_named};
use impia::core::dice::Roller;

const ROUNDS: u64 = 12;
const POSTS: usize = 30;
const BUDGET: Duration = Duration::from_secs(90);

/// What the third writer does.
#[derive(Clone, Copy, Debug)]
enum Hit {
    /// An older copy renamed over the game file.
    Swap,
    Truncate,
    Delete,
    DeleteLock,
    /// The lock file deleted and made again (another file of that name).
    ReplaceLock,
}

const HITS: [Hit; 5] = [
    Hit::Swap,
    Hit::Truncate,
    Hit::Delete,
    Hit::DeleteLock,
    Hit::ReplaceLock,
];

fn hit(how: Hit, game: &Path, backup: &[u8]) {
    let lock = game.with_file_name(".g.yaml.lock");
    // Each step may find the file already gone: the fuzz goes on.
    match how {
        Hit::Swap => {
            let b = game.with_file_name("backup.yaml");
            if std::fs::write(&b, backup).is_ok() {
                let _ = std::fs::rename(&b, game);
            }
        }
        Hit::Truncate => {
            if let Ok(f) = std::fs::OpenOptions::new().write(true).open(game) {
                let len = f.metadata().map_or(0, |m| m.len());
                let _ = f.set_len(len.saturating_sub(25));
            }
        }
        Hit::Delete => {
            let _ = std::fs::remove_file(game);
        }
        Hit::DeleteLock => {
            let _ = std::fs::remove_file(&lock);
        }
        Hit::ReplaceLock => {
            let _ = std::fs::remove_file(&lock);
            let _ = std::fs::write(&lock, "");
        }
    }
}

/// One post: its note, status and words.
struct Post {
    text: String,
    status: u16,
    error: String,
    after_hit: bool,
}

fn round(seed: u64) {
    let mut rng = Roller::seeded(seed);
    let how = HITS[(seed % HITS.len() as u64) as usize];
    let dir = tempfile::tempdir().expect("tmp");
    let tmp = tempfile::tempdir().expect("tmp");
    let g = new_game(dir.path());
    let backup = std::fs::read(&g).expect("read");
    let s = Served::start(&g, tmp.path());
    let hit_after = rng.die(POSTS as u32 - 2) as usize;
    let wait = Duration::from_micros(rng.die(3000) as u64);
    let (game, copy) = (g.clone(), backup.clone());
    let mut third = None;
    let mut posts = Vec::new();
    for i in 0..POSTS {
        if i == hit_after {
            // The third writer, racing the phone's next posts.
            let (game, copy) = (game.clone(), copy.clone());
            third = Some(std::thread::spawn(move || {
                std::thread::sleep(wait);
                hit(how, &game, &copy);
            }));
        }
        let text = format!("r{seed}-{i}");
        // Done before this post began: the post must find it.
        let hit_done = third.as_ref().is_some_and(|t| t.is_finished());
        let r = s.act(note(&text));
        let error = if r.status == 200 {
            String::new()
        } else {
            r.json()["error"].as_str().unwrap_or_default().to_string()
        };
        posts.push(Post {
            text,
            status: r.status,
            error,
            after_hit: hit_done,
        });
    }
    if let Some(t) = third {
        t.join().expect("the third writer");
    }
    let (code, err) = s.end();
    // Where the acknowledged actions may be: the game file, or the
    // recovery file a message names.
    let mut kept: Vec<PathBuf> = posts
        .iter()
        .filter_map(|p| recovery_named(&p.error))
        .collect();
    kept.extend(recovery_named(&err));
    let mut held = notes_of(&g);
    for k in &kept {
        held.extend(notes_of(k));
    }
    for p in posts.iter().filter(|p| p.status == 200) {
        assert!(
            held.contains(&p.text),
            "{how:?} seed {seed}: acknowledged {} is in neither the file nor {kept:?}\n{err}",
            p.text
        );
    }
    for p in posts.iter().filter(|p| p.status != 200) {
        assert_eq!(p.status, 507, "{how:?} seed {seed}: {}", p.error);
        assert!(
            p.error.contains("under impia") || p.error.contains("lost its lock file"),
            "{how:?} seed {seed}: the players are told in words: {}",
            p.error
        );
    }
    // A post made once the change was done is refused, in words.
    let told = posts.iter().any(|p| p.status == 507);
    if posts.iter().any(|p| p.after_hit) {
        assert!(
            told,
            "{how:?} seed {seed}: no post after the change was refused"
        );
    }
    // Every round changes the file or its lock: the end always tells.
    assert_eq!(code, Some(73), "{how:?} seed {seed}: {err}");
    assert!(err.contains("kept in"), "{how:?} seed {seed}: {err}");
}

#[test]
fn fuzz_the_file_and_its_lock_changed_under_game_serve_lose_no_acknowledged_action() {
    let start = Instant::now();
    for seed in 0..ROUNDS {
        if start.elapsed() > BUDGET {
            break;
        }
        round(seed);
    }
}
