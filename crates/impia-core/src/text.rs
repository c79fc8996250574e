//! Names and texts in the two languages of the UI.

use serde::{Deserialize, Serialize};

/// The UI languages: Spanish (the summary's own words) and English.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    /// Pick the string of this language: `lang.pick("éxito", "success")`.
    pub fn pick<'a>(self, es: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Es => es,
            Lang::En => en,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }
}

/// A language name that is neither Spanish nor English; it holds the name
/// lower-cased.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language '{0}', expected 'es' or 'en'")]
pub struct LangError(pub String);

impl std::str::FromStr for Lang {
    type Err = LangError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "es" | "spanish" | "español" => Ok(Lang::Es),
            "en" | "english" | "inglés" => Ok(Lang::En),
            other => Err(LangError(other.to_string())),
        }
    }
}

/// A text in Spanish and English.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub es: String,
    pub en: String,
}

impl Text {
    pub fn new(es: impl Into<String>, en: impl Into<String>) -> Self {
        Text {
            es: es.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Es => &self.es,
            Lang::En => &self.en,
        }
    }

    /// A text in both languages from one renderer: a message kept to be
    /// shown later follows a change of language (one language per screen).
    pub fn each<S: Into<String>>(render: impl Fn(Lang) -> S) -> Self {
        Text {
            es: render(Lang::Es).into(),
            en: render(Lang::En).into(),
        }
    }
}

/// A signed number, the one way every client writes one (issue 34): `+2`,
/// `0` as `+0`, `-1`.
pub fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A number with one decimal, the one way every client writes one (issue
/// 34): a decimal comma in Spanish ("6,4"), a point in English ("6.4").
pub fn decimal(v: f64, l: Lang) -> String {
    let s = format!("{v:.1}");
    match l {
        Lang::Es => s.replace('.', ","),
        Lang::En => s,
    }
}

/// The most characters of a value a user wrote that an error message
/// quotes back (issue 32: a 1.5 MB id was echoed whole).
pub const MAX_ECHO_CHARS: usize = 60;

/// A value a user wrote (an id, a name, a flag's value) as an error quotes
/// it: its first line and at most [`MAX_ECHO_CHARS`] characters, "…" where
/// it was cut. Every message that echoes a user's value goes through it.
pub fn clip(value: &str) -> std::borrow::Cow<'_, str> {
    let line = value.split(['\n', '\r']).next().unwrap_or("");
    match line.char_indices().nth(MAX_ECHO_CHARS) {
        None if line.len() == value.len() => std::borrow::Cow::Borrowed(value),
        None => std::borrow::Cow::Owned(format!("{line}…")),
        Some((at, _)) => std::borrow::Cow::Owned(format!("{}…", &line[..at])),
    }
}

/// `text` safe to print on a terminal: every control character but the line
/// break and the tab is written as an escape (`\x1b`, `\u{9b}`), so a name
/// with an escape sequence in it cannot recolour, move or clear the screen;
/// so are the bidirectional controls and the line and paragraph separators
/// ([`is_hidden_control`]), so a name cannot reorder the rest of a line
/// (`U+202E`) or pass for two lines (`U+2028`).
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| (c.is_control() && c != '\n' && c != '\t') || is_hidden_control(c);
    if !text.chars().any(bad) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !bad(c) {
            out.push(c);
        } else if (c as u32) < 0x80 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Characters that are not `char::is_control` yet change how a terminal
/// shows the text around them: the bidirectional embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069), the direction marks (U+200E,
/// U+200F, U+061C) and the line and paragraph separators (U+2028, U+2029).
pub fn is_hidden_control(c: char) -> bool {
    matches!(
        c,
        '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{061c}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_keeps_a_short_value_and_cuts_a_long_one_to_its_first_line() {
        assert_eq!(clip("lobo"), "lobo");
        assert_eq!(
            clip(&"ñ".repeat(MAX_ECHO_CHARS)),
            "ñ".repeat(MAX_ECHO_CHARS)
        );
        let long = "ñ".repeat(1_500_000);
        assert_eq!(clip(&long), format!("{}…", "ñ".repeat(MAX_ECHO_CHARS)));
        assert_eq!(clip("a\nb"), "a…");
    }

    #[test]
    fn control_characters_are_escaped_and_lines_kept() {
        assert_eq!(
            escape_controls("a\u{1b}[31mb\u{9b}c\r\nd\te"),
            "a\\x1b[31mb\\u{9b}c\\x0d\nd\te"
        );
        assert!(matches!(
            escape_controls("Ñandú"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
