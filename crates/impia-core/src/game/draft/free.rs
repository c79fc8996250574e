//! What the players measure at the table and the tracker cannot know,
//! declared like every other answer (issue 34: the app, the phones and the
//! CLI all ask it): R18 a fall's height, R41 the models under the Breath's
//! template, R38 a spell of any level (its level, cost and hit).

use serde::{Deserialize, Serialize};

use super::{Choice, DeclKey, DeclKind, Declaration, Declared, Effect};
use crate::game::action::SpellChoice;
use crate::game::guard::Ctx;
use crate::roster::SpellHit;
use crate::tables::Stat;
use crate::text::Text;

/// The largest level, cost, Strength and Penetration a custom spell
/// declares (as the app's form allowed before).
const MAX_LEVEL: u32 = 10;
const MAX_COST: u32 = 10;
const MAX_STRENGTH: u32 = 20;
const MAX_PENETRATION: u32 = 10;

/// The height given past the last band's bound: the "beyond" band.
const BEYOND_CM: f64 = 5.0;

/// R38: a number of a spell of any level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellNumber {
    Level,
    Cost,
    /// Its hit's Strength; 0: it declares no hit.
    Strength,
    Penetration,
}

/// R18: the fall's height, one of the fall table's bands (each labelled
/// with the Strength it hits with, its id the height it stands for: its
/// bound, past the last bound for "beyond"): the rule reads only the band.
pub(crate) fn height(ctx: Ctx<'_>) -> Declaration {
    let fall = &ctx.rules.fall;
    let strength = crate::glossary::stat(Stat::Strength);
    let choices = fall
        .rows
        .iter()
        .map(|r| Choice {
            id: height_id(band_height(ctx, r.up_to_cm)),
            label: Text::each(|l| match r.strength {
                Some(s) => format!("{}: {} {s}", r.label.get(l), strength.get(l)),
                None => format!("{}: {}", r.label.get(l), l.pick("sin daño", "no harm")),
            }),
        })
        .collect();
    Declaration {
        key: DeclKey::Height,
        label: Text::each(|l| {
            format!(
                "{}: {} ({})",
                fall.name.get(l),
                l.pick("altura", "height"),
                fall.rule
            )
        }),
        kind: DeclKind::Pick {
            choices,
            many: false,
        },
    }
}

/// R18: the height a band of bound `up_to` stands for.
pub(crate) fn band_height(ctx: Ctx<'_>, up_to: Option<f64>) -> f64 {
    up_to.unwrap_or_else(|| {
        ctx.rules
            .fall
            .rows
            .iter()
            .filter_map(|r| r.up_to_cm)
            .fold(0.0, f64::max)
            + BEYOND_CM
    })
}

/// A height as a pick's id ("10", "12.5").
fn height_id(h: f64) -> String {
    format!("{h}")
}

/// R18: the height declared so far, as the id of its band's pick.
pub(crate) fn height_value(height_cm: f64) -> Declared {
    Declared::Picks(vec![height_id(height_cm)])
}

/// R18: the height a picked band's id names (none picked: none fallen);
/// `None` for an id that is no height.
pub(crate) fn height_of(picks: &[String]) -> Option<f64> {
    let Some(id) = picks.first() else {
        return Some(0.0);
    };
    id.parse::<f64>()
        .ok()
        .filter(|h| h.is_finite() && *h >= 0.0)
}

/// The models a hit strikes (R41 under the template, R38 a spell's hit),
/// among `models`.
pub(crate) fn struck(label: Text, models: Vec<crate::game::refs::ModelRef>) -> Option<Declaration> {
    (!models.is_empty()).then_some(Declaration {
        key: DeclKey::Struck,
        label,
        kind: DeclKind::Models { models },
    })
}

/// R41: the Breath's question.
pub(crate) fn under_template() -> Text {
    Text::new(
        "Miniaturas bajo la plantilla (R41)",
        "Models under the template (R41)",
    )
}

