//! What `from_text` could not read: every bad line, with its column and what
//! was expected, in either language.

use std::fmt;

use super::{Kind, MAX_COUNT};
use crate::glossary::{ARMOUR, LEADER, TOTEM};
use crate::text::{Lang, Text};

/// The kinds of line, for "this line has too many fields".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Header,
    Model,
    Spell,
}

/// What is wrong at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextErrorKind {
    TooLarge {
        bytes: usize,
        limit: usize,
    },
    LineTooLong {
        bytes: usize,
        limit: usize,
    },
    ControlChar {
        code: u32,
    },
    /// No line at all.
    Empty,
    /// The first line reads as a model, spell or totem line.
    NoHeader,
    TooManyFields {
        line: LineKind,
    },
    BadPoints {
        found: String,
    },
    BadCost {
        found: String,
    },
    MissingTroop,
    Unknown {
        kind: Kind,
        found: String,
        expected: Vec<Text>,
    },
    Ambiguous {
        kind: Kind,
        found: String,
        ids: Vec<String>,
    },
    BadLeaderMark {
        found: String,
    },
    BadGroup {
        found: String,
    },
    BadCount {
        found: String,
    },
    SecondArmour,
    SecondTotem,
    BadSpellLevel {
        found: String,
    },
    SpellBeforeModel,
    UnknownLine {
        found: String,
    },
    TooManyModels {
        limit: usize,
    },
    TooManyItems {
        limit: usize,
    },
    CostMismatch {
        written: u32,
        computed: u32,
    },
    TotalMismatch {
        written: u32,
        computed: u32,
    },
}

/// The offending text quoted back, cut like every echoed value
/// ([`crate::text::clip`]).
fn quote(s: &str) -> String {
    format!("«{}»", crate::text::clip(s))
}

