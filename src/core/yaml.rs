//! YAML with bounds: every YAML text impia reads goes through [`check`] (or
//! [`from_str`], which checks then parses), so that no file can make a load
//! hang or eat the memory.
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
//! No file impia writes uses either, so [`check`] refuses both, in two
//! steps. A small scanner that follows the parser's tokens (its block
//! indentation, block and quoted scalars, comments, byte-order marks,
//! every kind of line break) refuses `[` and `{` nested past
//! [`MAX_FLOW_DEPTH`] and any alias (`*name`), with file, line and column,
//! before the parser sees them; anchors alone (`&name`) are harmless and
//! allowed. Then, as a backstop in case some odd text hid an alias from the
//! scanner, the parser itself walks the document, following every alias,
//! and stops once it has met more values than the text could hold without
//! aliases. `tests/fuzz_loaders.rs` holds the scanner against the parser
//! over millions of generated texts.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Visitor};

use crate::core::error::{DataError, Pos};

/// The deepest nesting of `[` and `{` accepted. Impia's files use two or
/// three levels; `yaml_serde` refuses documents nested past 128 anyway.
pub const MAX_FLOW_DEPTH: usize = 64;

/// Check a YAML text (see the module's comment), then parse it; `file`
/// names it in errors.
pub fn from_str<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    // A byte order mark would otherwise be read as part of the first key.
    let text = crate::core::fsutil::strip_bom(text);
    check(file, text)?;
    serde_yaml::from_str(text).map_err(|e| DataError::yaml(file, &e))
}

/// Refuse a YAML text that nests `[`/`{` past [`MAX_FLOW_DEPTH`] or uses
/// an alias. A text the parser refuses for another reason passes: its
/// parse gives the error.
pub fn check(file: &str, text: &str) -> Result<(), DataError> {
    check_tokens(file, text)?;
    check_expansion(file, text)
}

// --- Aliases: the parser walks the document within a budget. ---------------

/// Values a text of `len` bytes may hold: without aliases each takes at
/// least a byte or two of text.
fn budget(len: usize) -> u64 {
    2 * len as u64 + 1024
}

/// Counts every value the parser hands over, aliases followed.
struct Count<'a> {
    seen: &'a Cell<u64>,
    budget: u64,
}

impl Count<'_> {
    fn tick<E: de::Error>(&self) -> Result<(), E> {
        self.seen.set(self.seen.get() + 1);
        if self.seen.get() > self.budget {
            return Err(E::custom(format!(
                "this file's aliases (`*name`) expand it past {} values; write the values out in full",
                self.budget
            )));
        }
        Ok(())
    }

    fn again(&self) -> Count<'_> {
        Count {
            seen: self.seen,
            budget: self.budget,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Count<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Count<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.tick()
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.tick()
    }
    fn visit_i128<E: de::Error>(self, _: i128) -> Result<(), E> {
        self.tick()
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.tick()
    }
    fn visit_u128<E: de::Error>(self, _: u128) -> Result<(), E> {
        self.tick()
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.tick()
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        self.tick()
    }
    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<(), E> {
        self.tick()
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.tick()
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.tick()
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.tick()?;
        self.again().deserialize(d)
    }
    fn visit_newtype_struct<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.tick()?;
        self.again().deserialize(d)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.tick()?;
        while seq.next_element_seed(self.again())?.is_some() {}
        Ok(())
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.tick()?;
        while map.next_key_seed(self.again())?.is_some() {
            map.next_value_seed(self.again())?;
        }
        Ok(())
    }
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        // A tagged value (`!tag value`).
        use de::VariantAccess;
        self.tick()?;
        let ((), variant) = data.variant_seed(self.again())?;
        variant.newtype_variant_seed(self.again())
    }
}

fn check_expansion(file: &str, text: &str) -> Result<(), DataError> {
    // An alias starts with `*`: a text without one needs no walk.
    if !text.contains('*') {
        return Ok(());
    }
    let seen = Cell::new(0);
    let count = Count {
        seen: &seen,
        budget: budget(text.len()),
    };
    let walked = count.deserialize(serde_yaml::Deserializer::from_str(text));
    match walked {
        Err(e) if seen.get() > budget(text.len()) => Err(DataError::yaml(file, &e)),
        // Any other error is the parse's to report, with its own words.
        _ => Ok(()),
    }
}

// --- The scanner: nesting and aliases, token by token as the parser reads. -

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
enum Refused {
    /// A bracket past the depth limit.
    Deep(Pos),
    /// An alias.
    Alias(Pos),
}

/// Refuse `[`/`{` nested past [`MAX_FLOW_DEPTH`] and any alias, at its place.
fn check_tokens(file: &str, text: &str) -> Result<(), DataError> {
    match scan(text, MAX_FLOW_DEPTH, true) {
        Ok(_) => Ok(()),
        Err(Refused::Deep(pos)) => Err(DataError::at(
            file,
            pos,
            format!(
                "`[` and `{{` nested more than {MAX_FLOW_DEPTH} deep; impia files need a few levels"
            ),
        )),
        Err(Refused::Alias(pos)) => Err(DataError::at(
            file,
            pos,
            "YAML aliases (`*name`) are not read in impia files: write the value out in full",
        )),
    }
}

/// How deep the parser will nest `[` and `{` in `text`, as the guard's
/// scanner finds it (for tests that hold it against the parser).
pub fn flow_depth(text: &str) -> usize {
    match scan(text, usize::MAX, false) {
        Ok(d) => d,
        Err(_) => usize::MAX,
    }
}

