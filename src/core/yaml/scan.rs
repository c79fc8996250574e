//! The scanner: `[`/`{` nesting and aliases, token by token as the parser
//! reads them (block indentation, block and quoted scalars, comments,
//! byte-order marks, every kind of line break).

use crate::core::error::Pos;

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
        let line = match line_break(rest.as_bytes()) {
            None => {
                let l = rest;
                rest = "";
                l
            }
            Some((i, len)) => {
                let l = &rest[..i];
                let mut skip = i + len;
                if len == 1 && rest.as_bytes()[i] == b'\r' && rest[skip..].starts_with('\n') {
                    skip += 1;
                }
                rest = &rest[skip..];
                l
            }
        };
        Some((n, line))
    })
}

/// The first line break of a UTF-8 text, as (byte offset, length in
/// bytes): `\n`, `\r`, NEL (C2 85), LS (E2 80 A8), PS (E2 80 A9). Bytes,
/// not chars: every YAML file read passes here, and a char iterator in a
/// debug build made this the slowest part of loading a large file. A lead
/// byte never occurs inside another character, so a match on bytes finds
/// the same characters.
fn line_break(b: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\n' | b'\r' => return Some((i, 1)),
            0xC2 if i + 1 < b.len() && b[i + 1] == 0x85 => return Some((i, 2)),
            0xE2 if i + 2 < b.len() && b[i + 1] == 0x80 && matches!(b[i + 2], 0xA8 | 0xA9) => {
                return Some((i, 3));
            }
            _ => i += 1,
        }
    }
    None
}

fn blank(c: Option<&u8>) -> bool {
    matches!(c, None | Some(b' ' | b'\t'))
}

fn flow_indicator(c: Option<&u8>) -> bool {
    matches!(c, Some(b',' | b'[' | b']' | b'{' | b'}'))
}

fn doc_marker(line: &str) -> bool {
    (line.starts_with("---") || line.starts_with("...")) && blank(line.as_bytes().get(3))
}

/// Lines to pass over as text: the content of a block scalar (`|`, `>`) or
/// the continuation lines of a plain scalar.
#[derive(Clone, Copy)]
enum Skip {
    None,
    /// Lines indented more than this (the parser's indent) continue a plain
    /// scalar.
    Plain(isize),
    /// A block scalar under the parser's indent `parent`: its text's indent
    /// once known (from an indicator, or its first lines).
    Block {
        parent: isize,
        indent: Option<usize>,
    },
}

/// The parser's block indentation: a stack of the columns where the block
/// mappings and sequences around the current token start.
struct Indents {
    stack: Vec<isize>,
    now: isize,
}

impl Indents {
    /// A token at `col` closes every block indented deeper.
    fn unroll(&mut self, col: isize) {
        while self.now > col {
            self.now = self.stack.pop().unwrap_or(-1);
        }
    }

    /// A block collection starts at `col` if it is deeper than the current one.
    fn roll(&mut self, col: usize) {
        let col = col as isize;
        if self.now < col {
            self.stack.push(self.now);
            self.now = col;
        }
    }
}

/// The column of a byte of a line, counted on as the scanner moves right.
struct Column {
    byte: usize,
    col: usize,
}

impl Column {
    fn at(&mut self, line: &[u8], k: usize) -> usize {
        // UTF-8 continuation bytes (0b10xx_xxxx) do not start a character.
        self.col += line[self.byte..k]
            .iter()
            .filter(|b| (**b & 0xc0) != 0x80)
            .count();
        self.byte = k;
        self.col
    }
}

