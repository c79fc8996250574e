//! The scanner: `[`/`{` nesting and aliases, token by token as the parser
//! reads them (block indentation, block and quoted scalars, comments,
//! byte-order marks, every kind of line break).

use crate::error::Pos;

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
pub(super) fn scan(text: &str, limit: usize, aliases: bool) -> Result<usize, Refused> {
    let mut scanner = Scanner {
        limit,
        aliases,
        deepest: 0,
        depth: 0,
        quote: None,
        skip: Skip::None,
        blank_max: 0,
        flow_plain: false,
        indents: Indents {
            stack: Vec::new(),
            now: -1,
        },
    };
    for (n, line) in lines(text) {
        if scanner.passes_over(line) {
            continue;
        }
        scanner.line(n, line)?;
    }
    Ok(scanner.deepest)
}

/// The place of byte `k` of `text`, line `line`.
fn place(line: usize, text: &str, k: usize) -> Pos {
    Pos {
        line,
        column: text[..k].chars().count() + 1,
    }
}

/// What the scanner carries from line to line.
struct Scanner {
    limit: usize,
    aliases: bool,
    deepest: usize,
    depth: usize,
    /// Inside a quoted scalar (which may span lines): its quote character.
    quote: Option<u8>,
    skip: Skip,
    /// The deepest all-space line met before a block scalar's first text line.
    blank_max: usize,
    /// In `[…]` or `{…}`, a plain scalar goes on over line breaks.
    flow_plain: bool,
    indents: Indents,
}

/// Where the scanner stands in one line.
struct Cursor<'a> {
    n: usize,
    line: &'a str,
    b: &'a [u8],
    at: At,
    /// Where the current simple key starts (after `- ` and `? `), for the
    /// block mapping it opens.
    key_col: Option<usize>,
    k: usize,
    /// Columns count characters, not bytes (a byte-order mark is one).
    column: Column,
}

impl<'a> Cursor<'a> {
    fn next(&self) -> Option<&'a u8> {
        self.b.get(self.k + 1)
    }

    fn col(&mut self) -> usize {
        self.column.at(self.b, self.k)
    }

    fn place(&self) -> Pos {
        place(self.n, self.line, self.k)
    }
}

impl Scanner {
    /// Whether `line` is text of a block scalar or goes on with a plain
    /// scalar, and so holds no token; ends the skip at the first line that
    /// does not.
    fn passes_over(&mut self, line: &str) -> bool {
        let b = line.as_bytes();
        let spaces = b.iter().take_while(|c| **c == b' ').count();
        let is_blank = b.iter().all(|c| matches!(c, b' ' | b'\t'));
        match self.skip {
            Skip::Plain(p) => {
                let comment = b.get(spaces) == Some(&b'#');
                if is_blank || (spaces as isize > p && !comment && !doc_marker(line)) {
                    return true;
                }
                self.skip = Skip::None;
            }
            Skip::Block {
                parent,
                indent: None,
            } => {
                if is_blank {
                    self.blank_max = self.blank_max.max(spaces);
                    return true;
                }
                let content = spaces.max(self.blank_max).max((parent + 1).max(1) as usize);
                if spaces >= content {
                    self.skip = Skip::Block {
                        parent,
                        indent: Some(content),
                    };
                    return true;
                }
                self.skip = Skip::None;
            }
            Skip::Block {
                indent: Some(c), ..
            } => {
                if is_blank || spaces >= c {
                    return true;
                }
                self.skip = Skip::None;
            }
            Skip::None => {}
        }
        false
    }

    /// The tokens of one line.
    fn line(&mut self, n: usize, line: &str) -> Result<(), Refused> {
        let b = line.as_bytes();
        let mut cur = Cursor {
            n,
            line,
            b,
            at: if self.flow_plain && self.depth > 0 {
                At::Plain
            } else {
                At::Start
            },
            key_col: None,
            k: 0,
            column: Column { byte: 0, col: 0 },
        };
        // The parser skips a byte-order mark at column 0 of a line (the
        // column moves on: a second mark, or `---` after it, is text).
        let bom = self.quote.is_none() && line.starts_with('\u{feff}');
        if bom {
            cur.k = 3;
        }
        // A document marker at column 0 ends any plain scalar; a directive
        // (`%`) is one only where a token starts.
        let directive = cur.at == At::Start && line.starts_with('%');
        if self.quote.is_none() && !bom && (doc_marker(line) || directive) {
            self.indents.unroll(-1);
            if directive {
                return Ok(());
            }
            cur.at = At::Start;
            cur.k = 3;
        }
        while cur.k < b.len() {
            let c = b[cur.k];
            if let Some(q) = self.quote {
                self.quoted(&mut cur, q, c);
                continue;
            }
            let prev_blank = cur.k == 0 || matches!(b[cur.k - 1], b' ' | b'\t');
            if c == b' ' || c == b'\t' {
                cur.k += 1;
                continue;
            }
            if c == b'#' && (prev_blank || cur.at == At::Start) {
                // It ends a plain scalar too: the next line starts afresh.
                cur.at = At::Start;
                break;
            }
            match cur.at {
                At::Start => self.token(&mut cur, c)?,
                At::Plain => self.plain(&mut cur, c)?,
            }
            cur.k += 1;
        }
        self.flow_plain = self.quote.is_none() && cur.at == At::Plain;
        // A plain scalar that ends a block line may go on in deeper lines.
        if self.quote.is_none()
            && self.depth == 0
            && cur.at == At::Plain
            && matches!(self.skip, Skip::None)
        {
            self.skip = Skip::Plain(self.indents.now);
        }
        Ok(())
    }

