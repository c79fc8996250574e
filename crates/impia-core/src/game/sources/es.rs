//! The sources of a check in Spanish: one arm per source, the game's words
//! from the glossary.

use super::{Source, Term, signed};
use crate::glossary::{self, ARMOUR, FEAR, PENETRATION};
use crate::tables::Stat;

fn stat(s: Stat) -> &'static str {
    glossary::stat(s).es
}

/// Counts with their words, in the order a check says them.
fn edge_words(modifier: i32, advantages: u32, complications: u32) -> Vec<String> {
    let mut v = Vec::new();
    if modifier != 0 {
        v.push(signed(modifier));
    }
    if advantages > 0 {
        v.push(format!("{advantages} ventaja(s)"));
    }
    if complications > 0 {
        v.push(format!("{complications} complicación(es)"));
    }
    v
}

/// One term of a check in Spanish.
// One arm per source kind, like the refusals' words: the compiler points here at a new kind.
#[allow(clippy::too_many_lines)]
pub(super) fn term(t: &Term<'_>) -> String {
    let e = t.edge;
    match &t.source {
        Source::Stat { who, stat: s } => format!("{who}: {} {}", stat(*s), e.value),
        Source::GivenModifier => format!("Modificador {}", signed(e.modifier)),
        Source::GivenEdge => format!(
            "{} ventaja(s), {} complicación(es) indicadas (R04)",
            e.advantages, e.complications
        ),
        Source::Fear { who, fear, courage } => format!(
            "{who}: {} {fear} ≥ {} {courage}: {} complicación(es) (R31)",
            FEAR.es,
            stat(Stat::Courage),
            e.complications
        ),
        Source::Extra { who, reason } => format!(
            "{who}: {reason}: {} , {} ventaja(s), {} complicación(es)",
            signed(e.modifier),
            e.advantages,
            e.complications
        ),
        Source::TableOption {
            who,
            option,
            times,
            hit_strength,
            rule,
        } => {
            let times = times.map(|n| format!(" ×{n}")).unwrap_or_default();
            let mut parts = edge_words(e.modifier, e.advantages, e.complications);
            if *hit_strength != 0 {
                parts.push(format!(
                    "{} del impacto {}",
                    stat(Stat::Strength),
                    signed(*hit_strength)
                ));
            }
            format!("{who}: {}{times}: {} ({rule})", option.es, parts.join(", "))
        }
        Source::WeaponCombat {
            who,
            weapon,
            change,
        } => format!(
            "{who}: {c} {} ({}, {} al {c})",
            e.value,
            weapon.es,
            signed(*change),
            c = stat(Stat::Combat)
        ),
        Source::ActionRow { who, row, rule } => {
            format!("{who}: {} {} ({rule})", row.es, signed(e.modifier))
        }
        Source::RowAdvantages { who, row, rule } => {
            format!("{who}: {}: {} ventaja(s) ({rule})", row.es, e.advantages)
        }
        Source::AssaultBonus {
            who,
            weapon,
            strength,
            penetration,
        } => format!(
            "{who}: {} en Asalto: {} {}, {} {} (R34)",
            weapon.es,
            stat(Stat::Strength),
            signed(*strength),
            PENETRATION.es,
            signed(*penetration)
        ),
        Source::Friends {
            who,
            option,
            count,
            rule,
        } => format!(
            "{who}: {} ×{count}: {} ventaja(s) ({rule})",
            option.es, e.advantages
        ),
        Source::Imposing { who, by } => format!(
            "{who}: Presencia imponente de {by}: {} complicación (R42)",
            e.complications
        ),
        Source::Constrictor { who, by } => format!(
            "{who}: {by} es Constrictora: {} complicación (R41)",
            e.complications
        ),
        Source::HitStrength {
            who,
            weapon,
            penetration,
        } => format!(
            "{who}: {} del impacto {} ({}), {} {penetration}",
            stat(Stat::Strength),
            e.value,
            weapon.es,
            PENETRATION.es
        ),
        Source::Toughness { who, lost } => {
            let lost = if *lost != 0 {
                format!(" ({lost} perdida)")
            } else {
                String::new()
            };
            format!("{who}: {} {}{lost}", stat(Stat::Toughness), e.value)
        }
        Source::Armour {
            who,
            armour,
            cover,
            penetration,
        } => format!(
            "{who}: {} {armour} + Cobertura {cover} − {} {penetration} = {} (R29, R30)",
            ARMOUR.es, PENETRATION.es, e.modifier
        ),
        Source::SurvivalInstinct { who } => format!(
            "{who}: Instinto de supervivencia: {} ventaja (R42)",
            e.advantages
        ),
        Source::Shot {
            who,
            weapon,
            target,
        } => format!(
            "{who}: {} {} ({} contra {target})",
            stat(Stat::Accuracy),
            e.value,
            weapon.es
        ),
        Source::FallToughness { who } => format!(
            "{who}: {} {} (sin {})",
            stat(Stat::Toughness),
            e.value,
            ARMOUR.es
        ),
        Source::Fall => format!("Caída: {} {} (R18)", stat(Stat::Strength), e.value),
    }
}
