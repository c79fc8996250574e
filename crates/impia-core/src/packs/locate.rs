//! Where a semantic error of a pack stands: the YAML parser places syntax and
//! type errors itself; a gap, an overlap or a bad cell is found by scanning
//! the text of the table it belongs to.

use crate::error::{DataError, Pos, locate_key, locate_key_value};

/// A region of a source text: the lines of one table.
#[derive(Clone, Copy, Debug)]
pub struct Region<'a> {
    pub file: &'a str,
    pub text: &'a str,
    /// First line (0-based) and one past the last.
    pub start: usize,
    pub end: usize,
}

impl<'a> Region<'a> {
    pub fn whole(file: &'a str, text: &'a str) -> Region<'a> {
        Region {
            file,
            text,
            start: 0,
            end: text.lines().count().max(1),
        }
    }

    fn body(&self) -> String {
        let lines: Vec<&str> = self
            .text
            .lines()
            .skip(self.start)
            .take(self.end - self.start)
            .collect();
        lines.join("\n")
    }

    fn shift(&self, p: Pos) -> Pos {
        Pos {
            line: p.line + self.start,
            column: p.column,
        }
    }

    /// The first line of the region, for errors that belong to the whole table.
    pub fn top(&self) -> Pos {
        Pos {
            line: self.start + 1,
            column: 1,
        }
    }

    pub fn key(&self, key: &str) -> Option<Pos> {
        locate_key(&self.body(), key).map(|p| self.shift(p))
    }

    pub fn key_value(&self, key: &str, value: &str, nth: usize) -> Option<Pos> {
        locate_key_value(&self.body(), key, value, nth).map(|p| self.shift(p))
    }

    /// `key`, else the table's top.
    pub fn key_or_top(&self, key: &str) -> Pos {
        self.key(key).unwrap_or(self.top())
    }

    pub fn err(&self, pos: Pos, msg: impl Into<String>) -> DataError {
        DataError::at(self.file, pos, msg)
    }

    /// Where line `line` (0-based) of the block scalar under `key:` (`grid: |`)
    /// stands, and the column of byte `offset` in it.
    pub fn in_block(&self, key: &str, line: usize, offset: usize) -> Option<Pos> {
        let k = self.key(key)?;
        let lines: Vec<&str> = self.text.lines().collect();
        // The block's indentation is that of its first non-blank line.
        let first = lines.iter().skip(k.line).find(|l| !l.trim().is_empty())?;
        let indent = first.len() - first.trim_start().len();
        let src_line = k.line + line; // k.line is 1-based: the next line is index k.line.
        if src_line >= lines.len() {
            return None;
        }
        Some(Pos {
            line: src_line + 1,
            column: indent + offset + 1,
        })
    }
}

/// The line spans of the items of the top-level `tables:` list, one per
/// table, if the list is written item by item (`- id: …`); `None` otherwise.
pub fn table_spans(text: &str, expected: usize) -> Option<Vec<(usize, usize)>> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("tables:") && l["tables:".len()..].trim().is_empty())?;
    let indent = |l: &str| l.len() - l.trim_start().len();
    let is_item = |l: &str| {
        let t = l.trim_start();
        t == "-" || t.starts_with("- ")
    };
    let first = (start + 1..lines.len()).find(|&i| {
        let t = lines[i].trim_start();
        !t.is_empty() && !t.starts_with('#')
    })?;
    if !is_item(lines[first]) {
        return None;
    }
    let item_indent = indent(lines[first]);
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut cur = first;
    let mut i = first + 1;
    while i < lines.len() {
        let l = lines[i];
        let t = l.trim_start();
        if t.is_empty() || t.starts_with('#') {
            i += 1;
            continue;
        }
        let ind = indent(l);
        if ind == item_indent && is_item(l) {
            spans.push((cur, i));
            cur = i;
        } else if ind < item_indent || (ind == item_indent && !is_item(l)) {
            break;
        }
        i += 1;
    }
    spans.push((cur, i));
    (spans.len() == expected).then_some(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_table_of_the_list() {
        let text = "pack: p\nname: P\ntables:\n  - id: a\n    dice: 1d6\n\n  - id: b\n    dice: 1d6\nother: 1\n";
        assert_eq!(table_spans(text, 2), Some(vec![(3, 6), (6, 8)]));
        assert_eq!(table_spans(text, 3), None);
    }

    #[test]
    fn places_a_token_of_a_block() {
        let text = "id: t\ngrid: |\n    a b\n    c dd\n";
        let r = Region::whole("f", text);
        // Line 1 of the block ("c dd"), byte 2 ("dd").
        assert_eq!(r.in_block("grid", 1, 2), Some(Pos { line: 4, column: 7 }));
    }
}