impl TextErrorKind {
    /// The message in `l`.
    // One arm per kind, both languages side by side: the compiler points here at a new kind.
    #[allow(clippy::too_many_lines)]
    pub fn message(&self, l: Lang) -> String {
        use TextErrorKind::*;
        match self {
            TooLarge { bytes, limit } => match l {
                Lang::Es => format!("el texto tiene {bytes} bytes; se leen como mucho {limit}"),
                Lang::En => format!("the text is {bytes} bytes; at most {limit} are read"),
            },
            LineTooLong { bytes, limit } => match l {
                Lang::Es => format!("la línea tiene {bytes} bytes; como mucho {limit}"),
                Lang::En => format!("the line is {bytes} bytes long; at most {limit}"),
            },
            ControlChar { code } => match l {
                Lang::Es => format!(
                    "carácter de control U+{code:04X}; dentro de un nombre se escribe \\u{{{code:x}}}"
                ),
                Lang::En => format!(
                    "control character U+{code:04X}; inside a name write it as \\u{{{code:x}}}"
                ),
            },
            Empty => l
                .pick(
                    "el texto está vacío; se esperaba la línea de la banda: «Nombre — 186 / 200 pts»",
                    "the text is empty; expected the warband's line: «Name — 186 / 200 pts»",
                )
                .to_string(),
            NoHeader => l
                .pick(
                    "la primera línea debe ser la de la banda: «Nombre — 186 / 200 pts»",
                    "the first line must be the warband's: «Name — 186 / 200 pts»",
                )
                .to_string(),
            TooManyFields { line } => {
                let shape = match (line, l) {
                    (LineKind::Header, Lang::Es) => "«Nombre — 186 / 200 pts»".to_string(),
                    (LineKind::Header, Lang::En) => "«Name — 186 / 200 pts»".to_string(),
                    (LineKind::Model, Lang::Es) => format!(
                        "«1. Nombre — Tropa[, {}] — Armas: …; {}: …; Equipo: …; Mejoras: … — 40 pts»",
                        LEADER.es, ARMOUR.es
                    ),
                    (LineKind::Model, Lang::En) => format!(
                        "«1. Name — Troop[, {}] — Weapons: …; {}: …; Equipment: …; Upgrades: … — 40 pts»",
                        LEADER.en, ARMOUR.en
                    ),
                    (LineKind::Spell, Lang::Es) => {
                        "«Hechizo: Nombre — nivel 1, 1 PD — Efecto»".to_string()
                    }
                    (LineKind::Spell, Lang::En) => "«Spell: Name — level 1, 1 DP — Effect»".to_string(),
                };
                match l {
                    Lang::Es => format!(
                        "demasiados «—»; se esperaba {shape} (un «—» dentro de un nombre se escribe \\—)"
                    ),
                    Lang::En => format!(
                        "too many «—»; expected {shape} (a «—» inside a name is written \\—)"
                    ),
                }
            }
            BadPoints { found } => match l {
                Lang::Es => format!(
                    "{} no son puntos; se esperaba «186 / 200 pts» (total / límite) o «186 pts»",
                    quote(found)
                ),
                Lang::En => format!(
                    "{} is not points; expected «186 / 200 pts» (total / limit) or «186 pts»",
                    quote(found)
                ),
            },
            BadCost { found } => match l {
                Lang::Es => format!(
                    "{} no es un coste; se esperaba «40 pts»",
                    quote(found)
                ),
                Lang::En => format!("{} is not a cost; expected «40 pts»", quote(found)),
            },
            MissingTroop => l
                .pick(
                    "falta la tropa; se esperaba «1. Nombre — Tropa — … — 40 pts»",
                    "the troop is missing; expected «1. Name — Troop — … — 40 pts»",
                )
                .to_string(),
            Unknown {
                kind,
                found,
                expected,
            } => {
                let names: Vec<&str> = expected.iter().map(|t| t.get(l)).collect();
                match l {
                    Lang::Es => format!(
                        "{} no está entre {}; se esperaba uno de: {}",
                        quote(found),
                        kind.noun(l),
                        names.join(", ")
                    ),
                    Lang::En => format!(
                        "{} is not among the {}; expected one of: {}",
                        quote(found),
                        kind.noun(l),
                        names.join(", ")
                    ),
                }
            }
            Ambiguous { kind, found, ids } => match l {
                Lang::Es => format!(
                    "{} nombra a más de uno entre {} ({}); escribe el id",
                    quote(found),
                    kind.noun(l),
                    ids.join(", ")
                ),
                Lang::En => format!(
                    "{} names more than one of the {} ({}); write the id",
                    quote(found),
                    kind.noun(l),
                    ids.join(", ")
                ),
            },
            BadLeaderMark { found } => match l {
                Lang::Es => format!(
                    "{} tras la tropa; solo cabe «{}»",
                    quote(found),
                    LEADER.es
                ),
                Lang::En => format!(
                    "{} after the troop; only «{}» may follow it",
                    quote(found),
                    LEADER.en
                ),
            },
            BadGroup { found } => match l {
                Lang::Es => format!(
                    "{}: se esperaba «Armas: …», «{}: …», «Equipo: …» o «Mejoras: …», separados por «;»",
                    quote(found),
                    ARMOUR.es
                ),
                Lang::En => format!(
                    "{}: expected «Weapons: …», «{}: …», «Equipment: …» or «Upgrades: …», separated by «;»",
                    quote(found),
                    ARMOUR.en
                ),
            },
            BadCount { found } => match l {
                Lang::Es => format!(
                    "cantidad {}: se esperaba un número de 1 a {MAX_COUNT}",
                    quote(found)
                ),
                Lang::En => format!(
                    "count {}: expected a number from 1 to {MAX_COUNT}",
                    quote(found)
                ),
            },
            SecondArmour => l
                .pick(
                    "un segundo blindaje; una miniatura lleva como mucho uno (R36)",
                    "a second armour; a model wears at most one (R36)",
                )
                .to_string(),
            SecondTotem => l
                .pick(
                    "un segundo Tótem; la banda tiene uno (R33)",
                    "a second totem; a warband has one (R33)",
                )
                .to_string(),
            BadSpellLevel { found } => match l {
                Lang::Es => format!(
                    "{}: se esperaba «nivel 1, 1 PD»",
                    quote(found)
                ),
                Lang::En => format!("{}: expected «level 1, 1 DP»", quote(found)),
            },
            SpellBeforeModel => l
                .pick(
                    "un hechizo antes de cualquier miniatura; va en la línea siguiente a la de su miniatura",
                    "a spell before any model; it goes on the line after its model's",
                )
                .to_string(),
            UnknownLine { found } => match l {
                Lang::Es => format!(
                    "{}: se esperaba una miniatura («1. Nombre — Tropa — … — 40 pts»), un hechizo («Hechizo: …») o el {1} («{1}: …»)",
                    quote(found),
                    TOTEM.es
                ),
                Lang::En => format!(
                    "{}: expected a model («1. Name — Troop — … — 40 pts»), a spell («Spell: …») or the totem («{}: …»)",
                    quote(found),
                    TOTEM.en
                ),
            },
            TooManyModels { limit } => match l {
                Lang::Es => format!("más de {limit} miniaturas; no se leen más"),
                Lang::En => format!("more than {limit} models; no more are read"),
            },
            TooManyItems { limit } => match l {
                Lang::Es => format!("más de {limit} objetos en la banda; no se leen más"),
                Lang::En => format!("more than {limit} items in the warband; no more are read"),
            },
            CostMismatch { written, computed } => match l {
                Lang::Es => format!(
                    "el texto dice {written} pts, pero con estas tablas la miniatura cuesta {computed} pts"
                ),
                Lang::En => format!(
                    "the text says {written} pts, but with these tables the model costs {computed} pts"
                ),
            },
            TotalMismatch { written, computed } => match l {
                Lang::Es => format!(
                    "el texto dice {written} pts en total, pero las miniaturas suman {computed} pts"
                ),
                Lang::En => format!(
                    "the text says {written} pts in all, but the models add up to {computed} pts"
                ),
            },
        }
    }
}

impl fmt::Display for TextErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

/// One problem, at a line (1-based; `None` for the whole text) and a column
/// (1-based, in characters).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct TextError {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub kind: TextErrorKind,
}

impl TextError {
    /// `línea 3, columna 12: …` / `line 3, column 12: …`.
    pub fn describe(&self, l: Lang) -> String {
        let place = match (self.line, self.column) {
            (Some(n), Some(c)) => format!(
                "{} {n}, {} {c}: ",
                l.pick("línea", "line"),
                l.pick("columna", "column")
            ),
            (Some(n), None) => format!("{} {n}: ", l.pick("línea", "line")),
            _ => String::new(),
        };
        format!("{place}{}", self.kind.message(l))
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Lang::En))
    }
}

/// Every problem of a text (the first [`super::MAX_ERRORS`]), in line order,
/// and how many more there were.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct TextErrors {
    pub errors: Vec<TextError>,
    pub more: usize,
}

impl TextErrors {
    /// One line per problem in `l`, and a last line for those left out.
    pub fn lines(&self, l: Lang) -> Vec<String> {
        let mut out: Vec<String> = self.errors.iter().map(|e| e.describe(l)).collect();
        if self.more > 0 {
            out.push(match l {
                Lang::Es => format!("… y {} problemas más", self.more),
                Lang::En => format!("… and {} more problems", self.more),
            });
        }
        out
    }
}

impl fmt::Display for TextErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines(Lang::En).join("\n"))
    }
}
