//! Reading Rust source as text: comments and literals blanked out, test
//! code dropped, use trees expanded, inline paths found.

use std::collections::BTreeSet;

/// The text with comments, string and char literals replaced by spaces
/// (line breaks kept), so that only code is searched.
pub(super) fn strip(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !ident_char(&b, i) {
            // A raw string: r"…", r#"…"#.
            let hashes = b[i + 1..].iter().take_while(|&&c| c == '#').count();
            if b.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let close: Vec<char> = close.chars().collect();
            let mut j = i + 2 + hashes;
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            let end = (j + close.len()).min(b.len());
            b[i..end].iter().for_each(|&c| out.push(blank(c)));
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != '"' {
                j += if b[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            b[i..end].iter().for_each(|&c| out.push(blank(c)));
            i = end;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            let end = if next == Some('\\') {
                b[i + 3..]
                    .iter()
                    .position(|&c| c == '\'')
                    .map(|p| i + 4 + p)
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    b[i..end].iter().for_each(|&c| out.push(blank(c)));
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

pub(super) fn ident_char(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// The span of the block opened by the `{` at `open`, matching braces.
pub(super) fn block_end(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (k, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + k + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// Blanks out `#[cfg(test)]` inline modules; returns the file modules that
/// are declared for tests only (`#[cfg(test)] mod x;`).
pub(super) fn drop_test_code(code: &mut String) -> Vec<String> {
    let mut test_files = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]").map(|p| from + p) {
        let after = at + "#[cfg(test)]".len();
        let rest = code[after..].trim_start();
        let start = code.len() - rest.len();
        let Some(decl) = rest.strip_prefix("mod ") else {
            from = after;
            continue;
        };
        let name: String = decl
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let tail = decl.trim_start()[name.len()..].trim_start();
        if tail.starts_with(';') {
            test_files.push(name);
            from = after;
        } else if tail.starts_with('{') {
            let open = code.len() - tail.len();
            let end = block_end(code, open);
            let blanked: String = code[start..end]
                .chars()
                .map(|c| if c == '\n' { '\n' } else { ' ' })
                .collect();
            code.replace_range(start..end, &blanked);
            from = end;
        } else {
            from = after;
        }
    }
    test_files
}

/// Inline modules (`mod x { … }`) as (start, end, name), for `super::`.
pub(super) fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("mod ").map(|p| from + p) {
        from = at + 4;
        if at > 0 && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = code[from..].trim_start();
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let tail = rest[name.len()..].trim_start();
        if !name.is_empty() && tail.starts_with('{') {
            let open = code.len() - tail.len();
            out.push((open, block_end(code, open), name));
        }
    }
    out
}

/// Expands a use tree (`a::{b, c::{d, self}}`) into its paths.
pub(super) fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let tree = tree.replace(" ::", "::").replace(":: ", "::");
    let mut out = Vec::new();
    expand_into(&tree, &mut Vec::new(), &mut out);
    out
}

pub(super) fn expand_into(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim_end_matches("::");
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let base = prefix.len();
        prefix.extend(
            head.split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        let mut depth = 0;
        let mut start = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_into(&inner[start..k], prefix, out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand_into(&inner[start..], prefix, out);
        prefix.truncate(base);
    } else if !tree.is_empty() {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        let mut full = prefix.clone();
        for seg in path.split("::") {
            if seg != "self" || full.is_empty() {
                full.push(seg.to_owned());
            }
        }
        out.push(full);
    }
}

/// `use` statements: (start, end, is a `pub use`, paths).
pub(super) fn uses(code: &str) -> Vec<(usize, usize, bool, Vec<Vec<String>>)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("use ").map(|p| from + p) {
        from = at + 4;
        let before = code[..at].trim_end();
        let starts = before.is_empty()
            || before.ends_with([';', '{', '}', ']'])
            || before.ends_with("pub")
            || before.ends_with(')');
        if !starts || code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = code[at..].find(';').map(|p| at + p) else {
            break;
        };
        let public = before.ends_with("pub") || before.ends_with("pub(crate)");
        out.push((at, end, public, expand(&code[at + 4..end])));
        from = end;
    }
    out
}

/// Inline paths: `crate::a::b`, `super::x`, `self::y`, `child::z`.
pub(super) fn inline_paths(code: &str, children: &BTreeSet<String>) -> Vec<(usize, Vec<String>)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        let starts = (c.is_ascii_alphabetic() || c == '_')
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut segs = Vec::new();
        let mut j = i;
        loop {
            let s = j;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            segs.push(code[s..j].to_owned());
            if code[j..].starts_with("::")
                && code[j + 2..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            {
                j += 2;
            } else {
                break;
            }
        }
        let first = segs[0].as_str();
        if segs.len() > 1
            && (matches!(first, "crate" | "super" | "self") || children.contains(first))
        {
            out.push((i, segs));
        }
        i = j.max(i + 1);
    }
    out
}
