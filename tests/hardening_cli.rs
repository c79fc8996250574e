//! Issue 14, the command line: a stdout that cannot be written ends with one
//! line and a clean exit code; control characters of user text are escaped;
//! `odds batch` prints exactly what `odds check/opposed --json` print.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_impia"))
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run impia");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        // A command that reads no stdin may be gone already.
        .ok();
    child.wait_with_output().expect("output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn example_roster() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters/guardia-del-paso.yaml")
        .display()
        .to_string()
}

#[test]
fn a_full_stdout_ends_with_one_line_and_no_panic() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let roster = example_roster();
    let cases: Vec<Vec<&str>> = vec![
        vec!["odds", "check", "--attr", "5"],
        vec!["odds", "check", "--attr", "5", "--json"],
        vec!["table", "list"],
        vec!["table", "show", "crisis/events"],
        vec!["roster", "check", &roster],
        vec!["odds", "batch"],
    ];
    for args in cases {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("open /dev/full");
        let mut child = bin()
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("run impia");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(b"{\"kind\":\"check\",\"attr\":5}\n")
            // A command that reads no stdin may be gone already.
            .ok();
        let o = child.wait_with_output().expect("output");
        let err = stderr(&o);
        assert_ne!(o.status.code(), Some(101), "{args:?} panicked: {err}");
        assert_ne!(o.status.code(), Some(0), "{args:?} claimed success");
        assert!(o.status.code().is_some(), "{args:?} died by a signal");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("No space left"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn control_characters_of_a_roster_name_are_escaped_on_the_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(example_roster()).expect("read");
    let evil = text.replacen(
        "name: ",
        "name: \"\\e]0;pwned\\a\\e[2J\\e[31mRoja\\u009b\" # ",
        1,
    );
    assert_ne!(evil, text);
    let p = dir.path().join("banda.yaml");
    std::fs::write(&p, evil).expect("write");
    let o = run(&["roster", "check", p.to_str().expect("utf-8")], "");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("Roja"), "{out}");
    assert!(
        !out.chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "raw control characters: {out:?}"
    );
    assert!(out.contains("\\x1b[31mRoja\\u{9b}"), "{out}");
    // JSON escapes them its own way, and stays exact.
    let o = run(
        &["roster", "check", p.to_str().expect("utf-8"), "--json"],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(
        v["name"],
        "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31mRoja\u{9b}"
    );
}

/// What a command prints as pretty JSON, on one line: its strings here
/// hold no spaces, so dropping the white space gives the compact text.
fn compact(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[test]
fn odds_batch_prints_what_each_command_prints() {
    let cases: Vec<(&str, Vec<&str>)> = vec![
        (
            r#"{"kind":"check","attr":5}"#,
            vec!["odds", "check", "--attr", "5", "--json"],
        ),
        (
            r#"{"kind":"check","attr":7,"mod":-2,"adv":1,"comp":3}"#,
            vec![
                "odds", "check", "--attr", "7", "--mod", "-2", "--adv", "1", "--comp", "3",
                "--json",
            ],
        ),
        (
            r#"{"kind":"opposed","active":5,"passive":4,"active_mod":1,"passive_mod":-1,"active_adv":2,"active_comp":0,"passive_adv":0,"passive_comp":1,"combat":true}"#,
            vec![
                "odds",
                "opposed",
                "--active",
                "5",
                "--passive",
                "4",
                "--active-mod",
                "1",
                "--passive-mod",
                "-1",
                "--active-adv",
                "2",
                "--passive-comp",
                "1",
                "--combat",
                "--json",
            ],
        ),
        (
            r#"{"kind":"opposed","active":0,"passive":12}"#,
            vec![
                "odds",
                "opposed",
                "--active",
                "0",
                "--passive",
                "12",
                "--json",
            ],
        ),
    ];
    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    let o = run(&["odds", "batch"], &input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), cases.len());
    for ((_, args), line) in cases.iter().zip(lines) {
        let single = run(args, "");
        assert!(single.status.success(), "{args:?}: {}", stderr(&single));
        assert_eq!(line, compact(&single), "{args:?}");
    }
}

#[test]
fn a_bad_batch_line_gets_an_error_line_and_the_rest_go_on() {
    let input = "{\"kind\":\"check\",\"attr\":5}\nnot json\n\n{\"kind\":\"check\",\"attr\":-1}\n{\"kind\":\"roll\"}\n{\"kind\":\"check\",\"attr\":5,\"typo\":1}\n{\"kind\":\"opposed\",\"active\":3,\"passive\":3,\"active_adv\":99}\n{\"kind\":\"check\",\"attr\":6}\n";
    let o = run(&["odds", "batch"], input);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    // The blank line is no case: seven cases, seven lines.
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[0]["p_success"]["exact"], "1/2");
    for (i, line) in [(1, 2), (2, 4), (3, 5), (4, 6), (5, 7)] {
        let e = lines[i]["error"].as_str().unwrap_or_default();
        assert!(e.starts_with(&format!("line {line}: ")), "{e}");
    }
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("negative")
    );
    assert!(
        lines[4]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("typo")
    );
    assert_eq!(lines[6]["p_success"]["exact"], "3/5");
    let o = run(&["odds", "batch"], "{\"kind\":\"check\",\"attr\":5}\n");
    assert_eq!(o.status.code(), Some(0));
}
