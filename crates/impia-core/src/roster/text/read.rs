//! Reading a roster back from text in either language. Every bad line is
//! reported (the first [`MAX_ERRORS`]), with its column and what was
//! expected; nothing a user pastes makes it panic or grow without bound.

use super::error::{LineKind, TextError, TextErrorKind, TextErrors};
use super::spell_line::{number, spell_numbers};
use super::{
    Kind, MAX_COUNT, MAX_ERRORS, MAX_ITEMS, MAX_LINE_BYTES, MAX_MODELS, MAX_TEXT_BYTES, Start,
    Unresolved, Vocab, fields, fold, is_leader_mark, line_start, split_at, split_count, unescape,
};
use crate::roster::{Model, ROSTER_VERSION, Roster, Spell, model_cost};
use crate::tables::RuleSet;

/// Read a roster from text written by [`super::to_text`] in either language,
/// or typed by hand in the same shape. The costs written in the text, when
/// present, must be what these tables make them, so the roster read has the
/// total its sender saw.
pub fn from_text(text: &str, rules: &RuleSet) -> Result<Roster, TextErrors> {
    let mut r = Reader {
        rules,
        vocab: Vocab::new(rules),
        errors: Vec::new(),
        more: 0,
        items: 0,
        items_full: false,
        models_full: false,
    };
    if text.len() > MAX_TEXT_BYTES {
        r.err(
            None,
            None,
            TextErrorKind::TooLarge {
                bytes: text.len(),
                limit: MAX_TEXT_BYTES,
            },
        );
        return Err(r.into_errors());
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut roster = Roster {
        version: ROSTER_VERSION,
        name: String::new(),
        points_limit: None,
        totem: None,
        models: Vec::new(),
    };
    // The header's written total and where it stands, checked at the end.
    let mut total: Option<(usize, usize, u32)> = None;
    let mut seen_header = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if let Some((col, kind)) = line_fault(raw) {
            r.err(Some(n), col, kind);
            continue;
        }
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let base = raw.len() - raw.trim_start().len();
        if !seen_header {
            seen_header = true;
            if line_start(line) == Start::Other {
                total = r.header(n, raw, base, &mut roster);
            } else {
                r.err(Some(n), Some(column(raw, base)), TextErrorKind::NoHeader);
            }
            continue;
        }
        match line_start(line) {
            Start::Model(off) => r.model(n, raw, base + off, &mut roster),
            Start::Spell(off) => r.spell(n, raw, base + off, &mut roster),
            Start::Totem(off) => {
                if roster.totem.is_some() {
                    r.err(Some(n), Some(column(raw, base)), TextErrorKind::SecondTotem);
                } else {
                    roster.totem = Some(unescape(raw[base + off..].trim()));
                }
            }
            Start::Other => r.err(
                Some(n),
                Some(column(raw, base)),
                TextErrorKind::UnknownLine {
                    found: line.to_string(),
                },
            ),
        }
    }
    if !seen_header {
        r.err(None, None, TextErrorKind::Empty);
    }
    if let Some(total) = total
        && r.errors.is_empty()
    {
        r.check_total(total, &roster);
    }
    if r.errors.is_empty() {
        Ok(roster)
    } else {
        Err(r.into_errors())
    }
}

/// A line too long, or with a control character in it: where and what is
/// wrong (the line is not read further).
fn line_fault(raw: &str) -> Option<(Option<usize>, TextErrorKind)> {
    let (bytes, limit) = (raw.len(), MAX_LINE_BYTES);
    if bytes > limit {
        return Some((None, TextErrorKind::LineTooLong { bytes, limit }));
    }
    let (at, c) = raw
        .char_indices()
        .find(|&(_, c)| c.is_control() && c != '\t')?;
    let code = c as u32;
    Some((Some(column(raw, at)), TextErrorKind::ControlChar { code }))
}

