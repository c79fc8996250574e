//! `impia game serve` as a child process on 127.0.0.1 (issue 32's tests):
//! started on a new game, its links read, its memory and its end watched,
//! signals sent with the system's `kill`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_impia")
}

/// `game serve` started from `cmd` (its arguments and stderr set here,
/// stdin and stdout piped), its three link lines read (A, B, the table,
/// each on 127.0.0.1): the child, its stdin, the rest of its stdout, the
/// links.
pub fn spawn(
    mut cmd: Command,
) -> (
    Child,
    Option<ChildStdin>,
    BufReader<ChildStdout>,
    Vec<String>,
) {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("game serve");
    let stdin = child.stdin.take();
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut links = Vec::new();
    for want in ["A ", "B ", "table "] {
        let mut line = String::new();
        out.read_line(&mut line).expect("a link line");
        let link = line.trim().strip_prefix(want).expect("a link").to_string();
        assert!(link.starts_with("http://127.0.0.1:"), "{link}");
        links.push(link);
    }
    (child, stdin, out, links)
}

/// A new game file `dir/name` (two shipped rosters, seed 11).
pub fn new_game(dir: &Path, name: &str) -> String {
    let g = dir.join(name).display().to_string();
    let out = Command::new(exe())
        .args(["game", "new", "--a", "rosters/circulo-de-la-ceniza.yaml"])
        .args([
            "--b",
            "rosters/guardia-del-paso.yaml",
            "--seed",
            "11",
            "-o",
            &g,
        ])
        .output()
        .expect("game new");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    g
}

/// A running `game serve … --bind 127.0.0.1 --lang en`.
pub struct Serve {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub out: Option<BufReader<ChildStdout>>,
    /// The links of A, B and the table.
    pub links: Vec<String>,
}

impl Serve {
    pub fn start(game: &str, extra: &[&str]) -> Serve {
        let mut cmd = Command::new(exe());
        cmd.args(["game", "serve", game, "--bind", "127.0.0.1", "--lang", "en"])
            .args(extra)
            .stderr(Stdio::piped());
        let (child, stdin, out, links) = spawn(cmd);
        Serve {
            child,
            stdin,
            out: Some(out),
            links,
        }
    }

    /// Its resident memory now, in KiB (Linux's /proc).
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc/PID/status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS")
    }

    /// Send it a signal by name (`INT`, `TERM`).
    pub fn signal(&self, name: &str) {
        let ok = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .expect("kill");
        assert!(ok.success());
    }

    /// Wait for its end, at most `limit`; `None` if it still runs.
    pub fn wait_within(&mut self, limit: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(s) = self.child.try_wait().expect("try_wait") {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Its stderr, once it has ended.
    pub fn stderr(&mut self) -> String {
        use std::io::Read;
        let mut s = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut s);
        }
        s
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
