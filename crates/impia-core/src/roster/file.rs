//! Reading and writing roster files: strict YAML with file:line:col errors,
//! unknown ids refused at load, atomic saves that keep the models' order.

use std::path::Path;

use super::Roster;
use crate::error::{DataError, Pos, locate_key};
use crate::fsutil::write_atomic;
use crate::tables::{MAX_FILE_BYTES, RuleSet, read_text};

/// The roster format this impia writes and reads.
pub const ROSTER_VERSION: u32 = 1;

/// Where `token` stands as a whole word after `key:` (block or flow list),
/// the `nth` time: points an unknown-id error at its place.
fn locate_id(src: &str, key: &str, token: &str, nth: usize) -> Option<Pos> {
    let mut seen = 0;
    let mut in_key = false;
    let mut key_indent = 0usize;
    for (i, line) in src.lines().enumerate() {
        let code = line.split(" #").next().unwrap_or("");
        let indent = code.len() - code.trim_start().len();
        let body = code.trim_start();
        let body_nodash = body.strip_prefix("- ").unwrap_or(body).trim_start();
        let starts_key = body_nodash
            .strip_prefix(key)
            .is_some_and(|r| r.trim_start().starts_with(':'));
        let search_from = if starts_key {
            in_key = true;
            key_indent = indent;
            code.len() - body_nodash.len() + key.len()
        } else if in_key && (indent > key_indent || body.starts_with("- ")) && !body.contains(':') {
            // A block list item under the key.
            0
        } else {
            in_key = false;
            continue;
        };
        let hay = &code[search_from.min(code.len())..];
        let mut start = 0;
        while let Some(off) = hay[start..].find(token) {
            let at = start + off;
            let before = hay[..at].chars().next_back();
            let after = hay[at + token.len()..].chars().next();
            let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            if !is_word(before) && !is_word(after) {
                if seen == nth {
                    return Some(Pos {
                        line: i + 1,
                        column: search_from + at + 1,
                    });
                }
                seen += 1;
            }
            start = at + token.len();
        }
    }
    None
}

fn id_error(
    file: &str,
    src: &str,
    key: &str,
    id: &str,
    nth: usize,
    what: &str,
    known: &[&str],
) -> DataError {
    let pos = locate_id(src, key, id, nth)
        .or_else(|| locate_key(src, key))
        .unwrap_or(Pos { line: 1, column: 1 });
    DataError::at(
        file,
        pos,
        format!(
            "unknown {what} '{}', expected one of: {}",
            crate::text::clip(id),
            known.join(", ")
        ),
    )
}

/// Parse a roster text; `file` names it in errors. Unknown keys, wrong types
/// and unknown ids are errors with line and column.
pub fn parse_roster(file: &str, src: &str, rules: &RuleSet) -> Result<Roster, DataError> {
    if src.trim().is_empty() {
        return Err(DataError::whole(
            file,
            "the file is empty; a roster needs at least a `name:` and `models:`",
        ));
    }
    let roster: Roster = crate::yaml::from_str(file, src)?;
    if roster.version > ROSTER_VERSION {
        let pos = locate_key(src, "version").unwrap_or(Pos { line: 1, column: 1 });
        return Err(DataError::at(
            file,
            pos,
            format!(
                "this roster is format version {}, written by a newer impia; this impia reads version {ROSTER_VERSION} — update impia to open it",
                roster.version
            ),
        ));
    }
    if roster.version == 0 {
        let pos = locate_key(src, "version").unwrap_or(Pos { line: 1, column: 1 });
        return Err(DataError::at(file, pos, "version must be 1 or more"));
    }
    check_ids(file, src, &roster, rules)?;
    Ok(roster)
}

