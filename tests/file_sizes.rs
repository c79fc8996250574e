//! Issue 16: no source file over 600 lines, so a newcomer can read each one.

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 600;

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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let text =
                std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let n = text.lines().count();
            let shown = f.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(f);
            (n > MAX_LINES).then(|| format!("{} ({n} lines)", shown.display()))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines: split by what they do:\n{}",
        long.join("\n")
    );
}
