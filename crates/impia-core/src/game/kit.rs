//! The kit every check is built from: a model's weapon line, fear
//! complications (R31), table options and hand-given modifiers (R03, R04),
//! the hit a check leads to, the check stored in an action against the one
//! the game builds, and the totem re-roll stored inside old logs' dice (R33).

use super::action::{ExtraModifier, Party};
use super::error::{GameError, Refusal};
use super::guard::Ctx;
use super::refs::ModelRef;
use super::roll::Reroll;
use super::sources::{Check, Edge, Source};
use super::state::{GameState, HitSource, ModelState, PendingHit};
use crate::dice::{CheckSpec, OpposedSpec};
use crate::dice_expr::DiceExpr;
use crate::roster::MeleeLine;
use crate::tables::{ActionCost, RollTable, RuleSet};
use crate::text::Text;
use std::collections::BTreeMap;

/// Table option ids the tracker gives a meaning beyond their modifiers.
pub(super) const EXTRA_FRIEND: &str = "extra_friend";

pub(super) const SHORT_RANGE: &str = "short_range";

pub(super) const LONG_RANGE: &str = "long_range";

pub(super) const INTO_COMBAT: &str = "into_combat";
/// R26: the shoot row's option of a defensive shot (1 complication).
pub(crate) const DEFENSIVE_SHOT: &str = "defensive_shot";

pub(super) const FROM_ABOVE: &str = "from_above";

pub(super) use super::sources::signed;

/// R31: a model whose fear has reached its Courage rolls with complications
/// (not if Stubborn).
pub(super) fn fear_edge<'a>(ctx: Ctx<'_>, x: &'a ModelState, party: Party, chk: &mut Check<'a>) {
    if x.frightened() {
        chk.add(
            party,
            Edge::complications(ctx.rules.warband.fear.complications),
            Source::Fear {
                who: &x.name,
                fear: x.fear,
                courage: x.courage(),
            },
        );
    }
}

/// The players' extra modifiers for `party`. R03 (rules 3): bonuses and
/// penalties of one source do not add: extras with the same reason count
/// once, with their best bonus, their worst penalty and the most
/// advantages and complications among them.
pub(super) fn extras<'a>(
    ctx: Ctx<'_>,
    extra: &'a [ExtraModifier],
    party: Party,
    name: &'a str,
    chk: &mut Check<'a>,
) {
    // Each group: its key, its first extra (whose reason is said) and the
    // edge it gives.
    let mut groups: Vec<(String, &'a ExtraModifier, Edge)> = Vec::new();
    for e in extra.iter().filter(|e| e.on == party) {
        let key = e.reason.trim().to_lowercase();
        match groups
            .iter_mut()
            .find(|(k, _, _)| ctx.setup.all_rules() && *k == key)
        {
            Some((_, _, g)) => {
                let (pos, neg) = (g.modifier.max(0), g.modifier.min(0));
                g.modifier = pos.max(e.modifier.max(0)) + neg.min(e.modifier.min(0));
                g.advantages = g.advantages.max(e.advantages);
                g.complications = g.complications.max(e.complications);
            }
            None => groups.push((
                key,
                e,
                Edge {
                    modifier: e.modifier,
                    advantages: e.advantages,
                    complications: e.complications,
                    ..Edge::NONE
                },
            )),
        }
    }
    for (_, e, edge) in groups {
        chk.add(
            party,
            edge,
            Source::Extra {
                who: name,
                reason: &e.reason,
            },
        );
    }
}

/// Apply the counted table options of `row` (those not in `skip`) for
/// `party`; returns the Strength they add to the hit that follows.
pub(super) fn table_options<'a>(
    row: &'a ActionCost,
    chosen: &BTreeMap<String, u32>,
    skip: &[&str],
    name: &'a str,
    party: Party,
    chk: &mut Check<'a>,
) -> Result<i32, GameError> {
    let mut hit_strength = 0;
    for (id, count) in chosen {
        let opt = row
            .options
            .iter()
            .find(|o| o.id == *id && !skip.contains(&o.id.as_str()))
            .ok_or_else(|| {
                let known = row.options.iter().map(|o| o.id.as_str());
                GameError::from(Refusal::UnknownOption {
                    row: row.name.clone(),
                    id: crate::text::clip(id).into_owned(),
                    known: known
                        .filter(|i| !skip.contains(i))
                        .map(str::to_string)
                        .collect(),
                })
            })?;
        let n = if opt.per_count {
            *count
        } else {
            (*count).min(1)
        };
        if n == 0 {
            continue;
        }
        let k = n as i32;
        hit_strength += opt.hit_strength * k;
        chk.add(
            party,
            Edge {
                modifier: opt.modifier * k,
                advantages: opt.advantages * n,
                complications: opt.complications * n,
                ..Edge::NONE
            },
            Source::TableOption {
                who: name,
                option: &opt.name,
                times: opt.per_count.then_some(n),
                hit_strength: opt.hit_strength * k,
                rule: &row.rule,
            },
        );
    }
    Ok(hit_strength)
}

pub(super) fn melee<'x>(
    x: &'x ModelState,
    m: ModelRef,
    id: Option<&str>,
) -> Result<&'x MeleeLine, GameError> {
    let found = match id {
        Some(id) => x.profile.melee.iter().find(|l| l.id == id),
        None => x.profile.melee.first(),
    };
    found.ok_or_else(|| {
        Refusal::UnknownWeapon {
            model: m,
            id: id.map(|i| crate::text::clip(i).into_owned()),
            known: x.profile.melee.iter().map(|l| l.id.clone()).collect(),
        }
        .into()
    })
}

