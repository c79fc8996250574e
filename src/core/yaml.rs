//! A guard run on every YAML text before the parser sees it, so that no file
//! can make a load hang or eat the memory.
//!
//! The parser (libyaml-rs under `yaml_serde`) has two weak spots, both
//! measured here in a debug build:
//!
//! - **Deep flow nesting** is quadratic: 20,000 levels of `{a: ` (80 KB)
//!   took 2.1 s, and a 200 KB roster of `[[[…]]]` took 42 s; a 2 MiB file
//!   would take hours. The recursion limit of `yaml_serde` does not help: the
//!   parser scans the whole nest before that limit is checked.
//! - **Aliases** are expanded without a bound on the size they produce: a
//!   146 KB roster whose 3,000 models each said `weapons: *w` of a 3,000-id
//!   list became 9 million strings (513 MB); 2 MiB would exhaust the memory.
//!   The parser's repetition limit counts alias jumps, not what they expand
//!   to.
//!
//! No file impia writes uses either, so nesting past [`MAX_FLOW_DEPTH`] and
//! any alias (`*name`) are refused with file, line and column. Anchors alone
//! (`&name`) are harmless and allowed.
//!
//! The guard is a small scanner that follows the parser's tokens closely
//! enough to find every alias and flow bracket it would see. Where it cannot
//! tell, it errs towards looking: it may read a `*` or `[` that the parser
//! would take as text, never the other way round.

use crate::core::error::{DataError, Pos};

/// The deepest nesting of `[` and `{` accepted. Impia's files use two or
/// three levels; `yaml_serde` refuses documents nested past 128 anyway.
pub const MAX_FLOW_DEPTH: usize = 64;

/// Where the scanner stands in a line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    /// A token may start here: at a line start, after `: `, `- `, `,`, a
    /// quoted scalar or a bracket.
    Start,
    /// Inside a plain (unquoted) scalar.
    Plain,
}

/// Lines as the parser sees them: broken at `\n`, `\r\n`, `\r`, and the
/// Unicode breaks NEL, LS and PS. Yields (line number from 1, text).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    let mut n = 0;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        n += 1;
        let cut = rest
            .char_indices()
            .find(|(_, c)| matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'));
        let line = match cut {
            None => {
                let l = rest;
                rest = "";
                l
            }
            Some((i, c)) => {
                let l = &rest[..i];
                let mut skip = i + c.len_utf8();
                if c == '\r' && rest[skip..].starts_with('\n') {
                    skip += 1;
                }
                rest = &rest[skip..];
                l
            }
        };
        Some((n, line))
    })
}

fn blank(c: Option<&u8>) -> bool {
    matches!(c, None | Some(b' ' | b'\t'))
}

fn flow_indicator(c: Option<&u8>) -> bool {
    matches!(c, Some(b',' | b'[' | b']' | b'{' | b'}'))
}

/// Lines to pass over as text: the content of a block scalar (`|`, `>`) or
/// the continuation lines of a plain scalar.
#[derive(Clone, Copy)]
enum Skip {
    None,
    /// Lines indented more than this continue a plain scalar.
    Plain(usize),
    /// A block scalar under a node indented `parent`: its content indent
    /// (the deepest of its leading blank lines and its first text line, as
    /// the parser finds it) once known.
    Block {
        parent: usize,
        indent: Option<usize>,
    },
}

fn too_deep(file: &str, pos: Pos) -> DataError {
    DataError::at(
        file,
        pos,
        format!(
            "`[` and `{{` nested more than {MAX_FLOW_DEPTH} deep; impia files need a few levels"
        ),
    )
}

