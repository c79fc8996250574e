//! Issue 22: the files of `src/` import one another without a circle, so
//! each can be read (and tested) after the ones it uses. The graph is read
//! from the text: `use` trees, `super::`/`self::`/`crate::` paths written
//! inline, and paths through a child module; a path to an item re-exported
//! by a module's façade (`mod.rs`' `pub use`) counts as a path to the file
//! that defines it. Test code (`#[cfg(test)]`) is left out.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Circles still to cut, each with the issue that cuts it.
const KNOWN: &[(&str, &[&str])] = &[(
    // Issue 22: another change rewrites these three now; cut after it lands.
    "issue 22",
    &["cli/game.rs", "cli/game_play.rs", "cli/game_report.rs"],
)];

/// One source file: its module path and what it says.
struct File {
    rel: String,
    module: Vec<String>,
    /// Comments, strings and test code blanked out.
    code: String,
}

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

/// `core/game/mod.rs` → `core::game`; `lib.rs` → the crate.
fn module_of(rel: &str) -> Vec<String> {
    let stem = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = stem.split('/').map(str::to_owned).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text with comments, string and char literals replaced by spaces
/// (line breaks kept), so that only code is searched.
fn strip(text: &str) -> String {
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

fn ident_char(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// The span of the block opened by the `{` at `open`, matching braces.
fn block_end(code: &str, open: usize) -> usize {
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
fn drop_test_code(code: &mut String) -> Vec<String> {
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
fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
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
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let tree = tree.replace(" ::", "::").replace(":: ", "::");
    let mut out = Vec::new();
    expand_into(&tree, &mut Vec::new(), &mut out);
    out
}

fn expand_into(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
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
fn uses(code: &str) -> Vec<(usize, usize, bool, Vec<Vec<String>>)> {
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
fn inline_paths(code: &str, children: &BTreeSet<String>) -> Vec<(usize, Vec<String>)> {
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

struct Graph {
    files: Vec<File>,
    by_module: HashMap<Vec<String>, usize>,
    /// Per file: re-exported name → absolute path of the item.
    reexports: Vec<HashMap<String, Vec<String>>>,
    /// Per file: modules whose items it re-exports with `*`.
    globs: Vec<Vec<Vec<String>>>,
}

impl Graph {
    /// The absolute path `segs` names, written in module `at`.
    fn absolute(&self, at: &[String], segs: &[String]) -> Option<Vec<String>> {
        let mut base: Vec<String> = at.to_vec();
        let mut rest = segs;
        match segs.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &segs[1..];
            }
            Some("self") => rest = &segs[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let mut child = at.to_vec();
                child.push(first.to_owned());
                if !self.by_module.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what `path` names.
    fn file_of(&self, path: &[String], hops: usize) -> Option<usize> {
        let k = (0..=path.len())
            .rev()
            .find(|&k| self.by_module.contains_key(&path[..k]))?;
        let f = self.by_module[&path[..k]];
        let Some(name) = path.get(k) else {
            return Some(f);
        };
        if hops < 8 {
            if let Some(target) = self.reexports[f].get(name) {
                let mut target = target.clone();
                target.extend(path[k + 1..].iter().cloned());
                return self.file_of(&target, hops + 1).or(Some(f));
            }
            for glob in &self.globs[f] {
                let mut target = glob.clone();
                target.extend(path[k..].iter().cloned());
                if let Some(g) = self.file_of(&target, hops + 1)
                    && g != f
                    && self.defines(g, name)
                {
                    return Some(g);
                }
            }
        }
        Some(f)
    }

    fn defines(&self, f: usize, name: &str) -> bool {
        let code = &self.files[f].code;
        [
            "fn", "struct", "enum", "trait", "type", "const", "static", "union",
        ]
        .iter()
        .any(|kw| {
            code.match_indices(&format!("{kw} {name}")).any(|(at, m)| {
                !code[at + m.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            })
        }) || self.reexports[f].contains_key(name)
    }
}

fn graph() -> (Vec<String>, BTreeMap<usize, BTreeSet<usize>>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    let mut files = Vec::new();
    let mut test_only = BTreeSet::new();
    for p in &paths {
        let rel = p
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if rel == "main.rs" {
            // The binary: a crate of its own on top of the library.
            continue;
        }
        let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let mut code = strip(&text);
        let module = module_of(&rel);
        for name in drop_test_code(&mut code) {
            let mut m = module.clone();
            m.push(name);
            test_only.insert(m);
        }
        files.push(File { rel, module, code });
    }
    files.retain(|f| !test_only.contains(&f.module));
    let by_module: HashMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let mut g = Graph {
        reexports: vec![HashMap::new(); files.len()],
        globs: vec![Vec::new(); files.len()],
        files,
        by_module,
    };
    // Re-exports first: a façade passes its names on.
    for f in 0..g.files.len() {
        for (_, _, public, paths) in uses(&g.files[f].code) {
            if !public {
                continue;
            }
            for p in paths {
                let Some(abs) = g.absolute(&g.files[f].module, &p) else {
                    continue;
                };
                match p.last().map(String::as_str) {
                    Some("*") => g.globs[f].push(abs[..abs.len() - 1].to_vec()),
                    Some(name) => {
                        g.reexports[f].insert(name.to_owned(), abs);
                    }
                    None => {}
                }
            }
        }
    }
    let mut edges: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for f in 0..g.files.len() {
        let file = &g.files[f];
        let facade = file.rel.ends_with("mod.rs") || file.rel == "lib.rs";
        let inline = inline_modules(&file.code);
        let module_at = |pos: usize| {
            let mut m = file.module.clone();
            m.extend(
                inline
                    .iter()
                    .filter(|(s, e, _)| *s <= pos && pos < *e)
                    .map(|(_, _, n)| n.clone()),
            );
            m
        };
        let mut found: Vec<(usize, Vec<String>)> = Vec::new();
        let mut code = file.code.clone();
        for (start, end, public, paths) in uses(&file.code) {
            if !(public && facade) {
                found.extend(paths.into_iter().map(|p| (start, p)));
            }
            code.replace_range(start..end, &" ".repeat(end - start));
        }
        let children: BTreeSet<String> = g
            .by_module
            .keys()
            .filter(|m| m.len() == file.module.len() + 1 && m.starts_with(&file.module))
            .filter_map(|m| m.last().cloned())
            .collect();
        found.extend(inline_paths(&code, &children));
        for (pos, p) in found {
            let Some(abs) = g.absolute(&module_at(pos), &p) else {
                continue;
            };
            let abs: Vec<String> = abs.into_iter().filter(|s| s != "*").collect();
            // A file using what an enclosing module's file defines is part
            // of that module: only edges to other branches can close a circle.
            if let Some(t) = g.file_of(&abs, 0)
                && t != f
                && !file.module.starts_with(&g.files[t].module)
            {
                edges.entry(f).or_default().insert(t);
            }
        }
    }
    (g.files.into_iter().map(|f| f.rel).collect(), edges)
}

/// Strongly connected components with more than one file (Tarjan).
fn circles(n: usize, edges: &BTreeMap<usize, BTreeSet<usize>>) -> Vec<Vec<usize>> {
    struct T<'a> {
        edges: &'a BTreeMap<usize, BTreeSet<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        for &w in t.edges.get(&v).into_iter().flatten() {
            match t.index[w] {
                None => {
                    visit(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(i) if t.on[w] => t.low[v] = t.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut c = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on[w] = false;
                c.push(w);
                if w == v {
                    break;
                }
            }
            if c.len() > 1 {
                c.sort();
                t.out.push(c);
            }
        }
    }
    let mut t = T {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn the_files_of_src_import_one_another_without_a_circle() {
    let (names, edges) = graph();
    let mut found = Vec::new();
    for c in circles(names.len(), &edges) {
        let files: Vec<&str> = c.iter().map(|&f| names[f].as_str()).collect();
        let known = KNOWN
            .iter()
            .any(|(_, k)| files.iter().all(|f| k.contains(f)));
        if known {
            continue;
        }
        let names = &names;
        let arrows: Vec<String> = c
            .iter()
            .flat_map(|&f| {
                edges[&f]
                    .iter()
                    .filter(|t| c.contains(t))
                    .map(move |&t| format!("{} → {}", names[f], names[t]))
            })
            .collect();
        found.push(format!("{files:?}:\n  {}", arrows.join("\n  ")));
    }
    assert!(
        found.is_empty(),
        "circles among the files of src/:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_graph_reader_sees_uses_supers_and_inline_paths() {
    // Checks on the reader itself, so that an empty graph cannot pass.
    let (names, edges) = graph();
    let id = |n: &str| {
        names
            .iter()
            .position(|x| x == n)
            .unwrap_or_else(|| panic!("{n}"))
    };
    let has = |a: &str, b: &str| edges.get(&id(a)).is_some_and(|t| t.contains(&id(b)));
    // `use crate::core::odds::…` in the dice's CLI.
    assert!(has("cli/dice.rs", "core/odds.rs"));
    // Through the façade: `crate::core::game::Game` is defined in session.rs.
    assert!(has("ui/game/mod.rs", "core/game/session.rs"));
    assert_eq!(
        expand("super::{a, b::{c, self}, d as e}"),
        vec![
            vec!["super", "a"],
            vec!["super", "b", "c"],
            vec!["super", "b"],
            vec!["super", "d"]
        ]
    );
    assert_eq!(
        strip("let s = \"crate::x\"; // super::y\nc = '\\''"),
        "let s =           ;            \nc =     "
    );
}
