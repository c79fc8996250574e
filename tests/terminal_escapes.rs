//! Issue 21: bidirectional controls and the line and paragraph separators
//! reach the terminal escaped, like ESC: a warband named with U+202E cannot
//! reverse the rest of a line, nor U+2028 pass for a second line.

use std::process::Command;

use impia::core::text::escape_controls;

const HIDDEN: [char; 14] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}', '\u{200e}', '\u{200f}', '\u{061c}', '\u{2028}', '\u{2029}',
];

#[test]
fn bidi_controls_and_separators_are_escaped() {
    for c in HIDDEN {
        let text = format!("a{c}b");
        assert_eq!(escape_controls(&text), format!("a\\u{{{:x}}}b", c as u32));
    }
    // Letters of right-to-left scripts are text, not controls.
    assert_eq!(escape_controls("שלום مرحبا"), "שלום مرحبا");
}

#[test]
fn a_warband_name_with_bidi_controls_prints_escaped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("banda.yaml");
    std::fs::write(
        &p,
        "name: \"Lobos\u{202e}odnum\u{2028}Falso\"\nmodels:\n  - {name: Jefe, troop: hero, leader: true, weapons: [medium_blade]}\n",
    )
    .expect("write");
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["roster", "check", &p.display().to_string()])
        .output()
        .expect("run impia");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(all.contains("Lobos\\u{202e}odnum\\u{2028}Falso"), "{all}");
    assert!(!all.contains(HIDDEN), "{all:?}");
}