fn check_ids(file: &str, src: &str, roster: &Roster, rules: &RuleSet) -> Result<(), DataError> {
    let troops: Vec<&str> = rules.troops.iter().map(|t| t.id.as_str()).collect();
    let weapons: Vec<&str> = rules
        .melee_weapons
        .iter()
        .map(|w| w.id.as_str())
        .chain(rules.ranged_weapons.iter().map(|w| w.id.as_str()))
        .collect();
    let armours: Vec<&str> = rules.armours.iter().map(|a| a.id.as_str()).collect();
    let equipment: Vec<&str> = rules.equipment.iter().map(|e| e.id.as_str()).collect();
    let upgrades: Vec<&str> = rules.upgrades.iter().map(|u| u.id.as_str()).collect();
    // The first unknown id stops the load, so it is the first time that
    // token stands under its key: point at occurrence 0.
    let check = |key: &'static str, id: &str, what: &str, known: &[&str]| {
        if known.contains(&id) {
            Ok(())
        } else {
            Err(id_error(file, src, key, id, 0, what, known))
        }
    };
    for m in &roster.models {
        check("troop", &m.troop, "troop", &troops)?;
        for w in &m.weapons {
            check("weapons", w, "weapon", &weapons)?;
        }
        if let Some(a) = &m.armour {
            check("armour", a, "armour", &armours)?;
        }
        for e in &m.equipment {
            check("equipment", e, "equipment", &equipment)?;
        }
        for u in &m.upgrades {
            check("upgrades", u, "upgrade", &upgrades)?;
        }
    }
    Ok(())
}

/// Read and parse a roster file.
pub fn load_roster(path: &Path, rules: &RuleSet) -> Result<Roster, DataError> {
    let text = read_text(path, MAX_FILE_BYTES)?;
    parse_roster(&path.display().to_string(), &text, rules)
}

/// The roster as YAML, with the explicit version key first.
pub fn roster_to_yaml(roster: &Roster) -> Result<String, DataError> {
    serde_yaml::to_string(roster)
        .map_err(|e| DataError::whole(&roster.name, format!("cannot write the roster: {e}")))
}

/// Save atomically (temp file + rename).
pub fn save_roster(path: &Path, roster: &Roster) -> Result<(), DataError> {
    let text = roster_to_yaml(roster)?;
    write_atomic(path, text.as_bytes())
        .map_err(|e| DataError::whole(path.display().to_string(), format!("cannot save: {e}")))
}

/// A file name from a warband name: lowercase ASCII letters, digits and
/// dashes (`rosters/NAME.yaml`, `exports/NAME.pdf`). Never empty, and at
/// most 60 characters, so a long name still makes a legal file name.
pub fn slug(name: &str) -> String {
    const MAX: usize = 60;
    let mut out = String::new();
    for c in name.trim().chars() {
        if out.len() >= MAX {
            break;
        }
        let c = match c {
            'á' | 'à' | 'ä' | 'â' | 'Á' => 'a',
            'é' | 'è' | 'ë' | 'ê' | 'É' => 'e',
            'í' | 'ì' | 'ï' | 'î' | 'Í' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' | 'Ó' => 'o',
            'ú' | 'ù' | 'ü' | 'û' | 'Ú' | 'Ü' => 'u',
            'ñ' | 'Ñ' => 'n',
            c => c.to_ascii_lowercase(),
        };
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "banda".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_ids_in_flow_and_block_lists() {
        let src = "models:\n  - name: A\n    troop: hero\n    weapons: [medium_blade, bogus]\n  - name: B\n    troop: hero\n    weapons:\n      - bogus\n";
        assert_eq!(
            locate_id(src, "weapons", "bogus", 0),
            Some(Pos {
                line: 4,
                column: 29
            })
        );
        assert_eq!(
            locate_id(src, "weapons", "bogus", 1),
            Some(Pos { line: 8, column: 9 })
        );
        assert_eq!(
            locate_id(src, "troop", "hero", 1),
            Some(Pos {
                line: 6,
                column: 12
            })
        );
    }

    #[test]
    fn slug_makes_a_short_ascii_file_name() {
        assert_eq!(
            slug("Jauría de la Ciénaga Roja"),
            "jauria-de-la-cienaga-roja"
        );
        assert_eq!(slug("  ¿Ñu?  "), "nu");
        assert_eq!(slug("***"), "banda");
        let long = slug(&"Ñandú ".repeat(100_000));
        assert!(
            long.len() <= 60 && long.starts_with("nandu-nandu"),
            "{long}"
        );
        assert!(!long.ends_with('-'));
    }
}
