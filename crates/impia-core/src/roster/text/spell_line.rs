//! A spell's numbers field in the roster's text: its level and DP, its hit
//! (R38) and its effect on the model it names, each a comma field.

use super::{fold, split_at};
use crate::roster::{SpellEffect, SpellHit};

/// `nivel 1, 1 PD` / `level 1, 1 DP` → (1, 1); after them, each in its
/// own comma field: a hit (R38) `impacto 4/1`, and the effect on the
/// model it names: `pavor +1`, `dureza -1`, `retira` (English: `hit 4/1`,
/// `fear +1`, `toughness -1`, `removes`).
pub(super) fn spell_numbers(s: &str) -> Option<(u32, u32, Option<SpellHit>, SpellEffect)> {
    let parts = split_at(s, ',');
    let (at, _) = *parts.get(2).unwrap_or(&(s.len() + 1, ""));
    let head = if at > s.len() {
        s
    } else {
        s[..at].trim_end().strip_suffix(',')?
    };
    let (level, cost) = parse_level(head)?;
    let mut hit = None;
    let mut effect = SpellEffect::default();
    let n = |t: &str| number(t.trim()).and_then(|n| i32::try_from(n).ok());
    let signed = |t: &str| {
        let t = t.trim();
        match t.strip_prefix('-').or_else(|| t.strip_prefix('−')) {
            Some(r) => n(r).map(|v| -v),
            None => n(t.strip_prefix('+').unwrap_or(t)),
        }
    };
    for (_, part) in parts.iter().skip(2) {
        let f = fold(part);
        if let Some(sp) = f.strip_prefix("impacto").or(f.strip_prefix("hit")) {
            let (strength, penetration) = sp.trim().split_once('/')?;
            hit = Some(SpellHit {
                strength: n(strength)?,
                penetration: n(penetration)?,
            });
        } else if let Some(v) = f.strip_prefix("pavor").or(f.strip_prefix("fear")) {
            effect.fear = signed(v)?;
        } else if let Some(v) = f.strip_prefix("dureza").or(f.strip_prefix("toughness")) {
            effect.toughness = signed(v)?;
        } else if matches!(f.trim(), "retira" | "removes") {
            effect.removed = true;
        } else {
            return None;
        }
    }
    Some((level, cost, hit, effect))
}

fn parse_level(s: &str) -> Option<(u32, u32)> {
    let parts = split_at(s, ',');
    let [(_, level), (_, cost)] = parts.as_slice() else {
        return None;
    };
    let level = fold(level);
    let word = level.trim_end_matches(|c: char| c.is_ascii_digit());
    if !matches!(
        word.trim().trim_end_matches('.'),
        "nivel" | "level" | "niv" | "lvl" | "lv"
    ) {
        return None;
    }
    let cost = fold(cost);
    let unit = cost.trim_start_matches(|c: char| c.is_ascii_digit());
    if !matches!(unit.trim(), "pd" | "dp") {
        return None;
    }
    Some((
        number(&level[word.len()..])?,
        number(&cost[..cost.len() - unit.len()])?,
    ))
}

/// A number made of ASCII digits only.
pub(super) fn number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spell_levels_read_in_both_languages() {
        assert_eq!(parse_level("nivel 2, 3 PD"), Some((2, 3)));
        assert_eq!(parse_level("Level 1, 1 DP"), Some((1, 1)));
        assert_eq!(parse_level("niv. 3, 2pd"), Some((3, 2)));
        assert_eq!(parse_level("nivel 2"), None);
        assert_eq!(parse_level("rango 2, 3 PD"), None);
        assert_eq!(parse_level("nivel 2, 3 PV"), None);
        assert_eq!(parse_level("nivel , 3 PD"), None);
        let hit = Some(SpellHit {
            strength: 4,
            penetration: 1,
        });
        let none = SpellEffect::default();
        assert_eq!(
            spell_numbers("nivel 2, 3 PD, impacto 4/1"),
            Some((2, 3, hit, none))
        );
        assert_eq!(
            spell_numbers("level 2, 3 DP, Hit 4 / 1"),
            Some((2, 3, hit, none))
        );
        assert_eq!(spell_numbers("nivel 2, 3 PD, impacto 4"), None);
        assert_eq!(spell_numbers("nivel 1, 1 PD"), Some((1, 1, None, none)));
        let fear = SpellEffect {
            fear: 1,
            ..SpellEffect::default()
        };
        assert_eq!(
            spell_numbers("nivel 1, 1 PD, pavor +1"),
            Some((1, 1, None, fear))
        );
        let worn = SpellEffect {
            toughness: -1,
            removed: true,
            ..SpellEffect::default()
        };
        assert_eq!(
            spell_numbers("level 3, 2 DP, toughness -1, removes"),
            Some((3, 2, None, worn))
        );
        assert_eq!(spell_numbers("nivel 1, 1 PD, pavor mucho"), None);
    }
}
