//! A roster as plain text for a chat, and back: `to_text` writes it in one
//! language, `from_text` reads it in either (names in Spanish or English, any
//! case, with or without accents, or the data ids). The format is in
//! `docs/ROSTER-FORMAT.md`, "A roster as text".
//!
//! Fields are split by `—`; a `—`, `–` or `\` inside a name is written with a
//! backslash before it, so the names players choose (R32 Leader, R33 totem,
//! models, spells) can hold any character and still read back the same.

mod error;
mod read;
mod spell_line;
mod write;

pub use error::{LineKind, TextError, TextErrorKind, TextErrors};
pub use read::from_text;
pub use write::to_text;

use crate::tables::{MAX_FILE_BYTES, RuleSet};
use crate::text::{Lang, Text};

/// The field separator.
const SEP: char = '—';
/// Also read as a separator: phones turn `--` into either dash.
const SEP_ALT: char = '–';

/// The largest text read, as for roster files.
pub const MAX_TEXT_BYTES: usize = MAX_FILE_BYTES as usize;
/// The longest line read; a model with every item and a long name is < 1 KiB.
pub const MAX_LINE_BYTES: usize = 16 * 1024;
/// The most models a text may hold (a real warband has under 20).
pub const MAX_MODELS: usize = 1000;
/// The largest count after an item (`Hierbas místicas ×3`).
pub const MAX_COUNT: u32 = 99;
/// The most items (weapons, armour, equipment, upgrades) in a whole text, so
/// counts cannot blow a small text up into a huge roster.
pub const MAX_ITEMS: usize = 10_000;
/// The most errors listed; the rest are counted.
pub const MAX_ERRORS: usize = 100;

/// What a name in the text stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Troop,
    Weapon,
    Armour,
    Equipment,
    Upgrade,
}

impl Kind {
    /// The group label in a model line (`Armas: …`).
    fn label(self, l: Lang) -> &'static str {
        match self {
            Kind::Troop => l.pick("Tropa", "Troop"),
            Kind::Weapon => l.pick("Armas", "Weapons"),
            Kind::Armour => crate::glossary::ARMOUR.get(l),
            Kind::Equipment => l.pick("Equipo", "Equipment"),
            Kind::Upgrade => l.pick("Mejoras", "Upgrades"),
        }
    }

    /// A group label read back, folded (see [`fold`]).
    fn from_label(folded: &str) -> Option<Kind> {
        match folded {
            "armas" | "arma" | "weapons" | "weapon" => Some(Kind::Weapon),
            "blindaje" | "armadura" | "armour" | "armor" => Some(Kind::Armour),
            "equipo" | "equipment" => Some(Kind::Equipment),
            "mejoras" | "mejora" | "upgrades" | "upgrade" => Some(Kind::Upgrade),
            _ => None,
        }
    }

    /// The plural for error messages ("not among the weapons").
    pub fn noun(self, l: Lang) -> &'static str {
        match self {
            Kind::Troop => l.pick("las tropas", "troops"),
            Kind::Weapon => l.pick("las armas", "weapons"),
            Kind::Armour => l.pick("los blindajes", "armours"),
            Kind::Equipment => l.pick("el equipo", "equipment"),
            Kind::Upgrade => l.pick("las mejoras", "upgrades"),
        }
    }
}

/// One name a text may use for an id: its id, Spanish or English name.
struct Entry<'a> {
    kind: Kind,
    id: &'a str,
    name: &'a Text,
    keys: [String; 3],
}

/// The names of the tables, folded once for a whole text.
struct Vocab<'a> {
    entries: Vec<Entry<'a>>,
}

/// Why a name did not resolve.
enum Unresolved {
    Unknown,
    Ambiguous(Vec<String>),
}

impl<'a> Vocab<'a> {
    fn new(rules: &'a RuleSet) -> Self {
        let mut entries = Vec::new();
        let mut add = |kind: Kind, id: &'a str, name: &'a Text| {
            entries.push(Entry {
                kind,
                id,
                name,
                keys: [fold(id), fold(&name.es), fold(&name.en)],
            })
        };
        for t in &rules.troops {
            add(Kind::Troop, &t.id, &t.name);
        }
        for w in &rules.melee_weapons {
            add(Kind::Weapon, &w.id, &w.name);
        }
        for w in &rules.ranged_weapons {
            add(Kind::Weapon, &w.id, &w.name);
        }
        for a in &rules.armours {
            add(Kind::Armour, &a.id, &a.name);
        }
        for e in &rules.equipment {
            add(Kind::Equipment, &e.id, &e.name);
        }
        for u in &rules.upgrades {
            add(Kind::Upgrade, &u.id, &u.name);
        }
        Vocab { entries }
    }