impl Reader<'_> {
    /// The header's written total (line, column, points) against what these
    /// tables make the roster cost.
    fn check_total(&mut self, (n, col, written): (usize, usize, u32), roster: &Roster) {
        let costs = roster.models.iter().map(|m| model_cost(m, self.rules));
        let computed = costs.fold(0, u32::saturating_add);
        if written != computed {
            let kind = TextErrorKind::TotalMismatch { written, computed };
            self.err(Some(n), Some(col), kind);
        }
    }
}

/// The 1-based column, in characters, of byte `at` of `line`.
fn column(line: &str, at: usize) -> usize {
    line.get(..at).map_or(1, |s| s.chars().count() + 1)
}

struct Reader<'a> {
    rules: &'a RuleSet,
    vocab: Vocab<'a>,
    errors: Vec<TextError>,
    more: usize,
    /// Items read so far (see [`MAX_ITEMS`]).
    items: usize,
    items_full: bool,
    models_full: bool,
}

impl<'a> Reader<'a> {
    fn err(&mut self, line: Option<usize>, column: Option<usize>, kind: TextErrorKind) {
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(TextError { line, column, kind });
        } else {
            self.more += 1;
        }
    }

    fn count(&self) -> usize {
        self.errors.len() + self.more
    }

    fn into_errors(self) -> TextErrors {
        TextErrors {
            errors: self.errors,
            more: self.more,
        }
    }

    /// `Name — 186 / 200 pts`: the name and limit into `roster`; the written
    /// total and its place are returned to be checked once the models are in.
    fn header(
        &mut self,
        n: usize,
        raw: &str,
        at: usize,
        roster: &mut Roster,
    ) -> Option<(usize, usize, u32)> {
        let f = fields(&raw[at..]);
        let col = |off: usize| Some(column(raw, at + off));
        match f.as_slice() {
            [(_, name)] => {
                roster.name = unescape(name);
                None
            }
            [(_, name), (off, points)] => {
                roster.name = unescape(name);
                match parse_points(points) {
                    Some((total, limit)) => {
                        roster.points_limit = limit;
                        Some((n, column(raw, at + off), total))
                    }
                    None => {
                        self.err(
                            Some(n),
                            col(*off),
                            TextErrorKind::BadPoints {
                                found: points.to_string(),
                            },
                        );
                        None
                    }
                }
            }
            [_, _, (off, _), ..] => {
                self.err(
                    Some(n),
                    col(*off),
                    TextErrorKind::TooManyFields {
                        line: LineKind::Header,
                    },
                );
                None
            }
            [] => None,
        }
    }

    /// `1. Name — Troop[, Leader] — Weapons: …; Armour: … — 40 pts`; the
    /// gear and the cost may be left out.
    fn model(&mut self, n: usize, raw: &str, at: usize, roster: &mut Roster) {
        if roster.models.len() >= MAX_MODELS {
            if !self.models_full {
                self.models_full = true;
                self.err(
                    Some(n),
                    None,
                    TextErrorKind::TooManyModels { limit: MAX_MODELS },
                );
            }
            return;
        }
        let f = fields(&raw[at..]);
        let errors_before = self.count();
        let mut m = Model {
            name: f.first().map(|(_, s)| unescape(s)).unwrap_or_default(),
            ..Default::default()
        };
        type Field<'s> = Option<(usize, &'s str)>;
        let (troop, gear, cost): (Field, Field, Field) = match f.as_slice() {
            [_] | [] => {
                self.err(
                    Some(n),
                    Some(column(raw, raw.trim_end().len())),
                    TextErrorKind::MissingTroop,
                );
                (None, None, None)
            }
            [_, t] => (Some(*t), None, None),
            [_, t, x] if x.1.starts_with(|c: char| c.is_ascii_digit()) => {
                (Some(*t), None, Some(*x))
            }
            [_, t, g] => (Some(*t), Some(*g), None),
            [_, t, g, c] => (Some(*t), Some(*g), Some(*c)),
            [_, _, _, _, (off, _), ..] => {
                self.err(
                    Some(n),
                    Some(column(raw, at + off)),
                    TextErrorKind::TooManyFields {
                        line: LineKind::Model,
                    },
                );
                (None, None, None)
            }
        };
        if let Some((off, t)) = troop {
            self.troop(n, raw, at + off, t, &mut m);
        }
        if let Some((off, g)) = gear {
            self.gear(n, raw, at + off, g, &mut m);
        }
        if let Some((off, c)) = cost {
            let col = Some(column(raw, at + off));
            match parse_points(c) {
                Some((written, None)) => {
                    // A cost is only comparable when the rest of the line read.
                    let computed = model_cost(&m, self.rules);
                    if self.count() == errors_before && written != computed {
                        self.err(
                            Some(n),
                            col,
                            TextErrorKind::CostMismatch { written, computed },
                        );
                    }
                }
                _ => self.err(
                    Some(n),
                    col,
                    TextErrorKind::BadCost {
                        found: c.to_string(),
                    },
                ),
            }
        }
        roster.models.push(m);
    }

    /// `Troop` or `Troop, Leader`, starting at byte `at` of `raw`.
    fn troop(&mut self, n: usize, raw: &str, at: usize, text: &str, m: &mut Model) {
        let parts = split_at(text, ',');
        for (k, (off, part)) in parts.into_iter().enumerate() {
            let col = Some(column(raw, at + off));
            if k == 0 {
                if part.is_empty() {
                    self.err(Some(n), col, TextErrorKind::MissingTroop);
                } else if let Some(id) = self.resolve(n, col, Kind::Troop, part) {
                    m.troop = id.to_string();
                }
            } else if is_leader_mark(part) {
                m.leader = true;
            } else {
                self.err(
                    Some(n),
                    col,
                    TextErrorKind::BadLeaderMark {
                        found: part.to_string(),
                    },
                );
            }
        }
    }

    /// `Weapons: a, b; Armour: c; Equipment: d ×2; Upgrades: e`.
    fn gear(&mut self, n: usize, raw: &str, at: usize, text: &str, m: &mut Model) {
        for (goff, group) in split_at(text, ';') {
            if group.is_empty() {
                continue;
            }
            let kind = group
                .split_once(':')
                .and_then(|(label, _)| Kind::from_label(&fold(label)));
            let (Some(kind), Some(colon)) = (kind, group.find(':')) else {
                self.err(
                    Some(n),
                    Some(column(raw, at + goff)),
                    TextErrorKind::BadGroup {
                        found: group.to_string(),
                    },
                );
                continue;
            };
            let items_at = at + goff + colon + 1;
            for (ioff, item) in split_at(&group[colon + 1..], ',') {
                if !item.is_empty() {
                    self.item(n, raw, items_at + ioff, kind, item, m);
                }
            }
        }
    }

    fn item(&mut self, n: usize, raw: &str, at: usize, kind: Kind, item: &str, m: &mut Model) {
        let col = Some(column(raw, at));
        let (name, count) = split_count(item);
        let count = match count {
            None => 1,
            Some(digits) => match digits.parse::<u32>() {
                Ok(c) if (1..=MAX_COUNT).contains(&c) => c as usize,
                _ => {
                    self.err(
                        Some(n),
                        col,
                        TextErrorKind::BadCount {
                            found: digits.to_string(),
                        },
                    );
                    return;
                }
            },
        };
        let Some(id) = self.resolve(n, col, kind, name) else {
            return;
        };
        if self.items + count > MAX_ITEMS {
            if !self.items_full {
                self.items_full = true;
                self.err(
                    Some(n),
                    col,
                    TextErrorKind::TooManyItems { limit: MAX_ITEMS },
                );
            }
            return;
        }
        self.items += count;
        let list = match kind {
            Kind::Armour => {
                if m.armour.is_some() || count > 1 {
                    self.err(Some(n), col, TextErrorKind::SecondArmour);
                } else {
                    m.armour = Some(id.to_string());
                }
                return;
            }
            Kind::Weapon => &mut m.weapons,
            Kind::Equipment => &mut m.equipment,
            Kind::Upgrade => &mut m.upgrades,
            // Troops are not gear: `gear` never passes this kind.
            Kind::Troop => return,
        };
        list.extend(std::iter::repeat_n(id.to_string(), count));
    }

    fn resolve(
        &mut self,
        n: usize,
        col: Option<usize>,
        kind: Kind,
        found: &str,
    ) -> Option<&'a str> {
        match self.vocab.resolve(kind, found) {
            Ok(id) => Some(id),
            Err(Unresolved::Unknown) => {
                let expected = self.vocab.names(kind);
                self.err(
                    Some(n),
                    col,
                    TextErrorKind::Unknown {
                        kind,
                        found: found.to_string(),
                        expected,
                    },
                );
                None
            }
            Err(Unresolved::Ambiguous(ids)) => {
                self.err(
                    Some(n),
                    col,
                    TextErrorKind::Ambiguous {
                        kind,
                        found: found.to_string(),
                        ids,
                    },
                );
                None
            }
        }
    }

    /// `Spell: Name — level 1, 1 DP — Effect`, for the model above it.
    fn spell(&mut self, n: usize, raw: &str, at: usize, roster: &mut Roster) {
        let Some(m) = roster.models.last_mut() else {
            self.err(
                Some(n),
                Some(column(raw, raw.len() - raw.trim_start().len())),
                TextErrorKind::SpellBeforeModel,
            );
            return;
        };
        let f = fields(&raw[at..]);
        let col = |off: usize| Some(column(raw, at + off));
        match f.as_slice() {
            [(_, name), (off, level), rest @ ..] if rest.len() <= 1 => match spell_numbers(level) {
                Some((level, cost, hit, effect)) => m.spells.push(Spell {
                    name: unescape(name),
                    level,
                    cost,
                    text: rest.first().map(|(_, t)| unescape(t)).unwrap_or_default(),
                    hit,
                    effect,
                }),
                None => self.err(
                    Some(n),
                    col(*off),
                    TextErrorKind::BadSpellLevel {
                        found: level.to_string(),
                    },
                ),
            },
            [_, _, _, (off, _), ..] => self.err(
                Some(n),
                col(*off),
                TextErrorKind::TooManyFields {
                    line: LineKind::Spell,
                },
            ),
            _ => self.err(
                Some(n),
                Some(column(raw, raw.trim_end().len())),
                TextErrorKind::BadSpellLevel {
                    found: String::new(),
                },
            ),
        }
    }
}