/// R38: the question of a spell's hit.
pub(crate) fn hit_by_spell() -> Text {
    Text::new(
        "Miniaturas que impacta el hechizo (R38)",
        "Models the spell hits (R38)",
    )
}

/// R38: a spell of any level: its level and cost, and (rules 3) the
/// Strength and Penetration of the hit it declares.
/// `can_pay`: what the caster can pay now (R11), the cost's bound: a cost
/// it cannot pay is never offered (act would refuse it).
pub(crate) fn spell_numbers(ctx: Ctx<'_>, spell: &SpellChoice, can_pay: u32) -> Vec<Declaration> {
    let SpellChoice::Custom { hit, .. } = spell else {
        return Vec::new();
    };
    let count = |n: SpellNumber, max: u32, label: Text| Declaration {
        key: DeclKey::Spell(n),
        label,
        kind: DeclKind::Count {
            max,
            effect: Effect::default(),
        },
    };
    let mut out = vec![
        count(
            SpellNumber::Level,
            MAX_LEVEL,
            Text::new("Nivel del hechizo (R38)", "Spell level (R38)"),
        ),
        count(
            SpellNumber::Cost,
            MAX_COST.min(can_pay),
            Text::new("Coste del hechizo (PD)", "Spell cost (DP)"),
        ),
    ];
    if ctx.setup.all_rules() {
        let strength = crate::glossary::stat(Stat::Strength);
        out.push(count(
            SpellNumber::Strength,
            MAX_STRENGTH,
            Text::each(|l| {
                format!(
                    "{}: {} ({})",
                    l.pick("Impacto", "Hit"),
                    strength.get(l),
                    l.pick("0: ninguno", "0: none")
                )
            }),
        ));
        if hit.is_some() {
            out.push(count(
                SpellNumber::Penetration,
                MAX_PENETRATION,
                Text::each(|l| {
                    format!(
                        "{}: {}",
                        l.pick("Impacto", "Hit"),
                        crate::glossary::PENETRATION.get(l)
                    )
                }),
            ));
        }
    }
    out
}

/// R38: a custom spell's number `n` as declared.
pub(crate) fn spell_number(spell: &SpellChoice, n: SpellNumber) -> Option<Declared> {
    let SpellChoice::Custom {
        level, cost, hit, ..
    } = spell
    else {
        return None;
    };
    let v = match n {
        SpellNumber::Level => *level,
        SpellNumber::Cost => *cost,
        SpellNumber::Strength => hit.map_or(0, |h| u32::try_from(h.strength).unwrap_or(0)),
        SpellNumber::Penetration => hit.map_or(0, |h| u32::try_from(h.penetration).unwrap_or(0)),
    };
    Some(Declared::Count(v))
}

/// R38: a custom spell's number `n` declared as `v` (a level of at least
/// 1; a Strength of 0 declares no hit); `false` for a known spell.
pub(crate) fn set_spell_number(spell: &mut SpellChoice, n: SpellNumber, v: u32) -> bool {
    let SpellChoice::Custom {
        level, cost, hit, ..
    } = spell
    else {
        return false;
    };
    let v_i = i32::try_from(v).unwrap_or(i32::MAX);
    match n {
        SpellNumber::Level => *level = v.max(1),
        SpellNumber::Cost => *cost = v,
        SpellNumber::Strength if v == 0 => *hit = None,
        SpellNumber::Strength => match hit {
            Some(h) => h.strength = v_i,
            None => {
                *hit = Some(SpellHit {
                    strength: v_i,
                    penetration: 0,
                })
            }
        },
        SpellNumber::Penetration => match hit {
            Some(h) => h.penetration = v_i,
            None => return false,
        },
    }
    true
}

/// R38: the spell of any level as first offered: level 1, cost 1, no hit.
pub(crate) fn any_level() -> SpellChoice {
    SpellChoice::Custom {
        name: String::new(),
        level: 1,
        cost: 1,
        hit: None,
    }
}
