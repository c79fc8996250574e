//! The kill -9 tests' driver: start this test binary's ignored child test,
//! read its stdout, and kill it after a given number of protocol lines — a
//! step count, so how many steps a round covers does not depend on how
//! loaded the machine is.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Only a hung child waits this long for its next line.
const HANG: Duration = Duration::from_secs(120);

/// Runs the child test `name` (its path in the test binary, without the
/// crate's name) with `env`, kills it once it has printed `steps` lines for
/// which `counts` holds, and returns every line it printed.
pub fn run_and_kill(
    name: &str,
    env: &[(&str, &std::ffi::OsStr)],
    steps: usize,
    counts: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut cmd = Command::new(std::env::current_exe().expect("the test binary"));
    cmd.args(["--ignored", "--exact", name, "--nocapture"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("spawn the stress child");
    let out = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    let mut seen = 0;
    while seen < steps {
        let line = rx
            .recv_timeout(HANG)
            .unwrap_or_else(|e| panic!("the child printed {seen} of {steps} steps, then: {e}"));
        seen += usize::from(counts(&line));
        lines.push(line);
    }
    child.kill().expect("kill");
    child.wait().expect("wait");
    // What it printed before it died is part of what it did.
    lines.extend(rx.iter());
    reader.join().expect("reader");
    lines
}

/// A child test's name as libtest knows it, from its module's path.
pub fn test_name(module_path: &str, test: &str) -> String {
    let module = module_path.split_once("::").map_or("", |(_, m)| m);
    format!("{module}::{test}")
}