    /// The id a name stands for in `kind`.
    fn resolve(&self, kind: Kind, found: &str) -> Result<&'a str, Unresolved> {
        let key = fold(found);
        let mut ids: Vec<&'a str> = Vec::new();
        for e in self.entries.iter().filter(|e| e.kind == kind) {
            if e.keys.contains(&key) && !ids.contains(&e.id) {
                ids.push(e.id);
            }
        }
        match ids.as_slice() {
            [] => Err(Unresolved::Unknown),
            [id] => Ok(id),
            _ => Err(Unresolved::Ambiguous(
                ids.iter().map(|s| s.to_string()).collect(),
            )),
        }
    }

    /// The names of `kind` in both languages, for "expected one of".
    fn names(&self, kind: Kind) -> Vec<Text> {
        self.entries
            .iter()
            .filter(|e| e.kind == kind)
            .map(|e| e.name.clone())
            .collect()
    }

    /// How to write `id` so that it reads back as itself: its name in `l`
    /// when that name is plain and unambiguous, else the id.
    fn write(&self, kind: Kind, id: &str, l: Lang) -> String {
        let Some(e) = self.entries.iter().find(|e| e.kind == kind && e.id == id) else {
            return id.to_string();
        };
        let name = e.name.get(l);
        let plain = !name.is_empty()
            && name.trim() == name
            && !name.contains([',', ';', ':', '\\', '×', SEP, SEP_ALT])
            && !name.chars().any(char::is_control)
            && split_count(name).1.is_none()
            && !is_leader_mark(name);
        if plain && matches!(self.resolve(kind, name), Ok(found) if found == id) {
            name.to_string()
        } else {
            id.to_string()
        }
    }
}

/// A name folded for comparison: lowercase, accents and `ñ` dropped, `_` as
/// a space, runs of spaces as one.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut gap = false;
    for c in s.chars().flat_map(char::to_lowercase) {
        let c = match c {
            'á' | 'à' | 'ä' | 'â' | 'ã' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' | 'õ' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            '_' => ' ',
            c => c,
        };
        if c.is_whitespace() {
            gap = !out.is_empty();
            continue;
        }
        if gap {
            out.push(' ');
            gap = false;
        }
        out.push(c);
    }
    out
}

/// `Líder`, `Leader` or `★` after the troop.
fn is_leader_mark(s: &str) -> bool {
    matches!(fold(s).as_str(), "lider" | "leader" | "★")
}

/// An item and the count after it: `Hierbas místicas ×3` → (`Hierbas
/// místicas`, Some("3")). `x` needs a space before it (`x3`), `×` does not.
fn split_count(item: &str) -> (&str, Option<&str>) {
    let t = item.trim();
    let base = t.trim_end_matches(|c: char| c.is_ascii_digit());
    if base.len() == t.len() {
        return (t, None);
    }
    let digits = &t[base.len()..];
    let before = base.trim_end();
    if let Some(name) = before.strip_suffix('×') {
        return (name.trim_end(), Some(digits));
    }
    if let Some(name) = before.strip_suffix(['x', 'X'])
        && (name.is_empty() || name.ends_with(char::is_whitespace))
    {
        return (name.trim_end(), Some(digits));
    }
    (t, None)
}

/// Free text (a name, a spell's effect) as it goes in a field: `\`, the
/// dashes and control characters escaped, and spaces at either end too, since
/// fields are trimmed when read.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let last = s.chars().count().saturating_sub(1);
    for (i, c) in s.chars().enumerate() {
        match c {
            '\\' => out.push_str("\\\\"),
            SEP | SEP_ALT => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || (c.is_whitespace() && (i == 0 || i == last)) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// The text of a field, escapes undone. An escape it does not know stays as
/// written, so a hand-typed `C:\datos` reads as typed.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().map(|&(_, n)| n) {
            Some(n @ ('\\' | SEP | SEP_ALT)) => {
                out.push(n);
                chars.next();
            }
            Some('n') => {
                out.push('\n');
                chars.next();
            }
            Some('r') => {
                out.push('\r');
                chars.next();
            }
            Some('t') => {
                out.push('\t');
                chars.next();
            }
            Some('u') => match unicode_escape(&s[i..]) {
                Some((ch, len)) => {
                    out.push(ch);
                    // Skip the rest of `\u{…}` (its chars are ASCII).
                    for _ in 1..len {
                        chars.next();
                    }
                }
                None => out.push('\\'),
            },
            _ => out.push('\\'),
        }
    }
    out
}

/// `\u{hex}` at the start of `s`: the char and the escape's length in bytes.
fn unicode_escape(s: &str) -> Option<(char, usize)> {
    let rest = s.strip_prefix("\\u{")?;
    let end = rest.find('}')?;
    let hex = &rest[..end];
    if hex.is_empty() || hex.len() > 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let ch = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
    Some((ch, 4 + end))
}

/// The pieces of `s` between unescaped separators, trimmed, each with its
/// byte offset in `s` (where its text starts).
fn fields(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == SEP || c == SEP_ALT {
            out.push(trimmed(s, start, i));
            start = i + c.len_utf8();
        }
    }
    out.push(trimmed(s, start, s.len()));
    out
}