/// The deepest flow nesting of `text`, or the place of the first bracket
/// past `limit` (or of the first alias, with `aliases`).
fn scan(text: &str, limit: usize, aliases: bool) -> Result<usize, Refused> {
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

/// Whether a YAML text is a pack file: it has a top-level `pack:` key.
/// Other YAML files of a `--tables` folder are rule tables. Here, below
/// both loaders, so `tables` need not import `packs`.
pub fn is_pack_file(text: &str) -> bool {
    crate::core::fsutil::strip_bom(text)
        .lines()
        .any(|l| l.starts_with("pack:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Option<String> {
        check("t.yaml", text).err().map(|e| e.to_string())
    }

    /// Nesting one past the limit, to find where the scanner reads tokens.
    fn deep() -> String {
        "[".repeat(MAX_FLOW_DEPTH + 1)
    }

    #[test]
    fn deep_flow_nesting_is_refused_with_its_place_and_shallow_is_read() {
        let e = refused(&format!("a: {}{}\n", deep(), "]".repeat(65))).unwrap_or_default();
        assert!(e.starts_with("t.yaml:1:68:"), "{e}");
        assert!(e.contains("nested more than 64"), "{e}");
        assert!(refused(&"{a: ".repeat(100_000)).is_some());
        let ok = format!("a: {}{}\n", "[".repeat(64), "]".repeat(64));
        assert_eq!(refused(&ok), None);
        // Balanced brackets on many lines never add up.
        assert_eq!(refused(&"weapons: [a, b]\n".repeat(1000)), None);
        assert_eq!(refused(&"text: see [1\n".repeat(1000)), None);
    }

    #[test]
    fn brackets_inside_text_are_not_nesting() {
        let d = deep();
        for ok in [
            format!("notes: \"{d}\"\n"),
            format!("notes: '{d}'\n"),
            format!("notes: 'it''s {d}'\n"),
            format!("notes: |-\n  {d}\n  otra\nname: x\n"),
            format!("notes: >\n\n    {d}\n    {d}\nname: a\n"),
            format!("notes: línea\n  {d}\n"),
            format!("# {d}\na: b # {d}\n"),
            format!("- {{\"action\":\"note\",\"text\":\"{d}\"}}\n"),
            // The writer's `|2-` for a text whose first line starts with spaces.
            format!("- name: |2-\n     #\n    {d}\n  troop: x\n"),
            format!("- - |-\n      a\n      {d}\n"),
        ] {
            assert_eq!(refused(&ok), None, "{ok:?}");
        }
    }

    #[test]
    fn brackets_the_parser_reads_as_tokens_are_counted() {
        let d = deep();
        for bad in [
            // The deep blank line sets the block's indent to 8.
            format!("a: |\n        \n  {d}\n"),
            format!("a: |\n  x\n {d}\n"),
            format!("- a: |\n    x\n  b: {d}\n"),
            format!("- name: |2-\n     #\n   {d}\n"),
            // A sibling key does not continue a plain scalar.
            format!("models:\n  - name: a\n    weapons: {d}\n"),
            // A comment ends a plain scalar; so does a document marker.
            format!("a: b\n  # c\n  {d}\n"),
            format!("a\n--- {d}\n"),
            // After a quoted scalar the parser reads a new token.
            format!("a: ''{d}\n"),
            // Byte-order marks: skipped at column 0 only.
            format!("\u{feff}{d}\n"),
            format!("\n\u{feff}{d}\n"),
            format!("a: b\u{2028}c: {d}\n"),
            format!("{{-x\\\"\r\"%, {d}"),
            format!("? x y}}\u{2028}\n  \"\u{2028}{d}"),
        ] {
            assert!(refused(&bad).is_some(), "{bad:?}");
        }
    }

    #[test]
    fn an_alias_is_refused_with_its_place() {
        let e = refused("name: &n x\nmodels:\n  - name: *n\n").unwrap_or_default();
        assert!(
            e.starts_with("t.yaml:3:11:") && e.contains("aliases"),
            "{e}"
        );
        for bad in [
            // Found by the differential fuzz: `%` inside a plain scalar,
            // and columns after a byte-order mark.
            "{x y\u{2028}%a, *x}",
            "[? ], \n   *x",
            "\u{feff}:x[\t[? {*xa  : \\\"\\\"---\r  }\u{feff}\n *x: ",
            "a: [b, *c]\n",
            "- *c\n",
            "--- *x\n",
            "a: &x !!str *y\n",
            "a: ''*x\n",
        ] {
            assert!(refused(bad).is_some(), "{bad:?}");
        }
        for ok in [
            "notes: 2 * 3\n",
            "notes: '*x'\n",
            "notes: |-\n  * una viñeta\n  * otra\nname: x\n",
            "notes: línea\n  *continúa\n",
            "a: &ancla 1\n",
        ] {
            assert_eq!(refused(ok), None, "{ok:?}");
        }
        // A broken file passes: its parse says what is wrong.
        assert_eq!(refused("a: [\n"), None);
    }

    #[test]
    fn the_parser_walk_stops_aliases_that_multiply_a_file() {
        let ids = vec!["mace"; 200].join(",");
        let mut wide = format!("a: &w [{ids}]\nb:\n");
        for _ in 0..200 {
            wide.push_str("  - *w\n");
        }
        let e = check_expansion("t.yaml", &wide)
            .err()
            .map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(
            e.starts_with("t.yaml:") && e.contains("expand it past"),
            "{e}"
        );
        assert!(check_expansion("t.yaml", "name: &n Ulrak\nmodels:\n  - name: *n\n").is_ok());
    }
}
