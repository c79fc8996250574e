//! A kill -9 during a roster save never leaves a broken file: the hidden
//! `impia roster stress` saves random rosters one after another, announcing
//! each (`save N HASH`) before writing it and acknowledging it (`ack N`)
//! once `save_roster` returns; this test kills it at random moments, many
//! times, and checks that the file always loads and holds the last
//! acknowledged save or the one in flight, byte for byte.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use impia::cli::roster::{stress_hash, stress_number};
use impia::core::dice::Roller;
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;

#[test]
fn a_kill_during_a_roster_save_never_loses_an_acknowledged_save() {
    let rules = RuleSet::builtin().expect("tables");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("banda.yaml");
    let mut rng = Roller::seeded(8);
    // Every save announced so far: its number and the hash of its bytes.
    let mut announced: HashMap<u64, u64> = HashMap::new();
    let mut last_ack: Option<u64> = None;
    let (mut acks, mut in_flight_kills) = (0, 0);
    for round in 0..30 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_impia"))
            .args(["roster", "stress"])
            .arg(&path)
            .args(["--saves", "1000000", "--seed"])
            .arg(round.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn impia");
        let out = child.stdout.take().expect("stdout");
        let seen = Arc::new(Mutex::new(Vec::<String>::new()));
        let reader = {
            let seen = Arc::clone(&seen);
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines().map_while(Result::ok) {
                    seen.lock().expect("lock").push(line);
                }
            })
        };
        std::thread::sleep(Duration::from_millis(5 + rng.die(120) as u64));
        child.kill().expect("kill");
        child.wait().expect("wait");
        reader.join().expect("reader");

        let mut in_flight = None;
        for l in seen.lock().expect("lock").iter() {
            let parts: Vec<&str> = l.split_whitespace().collect();
            match parts.as_slice() {
                ["save", n, hash] => {
                    let n: u64 = n.parse().expect("number");
                    announced.insert(n, hash.parse().expect("hash"));
                    in_flight = Some(n);
                }
                ["ack", n] => {
                    last_ack = Some(n.parse().expect("number"));
                    in_flight = None;
                    acks += 1;
                }
                _ => panic!("unexpected line {l:?}"),
            }
        }
        in_flight_kills += usize::from(in_flight.is_some());
        if !path.exists() {
            assert_eq!(
                last_ack, None,
                "round {round}: an acknowledged save is gone"
            );
            continue;
        }
        let r = load_roster(&path, &rules).unwrap_or_else(|e| {
            panic!("round {round}: the roster does not load after a kill: {e}")
        });
        let held = stress_number(&r).expect("a stress roster");
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(
            announced.get(&held),
            Some(&stress_hash(&bytes)),
            "round {round}: the file holds save {held}, but not as announced"
        );
        let newest = in_flight.or(last_ack);
        assert!(
            last_ack.is_none_or(|a| held >= a) && newest.is_some_and(|n| held <= n),
            "round {round}: acknowledged {last_ack:?}, in flight {in_flight:?}, the file holds {held}"
        );
        // What the next round starts from is what the file holds.
        last_ack = Some(held);
    }
    eprintln!("30 kills: {acks} saves acknowledged, {in_flight_kills} kills during a save");
    assert!(
        acks > 100,
        "the stress driver acknowledged only {acks} saves"
    );
    assert!(
        in_flight_kills > 10,
        "only {in_flight_kills} of 30 kills landed during a save"
    );
}