/// `186 / 200 pts` → (186, Some(200)); `40 pts` or `40` → (40, None).
fn parse_points(s: &str) -> Option<(u32, Option<u32>)> {
    let unit = |s: &str| {
        let f = fold(s);
        let bare = ["puntos", "points", "pts", "pt", "p"]
            .iter()
            .find_map(|u| f.strip_suffix(u))
            .unwrap_or(&f)
            .trim_end_matches('.')
            .trim()
            .to_string();
        number(&bare)
    };
    match s.split_once('/') {
        Some((total, limit)) => Some((unit(total)?, Some(unit(limit)?))),
        None => Some((unit(s)?, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_with_or_without_limit() {
        assert_eq!(parse_points("186 / 200 pts"), Some((186, Some(200))));
        assert_eq!(parse_points("186/200"), Some((186, Some(200))));
        assert_eq!(parse_points("40 pts"), Some((40, None)));
        assert_eq!(parse_points("40 Puntos"), Some((40, None)));
        assert_eq!(parse_points("40"), Some((40, None)));
        assert_eq!(parse_points("cuarenta"), None);
        assert_eq!(parse_points("-4 pts"), None);
        assert_eq!(parse_points("99999999999 pts"), None);
        assert_eq!(parse_points("1 / x pts"), None);
    }
}
