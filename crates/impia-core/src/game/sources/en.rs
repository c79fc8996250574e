//! The sources of a check in English: one arm per source, the game's words
//! from the glossary.

use super::{Source, Term, signed};
use crate::glossary::{self, ARMOUR, FEAR, PENETRATION};
use crate::tables::Stat;

fn stat(s: Stat) -> &'static str {
    glossary::stat(s).en
}

/// Counts with their words, in the order a check says them.
fn edge_words(modifier: i32, advantages: u32, complications: u32) -> Vec<String> {
    let mut v = Vec::new();
    if modifier != 0 {
        v.push(signed(modifier));
    }
    if advantages > 0 {
        v.push(format!("{advantages} advantage(s)"));
    }
    if complications > 0 {
        v.push(format!("{complications} complication(s)"));
    }
    v
}

/// One term of a check in English.
// One arm per source kind, like the refusals' words: the compiler points here at a new kind.
#[allow(clippy::too_many_lines)]
pub(super) fn term(t: &Term<'_>) -> String {
    let e = t.edge;
    match &t.source {
        Source::Stat { who, stat: s } => format!("{who}: {} {}", stat(*s), e.value),
        Source::GivenModifier => format!("Modifier {}", signed(e.modifier)),
        Source::GivenEdge => format!(
            "{} advantage(s), {} complication(s) given (R04)",
            e.advantages, e.complications
        ),
        Source::Fear { who, fear, courage } => format!(
            "{who}: {} {fear} ≥ {} {courage}: {} complication(s) (R31)",
            FEAR.en.to_lowercase(),
            stat(Stat::Courage),
            e.complications
        ),
        Source::Extra { who, reason } => format!(
            "{who}: {reason}: {}, {} advantage(s), {} complication(s)",
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
                    "hit {} {}",
                    stat(Stat::Strength),
                    signed(*hit_strength)
                ));
            }
            format!("{who}: {}{times}: {} ({rule})", option.en, parts.join(", "))
        }
        Source::WeaponCombat {
            who,
            weapon,
            change,
        } => format!(
            "{who}: {c} {} ({}, {} {c})",
            e.value,
            weapon.en,
            signed(*change),
            c = stat(Stat::Combat)
        ),
        Source::ActionRow { who, row, rule } => {
            format!("{who}: {} {} ({rule})", row.en, signed(e.modifier))
        }
        Source::RowAdvantages { who, row, rule } => {
            format!("{who}: {}: {} advantage(s) ({rule})", row.en, e.advantages)
        }
        Source::AssaultBonus {
            who,
            weapon,
            strength,
            penetration,
        } => format!(
            "{who}: {} in an Assault: {} {}, {} {} (R34)",
            weapon.en,
            stat(Stat::Strength),
            signed(*strength),
            PENETRATION.en,
            signed(*penetration)
        ),
        Source::Friends {
            who,
            option,
            count,
            rule,
        } => format!(
            "{who}: {} ×{count}: {} advantage(s) ({rule})",
            option.en, e.advantages
        ),
        Source::Imposing { who, by } => format!(
            "{who}: {by}'s Imposing presence: {} complication (R42)",
            e.complications
        ),
        Source::Constrictor { who, by } => format!(
            "{who}: {by} is a Constrictor: {} complication (R41)",
            e.complications
        ),
        Source::HitStrength {
            who,
            weapon,
            penetration,
        } => format!(
            "{who}: hit {} {} ({}), {} {penetration}",
            stat(Stat::Strength),
            e.value,
            weapon.en,
            PENETRATION.en
        ),
        Source::Toughness { who, lost } => {
            let lost = if *lost != 0 {
                format!(" ({lost} lost)")
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
            "{who}: {} {armour} + cover {cover} − {} {penetration} = {} (R29, R30)",
            ARMOUR.en, PENETRATION.en, e.modifier
        ),
        Source::SurvivalInstinct { who } => {
            format!("{who}: Survival instinct: {} advantage (R42)", e.advantages)
        }
        Source::Shot {
            who,
            weapon,
            target,
        } => format!(
            "{who}: {} {} ({} at {target})",
            stat(Stat::Accuracy),
            e.value,
            weapon.en
        ),
        Source::FallToughness { who } => format!(
            "{who}: {} {} (no {})",
            stat(Stat::Toughness),
            e.value,
            ARMOUR.en
        ),
        Source::Fall => format!("Fall: {} {} (R18)", stat(Stat::Strength), e.value),
    }
}
