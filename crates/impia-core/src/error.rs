//! Errors about files the user or the project supplies: each names the file,
//! and where it can, the line and column and what was expected.

use std::fmt;

/// A place in a text file, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// A problem with a data file (rule table, roster, game).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DataError {
    pub file: String,
    pub pos: Option<Pos>,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some(p) => write!(f, "{}:{}:{}: {}", self.file, p.line, p.column, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl DataError {
    pub fn at(file: impl Into<String>, pos: Pos, message: impl Into<String>) -> Self {
        DataError {
            file: file.into(),
            pos: Some(pos),
            message: message.into(),
        }
    }

    pub fn whole(file: impl Into<String>, message: impl Into<String>) -> Self {
        DataError {
            file: file.into(),
            pos: None,
            message: message.into(),
        }
    }

    /// A YAML or type error from the parser, with its location.
    pub fn yaml(file: impl Into<String>, err: &serde_yaml::Error) -> Self {
        let text = err.to_string();
        // The parser appends " at line L column C"; we print the place first.
        let message = match text.find(" at line ") {
            Some(i) => text[..i].to_string(),
            None => text,
        };
        let message = shorten_quotes(&message);
        let pos = err.location().map(|l| Pos {
            line: l.line(),
            column: l.column(),
        });
        DataError {
            file: file.into(),
            pos,
            message,
        }
    }
}

/// The longest quotation of the file an error message keeps.
const MAX_QUOTE_CHARS: usize = crate::text::MAX_ECHO_CHARS;

/// `message` with each quoted value (`"…"`, as the parser quotes what it
/// found, or `` `…` ``, as serde names an unknown variant or field) cut to
/// its first line and [`MAX_QUOTE_CHARS`] characters: a file that is one
/// long scalar (a link to some system file) is not printed whole in an
/// error, nor a 1.5 MB action name (issue 32).
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(512));
    let mut chars = message.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '"' && c != '`' {
            continue;
        }
        let end = c;
        // Inside a quotation, written with Rust's escapes (`\\n`, `\\"`):
        // an escape is kept whole or not at all.
        let mut kept = 0;
        let mut cut = false;
        while let Some(q) = chars.next() {
            if q == end {
                break;
            }
            let escape = (q == '\\' && end == '"').then(|| chars.next()).flatten();
            let line_break = matches!(escape, Some('n' | 'r')) || matches!(q, '\n' | '\r');
            if line_break || kept >= MAX_QUOTE_CHARS {
                cut = true;
            }
            if !cut {
                out.push(q);
                out.extend(escape);
                kept += 1;
            }
        }
        if cut {
            out.push('…');
        }
        out.push(end);
    }
    out
}

/// Where `key: value` stands in a YAML text (the `nth` such line, 0-based):
/// used to point at a row whose content is wrong once it is parsed.
pub fn locate_key_value(src: &str, key: &str, value: &str, nth: usize) -> Option<Pos> {
    let mut seen = 0;
    for (i, line) in src.lines().enumerate() {
        let trimmed = line.trim_start();
        let body = trimmed.strip_prefix("- ").unwrap_or(trimmed).trim_start();
        let Some(rest) = body.strip_prefix(key) else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix(':') else {
            continue;
        };
        let rest = rest.split(" #").next().unwrap_or("").trim();
        let unquoted = rest.trim_matches(|c| c == '"' || c == '\'');
        if unquoted == value {
            if seen == nth {
                let column = line.len() - body.len() + 1;
                return Some(Pos {
                    line: i + 1,
                    column,
                });
            }
            seen += 1;
        }
    }
    None
}

/// Where a key first stands at the start of a line (`rows:`), if anywhere.
pub fn locate_key(src: &str, key: &str) -> Option<Pos> {
    for (i, line) in src.lines().enumerate() {
        let trimmed = line.trim_start();
        let body = trimmed.strip_prefix("- ").unwrap_or(trimmed).trim_start();
        if let Some(rest) = body.strip_prefix(key)
            && rest.trim_start().starts_with(':')
        {
            return Some(Pos {
                line: i + 1,
                column: line.len() - body.len() + 1,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_the_nth_key_value() {
        let src = "- id: a\n  x: 1\n- id: b\n-   id: \"a\"\n";
        assert_eq!(
            locate_key_value(src, "id", "a", 0),
            Some(Pos { line: 1, column: 3 })
        );
        assert_eq!(
            locate_key_value(src, "id", "a", 1),
            Some(Pos { line: 4, column: 5 })
        );
        assert_eq!(locate_key_value(src, "id", "c", 0), None);
    }

    #[test]
    fn quoted_and_backticked_values_are_cut() {
        let long = "y".repeat(100_000);
        let e = shorten_quotes(&format!(
            "unknown variant `{long}`, expected `a` or \"{long}\""
        ));
        let cut = format!("{}…", "y".repeat(MAX_QUOTE_CHARS));
        assert_eq!(
            e,
            format!("unknown variant `{cut}`, expected `a` or \"{cut}\"")
        );
    }

    #[test]
    fn yaml_errors_carry_line_and_column() {
        let err = serde_yaml::from_str::<Vec<u32>>("- 1\n- x\n").err();
        let e = err.map(|e| DataError::yaml("f.yaml", &e));
        let e = e.expect("an error");
        assert_eq!(e.pos.map(|p| p.line), Some(2));
        assert!(e.to_string().starts_with("f.yaml:2:"), "{e}");
        assert!(!e.message.contains("at line"));
    }
}