/// A hit a check leads to: its Strength, Penetration and weapon.
#[derive(Clone, Debug)]
pub(super) struct HitMaker {
    pub strength: i32,
    pub penetration: i32,
    pub weapon: Text,
    /// R35 blowpipe, R41 Venom (rules 3): the Strength of the poison the
    /// hit carries, a second hit after the weapon's.
    pub poison: Option<i32>,
}

impl HitMaker {
    pub(super) fn new(strength: i32, penetration: i32, weapon: Text) -> Self {
        HitMaker {
            strength,
            penetration,
            weapon,
            poison: None,
        }
    }

    /// The poison's own hit: its Strength, no Penetration (rules 3).
    pub(super) fn poison_hit(&self) -> Option<HitMaker> {
        self.poison.map(|s| {
            HitMaker::new(
                s,
                0,
                Text::new(
                    format!("veneno de {}", self.weapon.es),
                    format!("poison of {}", self.weapon.en),
                ),
            )
        })
    }
}

pub(super) fn push_hit(
    st: &mut GameState,
    attacker: ModelRef,
    target: ModelRef,
    h: &HitMaker,
    source: HitSource,
) {
    let acting_side = st.actor().map_or(attacker.side, |a| a.side);
    for hit in std::iter::once(h.clone()).chain(h.poison_hit()) {
        st.pending_hits.push(PendingHit {
            attacker,
            target,
            strength: hit.strength,
            penetration: hit.penetration,
            weapon: hit.weapon,
            source,
            acting_side,
        });
    }
}

pub(super) fn spec_text(s: &CheckSpec) -> String {
    format!(
        "{}{} {}a/{}c",
        s.value,
        signed(s.modifier),
        s.advantages,
        s.complications
    )
}

/// The check stored in an action must be the one the game builds now: a log
/// edited by hand, or tables changed since, show up here.
pub(super) fn same_spec(stored: &CheckSpec, built: &CheckSpec) -> Result<(), GameError> {
    if stored != built {
        return Err(Refusal::StaleCheck {
            stored: spec_text(stored),
            built: spec_text(built),
        }
        .into());
    }
    Ok(())
}

pub(super) fn same_opposed(stored: &OpposedSpec, built: &OpposedSpec) -> Result<(), GameError> {
    same_spec(&stored.active, &built.active)?;
    same_spec(&stored.passive, &built.passive)?;
    if stored.combat != built.combat {
        return Err(Refusal::StaleCombat.into());
    }
    Ok(())
}

/// R33: once per turn one model within 15 cm of its own standing totem may
/// re-roll; `roles` says which side of the check each taking part rolls.
pub(super) fn take_reroll(
    st: &mut GameState,
    ctx: Ctx<'_>,
    reroll: Option<&Reroll>,
    roles: &[(ModelRef, CheckSpec)],
) -> Result<(), GameError> {
    let Some(r) = reroll else {
        return Ok(());
    };
    let Some((_, spec)) = roles.iter().find(|(m, _)| *m == r.by) else {
        return Err(Refusal::NotInRoll { model: r.by }.into());
    };
    r.first.check(spec)?;
    totem_ready(st, ctx, r.by)?;
    if let Some(side) = st.side_mut(r.by.side) {
        side.rerolls_used += 1;
    }
    Ok(())
}

/// R33: `m`'s warband may re-roll now: a standing totem not used this turn.
pub(super) fn totem_ready(st: &GameState, ctx: Ctx<'_>, m: ModelRef) -> Result<(), GameError> {
    let Some(side) = st.side(m.side) else {
        return Err(Refusal::BeastsNoTotem.into());
    };
    if !side.totem_standing {
        return Err(Refusal::OwnTotemDown.into());
    }
    if side.rerolls_used >= ctx.rules.warband.totem.rerolls_per_turn {
        return Err(Refusal::TotemUsed.into());
    }
    Ok(())
}

/// Whether `m`'s warband may still re-roll this turn (R33).
pub fn can_reroll(st: &GameState, rules: &crate::tables::RuleSet, m: ModelRef) -> bool {
    st.side(m.side)
        .is_some_and(|s| s.totem_standing && s.rerolls_used < rules.warband.totem.rerolls_per_turn)
}

pub(super) fn opposed_roles(
    spec: &OpposedSpec,
    active: ModelRef,
    passive: ModelRef,
) -> [(ModelRef, CheckSpec); 2] {
    [(active, spec.active), (passive, spec.passive)]
}

/// A die-range table of the tables (dark forces, spell backlash).
pub(crate) fn table<'r>(rules: &'r RuleSet, id: &str) -> Result<&'r RollTable, GameError> {
    rules.roll_table(id).ok_or_else(|| {
        let id = crate::text::clip(id).into_owned();
        Refusal::NoTable { id }.into()
    })
}

/// The dice of a table roll fit its expression; their sum with the bonus.
pub(crate) fn table_total(t: &RollTable, dice: &[u32]) -> Result<i32, GameError> {
    let expr: DiceExpr = t.dice_expr().map_err(|e| Refusal::BadDiceExpr {
        detail: e.to_string(),
    })?;
    if dice.len() != expr.count as usize {
        return Err(Refusal::TableDiceCount {
            table: t.id.clone(),
            expr,
            given: dice.len(),
        }
        .into());
    }
    if let Some(bad) = dice.iter().find(|d| !(1..=expr.sides).contains(*d)) {
        return Err(Refusal::DieOutOfRange {
            sides: expr.sides,
            value: *bad,
        }
        .into());
    }
    Ok(dice.iter().sum::<u32>() as i32 + expr.bonus)
}