    /// Byte `c` inside a quoted scalar quoted by `q`: moves past it (and
    /// past an escape or a doubled quote).
    fn quoted(&mut self, cur: &mut Cursor, q: u8, c: u8) {
        if q == b'"' && c == b'\\' {
            cur.k += 2;
            return;
        }
        if c == q {
            if q == b'\'' && cur.next() == Some(&b'\'') {
                cur.k += 2;
                return;
            }
            // After a quoted scalar the parser takes whatever follows as a
            // new token: so does the guard.
            self.quote = None;
            cur.at = At::Start;
        }
        cur.k += 1;
    }

    /// One level deeper in `[…]` or `{…}`; refused past the limit.
    fn open(&mut self, cur: &Cursor) -> Result<(), Refused> {
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        if self.depth > self.limit {
            return Err(Refused::Deep(cur.place()));
        }
        Ok(())
    }

    /// Byte `c` where a token may start.
    fn token(&mut self, cur: &mut Cursor, c: u8) -> Result<(), Refused> {
        let flow = self.depth > 0;
        let next = cur.next();
        if !flow {
            let col = cur.col();
            self.indents.unroll(col as isize);
            if cur.key_col.is_none() {
                cur.key_col = Some(col);
            }
        }
        match c {
            b'[' | b'{' => self.open(cur)?,
            b']' | b'}' => self.depth = self.depth.saturating_sub(1),
            b'"' | b'\'' => self.quote = Some(c),
            // The indicators, as the parser reads them in any context: a
            // token still follows.
            b'-' | b'?' if blank(next) => {
                if !flow {
                    self.indents.roll(cur.col());
                    cur.key_col = None;
                }
            }
            b'?' if flow => {}
            b':' if blank(next) || flow => {
                if !flow && let Some(kc) = cur.key_col.take() {
                    self.indents.roll(kc);
                }
            }
            b',' => {}
            b'*' if self.aliases => return Err(Refused::Alias(cur.place())),
            b'&' | b'!' | b'*' => {
                // An anchor, a tag or an alias: one word.
                while cur.k + 1 < cur.b.len()
                    && !blank(cur.next())
                    && !(flow && flow_indicator(cur.next()))
                {
                    cur.k += 1;
                }
            }
            b'|' | b'>' if !flow => self.block_header(cur),
            _ => cur.at = At::Plain,
        }
        Ok(())
    }

    /// A block scalar: the deeper lines that follow are its text. An
    /// indentation indicator (`|2-`) fixes their indent; otherwise the first
    /// ones do.
    fn block_header(&mut self, cur: &mut Cursor) {
        let parent = self.indents.now;
        let digit = cur.b[cur.k + 1..]
            .iter()
            .take(2)
            .find(|c| c.is_ascii_digit())
            .map(|c| (c - b'0') as usize);
        self.skip = Skip::Block {
            parent,
            indent: digit.map(|d| parent.max(0) as usize + d),
        };
        self.blank_max = 0;
        // Past the header's indicators, anything but a comment is read on
        // as tokens, to be safe.
        while cur.k + 1 < cur.b.len() && matches!(cur.b[cur.k + 1], b'0'..=b'9' | b'+' | b'-') {
            cur.k += 1;
        }
    }

    /// Byte `c` inside a plain scalar: what ends it.
    fn plain(&mut self, cur: &mut Cursor, c: u8) -> Result<(), Refused> {
        let flow = self.depth > 0;
        let next = cur.next();
        match c {
            b':' if blank(next) || (flow && flow_indicator(next)) => {
                cur.at = At::Start;
                if !flow && let Some(kc) = cur.key_col.take() {
                    self.indents.roll(kc);
                }
            }
            b',' if flow => cur.at = At::Start,
            b'[' | b'{' if flow => {
                cur.at = At::Start;
                self.open(cur)?;
            }
            b']' | b'}' if flow => {
                self.depth -= 1;
                cur.at = At::Start;
            }
            _ => {}
        }
        Ok(())
    }
}
