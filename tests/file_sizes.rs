//! Issue 16: no source file over 600 lines, so a newcomer can read each one;
//! issue 22: the tests' files too.

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 600;

/// Files another change edits now, to split once it lands (issue 22).
const SPLIT_LATER: &[&str] = &["tests/game_rules3.rs"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    rust_files(&root.join("benches"), &mut files);
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let text =
                std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let n = text.lines().count();
            let shown = f.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(f);
            let later = SPLIT_LATER.iter().any(|l| shown == Path::new(l));
            (n > MAX_LINES && !later).then(|| format!("{} ({n} lines)", shown.display()))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines: split by what they do:\n{}",
        long.join("\n")
    );
}