/// What the scanner refuses.
pub(super) enum Refused {
    /// A bracket past the depth limit.
    Deep(Pos),
    /// An alias.
    Alias(Pos),
}
/// The deepest flow nesting of `text`, or the place of the first bracket
/// past `limit` (or of the first alias, with `aliases`).
// issue 22: split by what it does (left for want of time)
#[allow(clippy::too_many_lines)]
pub(super) fn scan(text: &str, limit: usize, aliases: bool) -> Result<usize, Refused> {
    let mut deepest = 0usize;
    let place = |line: usize, text: &str, k: usize| Pos {
        line,
        column: text[..k].chars().count() + 1,
    };
    let too_deep = |line: usize, text: &str, k: usize| Refused::Deep(place(line, text, k));
    let mut depth = 0usize;
    // Inside a quoted scalar (which may span lines): its quote character.
    let mut quote: Option<u8> = None;
    let mut skip = Skip::None;
    // The deepest all-space line met before a block scalar's first text line.
    let mut blank_max = 0usize;
    // In `[…]` or `{…}`, a plain scalar goes on over line breaks.
    let mut flow_plain = false;
    let mut indents = Indents {
        stack: Vec::new(),
        now: -1,
    };
    for (n, line) in lines(text) {
        let b = line.as_bytes();
        let spaces = b.iter().take_while(|c| **c == b' ').count();
        let is_blank = b.iter().all(|c| matches!(c, b' ' | b'\t'));
        match skip {
            Skip::Plain(p) => {
                let comment = b.get(spaces) == Some(&b'#');
                if is_blank || (spaces as isize > p && !comment && !doc_marker(line)) {
                    continue;
                }
                skip = Skip::None;
            }
            Skip::Block {
                parent,
                indent: None,
            } => {
                if is_blank {
                    blank_max = blank_max.max(spaces);
                    continue;
                }
                let content = spaces.max(blank_max).max((parent + 1).max(1) as usize);
                if spaces >= content {
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
                if is_blank || spaces >= c {
                    continue;
                }
                skip = Skip::None;
            }
            Skip::None => {}
        }
        let mut at = if flow_plain && depth > 0 {
            At::Plain
        } else {
            At::Start
        };
        // Where the current simple key starts (after `- ` and `? `), for
        // the block mapping it opens.
        let mut key_col: Option<usize> = None;
        let mut k = 0usize;
        // Columns count characters, not bytes (a byte-order mark is one).
        let mut column = Column { byte: 0, col: 0 };
        // The parser skips a byte-order mark at column 0 of a line (the
        // column moves on: a second mark, or `---` after it, is text).
        let bom = quote.is_none() && line.starts_with('\u{feff}');
        if bom {
            k = 3;
        }
        // A document marker at column 0 ends any plain scalar; a directive
        // (`%`) is one only where a token starts.
        let directive = at == At::Start && line.starts_with('%');
        if quote.is_none() && !bom && (doc_marker(line) || directive) {
            indents.unroll(-1);
            if directive {
                continue;
            }
            at = At::Start;
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
            if c == b'#' && (prev_blank || at == At::Start) {
                // It ends a plain scalar too: the next line starts afresh.
                at = At::Start;
                break;
            }
            let flow = depth > 0;
            match at {
                At::Start => {
                    if !flow {
                        let col = column.at(b, k);
                        indents.unroll(col as isize);
                        if key_col.is_none() {
                            key_col = Some(col);
                        }
                    }
                    match c {
                        b'[' | b'{' => {
                            depth += 1;
                            deepest = deepest.max(depth);
                            if depth > limit {
                                return Err(too_deep(n, line, k));
                            }
                        }
                        b']' | b'}' => depth = depth.saturating_sub(1),
                        b'"' | b'\'' => quote = Some(c),
                        // The indicators, as the parser reads them in any
                        // context: a token still follows.
                        b'-' | b'?' if blank(next) => {
                            if !flow {
                                indents.roll(column.at(b, k));
                                key_col = None;
                            }
                        }
                        b'?' if flow => {}
                        b':' if blank(next) || flow => {
                            if !flow && let Some(kc) = key_col.take() {
                                indents.roll(kc);
                            }
                        }
                        b',' => {}
                        b'*' if aliases => return Err(Refused::Alias(place(n, line, k))),
                        b'&' | b'!' | b'*' => {
                            // An anchor, a tag or an alias: one word.
                            while k + 1 < b.len()
                                && !blank(b.get(k + 1))
                                && !(flow && flow_indicator(b.get(k + 1)))
                            {
                                k += 1;
                            }
                        }
                        b'|' | b'>' if !flow => {
                            // A block scalar: the deeper lines that follow
                            // are its text. An indentation indicator (`|2-`)
                            // fixes their indent; otherwise the first ones do.
                            let parent = indents.now;
                            let digit = b[k + 1..]
                                .iter()
                                .take(2)
                                .find(|c| c.is_ascii_digit())
                                .map(|c| (c - b'0') as usize);
                            skip = Skip::Block {
                                parent,
                                indent: digit.map(|d| parent.max(0) as usize + d),
                            };
                            blank_max = 0;
                            // Past the header's indicators, anything but a
                            // comment is read on as tokens, to be safe.
                            while k + 1 < b.len() && matches!(b[k + 1], b'0'..=b'9' | b'+' | b'-') {
                                k += 1;
                            }
                        }
                        _ => at = At::Plain,
                    }
                }
                At::Plain => match c {
                    b':' if blank(next) || (flow && flow_indicator(next)) => {
                        at = At::Start;
                        if !flow && let Some(kc) = key_col.take() {
                            indents.roll(kc);
                        }
                    }
                    b',' if flow => at = At::Start,
                    b'[' | b'{' if flow => {
                        depth += 1;
                        deepest = deepest.max(depth);
                        at = At::Start;
                        if depth > limit {
                            return Err(too_deep(n, line, k));
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
            skip = Skip::Plain(indents.now);
        }
    }
    Ok(deepest)
}
