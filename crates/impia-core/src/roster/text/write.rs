//! Writing a roster as text for a chat.

use super::{Kind, MAX_COUNT, SEP, Start, Vocab, escape, line_start};
use crate::glossary;
use crate::roster::{Model, Roster, model_cost};
use crate::tables::RuleSet;
use crate::text::Lang;

/// The roster as a compact text in `l`: the warband and its points, the
/// totem, then one line per model (troop, the Leader marked, weapons, armour,
/// equipment with counts, upgrades, cost) and one line per spell under its
/// model. `from_text` reads it back into the same roster but for the notes,
/// which stay out of a list shared in a chat.
pub fn to_text(roster: &Roster, rules: &RuleSet, l: Lang) -> String {
    let vocab = Vocab::new(rules);
    let total = roster
        .models
        .iter()
        .map(|m| model_cost(m, rules))
        .fold(0, u32::saturating_add);
    let points = match roster.points_limit {
        Some(limit) => format!("{total} / {limit} pts"),
        None => format!("{total} pts"),
    };
    let mut out = format!("{} {SEP} {points}\n", header_name(&roster.name));
    if let Some(totem) = &roster.totem {
        out.push_str(&format!(
            "{}: {}\n",
            crate::glossary::TOTEM.get(l),
            escape(totem)
        ));
    }
    for (i, m) in roster.models.iter().enumerate() {
        out.push_str(&model_line(i + 1, m, &vocab, rules, l));
        out.push('\n');
        for s in &m.spells {
            out.push_str(&format!(
                "   {}: {} {SEP} {} {}, {} {}",
                l.pick("Hechizo", "Spell"),
                escape(&s.name),
                l.pick("nivel", "level"),
                s.level,
                s.cost,
                glossary::DP.get(l),
            ));
            // R38: the spell's hit, on the numbers' field.
            if let Some(h) = s.hit {
                out.push_str(&format!(
                    ", {} {}/{}",
                    l.pick("impacto", "hit"),
                    h.strength,
                    h.penetration
                ));
            }
            // R38: its effect on the model it names, a field each.
            let e = s.effect;
            if e.fear != 0 {
                out.push_str(&format!(", {} {:+}", l.pick("pavor", "fear"), e.fear));
            }
            if e.toughness != 0 {
                let t = l.pick("dureza", "toughness");
                out.push_str(&format!(", {t} {:+}", e.toughness));
            }
            if e.removed {
                out.push_str(&format!(", {}", l.pick("retira", "removes")));
            }
            if !s.text.is_empty() {
                out.push_str(&format!(" {SEP} {}", escape(&s.text)));
            }
            out.push('\n');
        }
    }
    out
}

/// The warband's name, escaped, with its first character escaped too when
/// the line would otherwise read as a model, spell or totem line.
fn header_name(name: &str) -> String {
    let escaped = escape(name);
    if line_start(&escaped) == Start::Other {
        return escaped;
    }
    let mut chars = escaped.chars();
    match chars.next() {
        Some(first) => format!("\\u{{{:x}}}{}", first as u32, chars.as_str()),
        None => escaped,
    }
}

fn model_line(n: usize, m: &Model, vocab: &Vocab, rules: &RuleSet, l: Lang) -> String {
    let mut troop = vocab.write(Kind::Troop, &m.troop, l);
    if m.leader {
        troop.push_str(", ");
        troop.push_str(crate::glossary::LEADER.get(l));
    }
    let mut line = format!("{n}. {} {SEP} {troop}", escape(&m.name));
    let groups: Vec<String> = [
        (Kind::Weapon, m.weapons.as_slice()),
        (Kind::Armour, m.armour.as_slice()),
        (Kind::Equipment, m.equipment.as_slice()),
        (Kind::Upgrade, m.upgrades.as_slice()),
    ]
    .into_iter()
    .filter(|(_, ids)| !ids.is_empty())
    .map(|(kind, ids)| format!("{}: {}", kind.label(l), items(kind, ids, vocab, rules, l)))
    .collect();
    if !groups.is_empty() {
        line.push_str(&format!(" {SEP} {}", groups.join("; ")));
    }
    line.push_str(&format!(" {SEP} {} pts", model_cost(m, rules)));
    line
}

/// The items of one group; a repeatable item with its count (`Hierbas
/// místicas ×2`), counting runs only so that the order reads back the same.
fn items(kind: Kind, ids: &[String], vocab: &Vocab, rules: &RuleSet, l: Lang) -> String {
    let repeatable = |id: &str| {
        kind == Kind::Equipment && rules.equipment_item(id).is_some_and(|e| e.repeatable)
    };
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let id = &ids[i];
        let name = vocab.write(kind, id, l);
        if repeatable(id) {
            let run = ids[i..]
                .iter()
                .take_while(|x| *x == id)
                .take(MAX_COUNT as usize)
                .count();
            out.push(format!("{name} ×{run}"));
            i += run;
        } else {
            out.push(name);
            i += 1;
        }
    }
    out.join(", ")
}