/// Refuse a YAML text that uses an alias or nests `[`/`{` deeper than
/// [`MAX_FLOW_DEPTH`]; `file` names it in the error.
pub fn check(file: &str, text: &str) -> Result<(), DataError> {
    // After a leading byte-order mark the parser does not see `---` or
    // `...` on the first line as document markers (a quirk followed here).
    let (text, bom) = match text.strip_prefix('\u{feff}') {
        Some(t) => (t, true),
        None => (text, false),
    };
    let mut depth = 0usize;
    // Inside a quoted scalar (which may span lines): its quote character.
    let mut quote: Option<u8> = None;
    let mut skip = Skip::None;
    // The deepest all-space line met before a block scalar's first text line.
    let mut blank_max = 0usize;
    // In `[…]` or `{…}`, a plain scalar goes on over line breaks.
    let mut flow_plain = false;
    for (n, line) in lines(text) {
        let b = line.as_bytes();
        let indent = b.iter().take_while(|c| **c == b' ').count();
        let is_blank = b.iter().all(|c| matches!(c, b' ' | b'\t'));
        match skip {
            Skip::Plain(p) if quote.is_none() && depth == 0 => {
                if is_blank || indent > p {
                    continue;
                }
                skip = Skip::None;
            }
            Skip::Block {
                parent,
                indent: None,
            } => {
                if is_blank {
                    blank_max = blank_max.max(b.len());
                    continue;
                }
                let content = indent.max(blank_max);
                if indent > parent && indent >= content {
                    skip = Skip::Block {
                        parent,
                        indent: Some(content),
                    };
                    continue;
                }
                skip = Skip::None;
            }
            Skip::Block {
                indent: Some(c), ..
            } => {
                if is_blank || indent >= c {
                    continue;
                }
                skip = Skip::None;
            }
            _ => skip = Skip::None,
        }
        let mut at = if flow_plain && depth > 0 {
            At::Plain
        } else {
            At::Start
        };
        // The column where this line's node starts (after `- ` entries):
        // continuation lines of its scalars are indented deeper.
        let mut node_col = indent;
        // The column of the last `- ` entry on this line, and whether a
        // key (`key:`) stands on it: they give a block scalar's parent.
        let mut dash_col: Option<usize> = None;
        let mut key_on_line = false;
        let mut seen_token = false;
        let mut k = 0usize;
        // The parser skips a byte-order mark at the start of a line.
        if quote.is_none() && line.starts_with('\u{feff}') {
            k = 3;
        }
        // A document marker at column 0 is not a plain scalar.
        if quote.is_none()
            && !(bom && n == 1)
            && (line.starts_with("---") || line.starts_with("..."))
            && blank(b.get(3))
        {
            k = 3;
        }
        while k < b.len() {
            let c = b[k];
            if let Some(q) = quote {
                if q == b'"' && c == b'\\' {
                    k += 2;
                    continue;
                }
                if c == q {
                    if q == b'\'' && b.get(k + 1) == Some(&b'\'') {
                        k += 2;
                        continue;
                    }
                    // After a quoted scalar the parser takes whatever
                    // follows as a new token: so does the guard.
                    quote = None;
                    at = At::Start;
                }
                k += 1;
                continue;
            }
            let next = b.get(k + 1);
            let prev_blank = k == 0 || matches!(b[k - 1], b' ' | b'\t');
            if c == b' ' || c == b'\t' {
                k += 1;
                continue;
            }
            // A comment needs a blank before it (`[#x` is no comment).
            if c == b'#' && prev_blank {
                break;
            }
            let flow = depth > 0;
            let place = || Pos {
                line: n,
                column: line[..k].chars().count() + 1,
            };
            match at {
                At::Start => match c {
                    b'*' => {
                        return Err(DataError::at(
                            file,
                            place(),
                            "YAML aliases (`*name`) are not read in impia files: write the value out in full",
                        ));
                    }
                    b'[' | b'{' => {
                        depth += 1;
                        if depth > MAX_FLOW_DEPTH {
                            return Err(too_deep(file, place()));
                        }
                    }
                    b']' | b'}' => depth = depth.saturating_sub(1),
                    b'"' | b'\'' => quote = Some(c),
                    b'-' | b'?' if blank(next) => {
                        if !seen_token {
                            node_col = k + 2;
                            dash_col = Some(k);
                        }
                    }
                    b':' if blank(next) || flow => {
                        seen_token = true;
                        key_on_line = true;
                    }
                    b',' if flow => {}
                    b'&' | b'!' => {
                        // An anchor or a tag: a token still follows.
                        while k + 1 < b.len()
                            && !blank(b.get(k + 1))
                            && !(flow && flow_indicator(b.get(k + 1)))
                        {
                            k += 1;
                        }
                    }
                    b'|' | b'>' if !flow => {
                        // A block scalar: the deeper lines that follow are
                        // its text. An indentation indicator (`|2-`, `>+1`)
                        // fixes their indent; otherwise the first ones do.
                        let digit = b[k + 1..]
                            .iter()
                            .take(2)
                            .find(|c| c.is_ascii_digit())
                            .map(|c| (c - b'0') as usize);
                        // Its parent: the key's mapping, or the entry's list.
                        let parent = match (key_on_line, dash_col) {
                            (false, Some(d)) => d,
                            _ => node_col,
                        };
                        skip = Skip::Block {
                            parent,
                            indent: digit.map(|d| parent + d),
                        };
                        blank_max = 0;
                        // Past the header's indicators, anything but a
                        // comment is read on as tokens, to be safe.
                        while k + 1 < b.len() && matches!(b[k + 1], b'0'..=b'9' | b'+' | b'-') {
                            k += 1;
                        }
                    }
                    b'%' if k == 0 => break,
                    _ => {
                        at = At::Plain;
                        seen_token = true;
                    }
                },
                At::Plain => match c {
                    b':' if blank(next) || (flow && flow_indicator(next)) => {
                        at = At::Start;
                        key_on_line = true;
                    }
                    b',' if flow => at = At::Start,
                    b'[' | b'{' if flow => {
                        depth += 1;
                        at = At::Start;
                        if depth > MAX_FLOW_DEPTH {
                            return Err(too_deep(file, place()));
                        }
                    }
                    b']' | b'}' if flow => {
                        depth -= 1;
                        at = At::Start;
                    }
                    _ => {}
                },
            }
            k += 1;
        }
        flow_plain = quote.is_none() && at == At::Plain;
        // A plain scalar that ends a block line may go on in deeper lines.
        if quote.is_none() && depth == 0 && at == At::Plain && matches!(skip, Skip::None) {
            skip = Skip::Plain(node_col);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Option<String> {
        check("t.yaml", text).err().map(|e| e.to_string())
    }

    #[test]
    fn an_alias_is_refused_with_its_place() {
        let e = refused("name: &n x\nmodels:\n  - name: *n\n").unwrap_or_default();
        assert!(e.starts_with("t.yaml:3:11:"), "{e}");
        assert!(e.contains("aliases"), "{e}");
        assert!(refused("a: [b, *c]\n").is_some());
        assert!(refused("a: {b: *c}\n").is_some());
        assert!(refused("- *c\n").is_some());
        assert!(refused("--- *x\n").is_some());
        assert!(refused("\u{feff}*x\n").is_some());
        assert!(refused("\n\u{feff} *x: \t''*x").is_some());
        // Found by the differential fuzz: after a byte-order mark the first
        // `...` is text, and `|-*x` is no block scalar header.
        assert!(refused("\u{feff}...\t|-*x  ]\\\"b: *x:x *x\rx y|\r").is_some());
        assert!(refused("a: |-*x\n").is_some());
        assert!(refused("\n\u{feff}*x}\n").is_some());
        assert!(refused("\u{feff}\u{feff}[#x|-, a: *x\n").is_some());
        // In a flow collection a plain scalar goes on over the line break.
        assert!(refused("{-x\\\"\r\"%, *x, !t : '':x  ").is_some());
        assert!(refused("a: b\u{2028}c: *x\n").is_some());
        assert!(refused("a: &x !!str *y\n").is_some());
    }

    #[test]
    fn a_star_inside_text_is_not_an_alias() {
        for ok in [
            "notes: 2 * 3\n",
            "notes: \"*x\"\n",
            "notes: '*x'\n",
            "notes: 'it''s *x'\n",
            "notes: |-\n  * una viñeta\n  * otra\nname: x\n",
            "notes: >\n\n    *x\n    *y\nname: a\n",
            "notes: línea\n  *continúa\n",
            "# *comentario\na: b # *x\n",
            "- {\"action\":\"note\",\"text\":\"[[[*\"}\n",
            "a: &ancla 1\n",
        ] {
            assert_eq!(refused(ok), None, "{ok:?}");
        }
    }

    #[test]
    fn deep_flow_nesting_is_refused_and_shallow_is_read() {
        let deep = format!("a: {}{}\n", "[".repeat(65), "]".repeat(65));
        let e = refused(&deep).unwrap_or_default();
        assert!(e.contains("nested more than 64"), "{e}");
        assert!(refused(&"{a: ".repeat(100_000)).is_some());
        let ok = format!("a: {}{}\n", "[".repeat(64), "]".repeat(64));
        assert_eq!(refused(&ok), None);
        // Balanced brackets on many lines never add up.
        assert_eq!(refused(&"weapons: [a, b]\n".repeat(1000)), None);
        assert_eq!(refused(&"text: see [1\n".repeat(1000)), None);
    }

    #[test]
    fn a_block_scalar_ends_where_the_parser_ends_it() {
        // The deep blank line sets the block's indent to 8: `*x` is a token.
        assert!(refused("a: |\n        \n  *x\n").is_some());
        assert!(refused("a: |\n  x\n *y\n").is_some());
        // Found by the roster property: the writer's `|2-` for a text whose
        // first line starts with spaces.
        assert_eq!(refused("- name: |2-\n     #\n    *a\n  troop: x\n"), None);
        assert!(refused("- name: |2-\n     #\n   *a\n").is_some());
        assert!(refused("- a: |\n    x\n  b: *y\n").is_some());
        // A plain scalar's deeper line continues it; a sibling key does not.
        assert!(refused("models:\n  - name: a\n    weapons: *w\n").is_some());
    }
}