/// `s[from..to]` trimmed, with the offset of its first kept byte.
fn trimmed(s: &str, from: usize, to: usize) -> (usize, &str) {
    let piece = &s[from..to];
    let lead = piece.len() - piece.trim_start().len();
    (from + lead, piece.trim())
}

/// The pieces of `s` between `sep`, trimmed, with their offsets (no escapes:
/// these lists hold table names only).
fn split_at(s: &str, sep: char) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        if c == sep {
            out.push(trimmed(s, start, i));
            start = i + c.len_utf8();
        }
    }
    out.push(trimmed(s, start, s.len()));
    out
}

/// The kinds of line after the first, by how they start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    /// `3. …`, `- …`, `* …`, `• …`: a model; the offset of its name.
    Model(usize),
    /// `Hechizo: …` / `Spell: …`; the offset after the colon.
    Spell(usize),
    /// `Tótem: …` / `Totem: …`; the offset after the colon.
    Totem(usize),
    Other,
}

fn line_start(s: &str) -> Start {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &s[digits..];
    let marker = if digits > 0 && digits <= 6 {
        rest.strip_prefix(['.', ')'])
    } else if digits == 0 {
        rest.strip_prefix(['-', '*', '•'])
    } else {
        None
    };
    if let Some(after) = marker
        && (after.is_empty() || after.starts_with(char::is_whitespace))
    {
        let name = after.trim_start();
        return Start::Model(s.len() - name.len());
    }
    if let Some(colon) = s.find(':')
        && colon <= 16
    {
        let after = colon + 1;
        match fold(&s[..colon]).as_str() {
            "hechizo" | "spell" => return Start::Spell(after),
            "totem" => return Start::Totem(after),
            _ => {}
        }
    }
    Start::Other
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_then_unescape_is_the_identity() {
        for s in [
            "",
            "plain",
            "a — b – c \\ d",
            " edge spaces ",
            "line\nbreak\ttab\r\u{7}bell",
            "\\u{41} is not an escape once escaped",
            "🐉 Ñandú: «fiero»",
        ] {
            let e = escape(s);
            assert_eq!(unescape(&e), s, "through {e:?}");
            assert!(!e.contains('\n'), "{e:?} keeps a line break");
            let f = fields(&e);
            assert_eq!(f.len(), 1, "{e:?} splits into {f:?}");
        }
    }

    #[test]
    fn unknown_escapes_read_as_typed() {
        assert_eq!(unescape("C:\\datos\\x"), "C:\\datos\\x");
        assert_eq!(unescape("\\u{zz} \\u{110000} \\"), "\\u{zz} \\u{110000} \\");
        assert_eq!(unescape("\\u{41}\\u{1F409}"), "A🐉");
    }

    #[test]
    fn fields_split_on_unescaped_dashes_only() {
        let f = fields("1. A \\— B — Héroe – 40 pts");
        let pieces: Vec<&str> = f.iter().map(|(_, p)| *p).collect();
        assert_eq!(pieces, ["1. A \\— B", "Héroe", "40 pts"]);
        assert_eq!(f[1].0, "1. A \\— B — ".len());
    }

    #[test]
    fn fold_ignores_case_accents_and_underscores() {
        assert_eq!(fold("  Filo   PEQUEÑO "), "filo pequeno");
        assert_eq!(fold("medium_blade"), "medium blade");
        assert_eq!(fold("Múltiples cabezas"), "multiples cabezas");
    }

    #[test]
    fn counts_need_a_marker() {
        assert_eq!(
            split_count("Hierbas místicas ×3"),
            ("Hierbas místicas", Some("3"))
        );
        assert_eq!(
            split_count("Mystic herbs x 12"),
            ("Mystic herbs", Some("12"))
        );
        assert_eq!(
            split_count("Hierbas místicas×2"),
            ("Hierbas místicas", Some("2"))
        );
        assert_eq!(split_count("Box2"), ("Box2", None));
        assert_eq!(split_count("Lanza 2"), ("Lanza 2", None));
    }

    #[test]
    fn lines_are_told_by_how_they_start() {
        assert_eq!(line_start("12. Nuño"), Start::Model(4));
        assert_eq!(line_start("- Nuño"), Start::Model(2));
        assert_eq!(line_start("1.5 kg"), Start::Other);
        assert_eq!(line_start("Hechizo: X"), Start::Spell(8));
        assert_eq!(line_start("SPELL: X"), Start::Spell(6));
        // Both languages' word for the totem, as the glossary spells it.
        let es = format!("{}: Urna", crate::glossary::TOTEM.es);
        assert_eq!(line_start(&es), Start::Totem(7));
        let en = format!("{}:", crate::glossary::TOTEM.en);
        assert_eq!(line_start(&en), Start::Totem(6));
        assert_eq!(line_start("La banda: sin nada"), Start::Other);
    }
}
