//! R38: casting a spell: its DP, fear to the models within 15 cm (not
//! sorcerers), then the backlash roll applied from the `spell_backlash`
//! row's `effect` data.

use super::action::SpellChoice;
use super::error::{GameError, Refusal};
use super::fear::{add, check_listed};
use super::guard::{
    Ctx, action_done, action_row, in_play, model_mut, pay, require_actor, require_free,
    require_standing,
};
use super::kit::{HitMaker, push_hit, table, table_total};
use super::refs::ModelRef;
use super::state::{GameState, HitSource};
use super::status::Status;
use crate::roster::SpellEffect;
use crate::tables::Keyword;
use crate::text::Text;

/// R42 Initiate: the highest spell level a hero who is no Sorcerer casts.
const INITIATE_MAX_LEVEL: u32 = 1;

/// Everything a cast names.
pub(crate) struct Cast<'a> {
    pub caster: ModelRef,
    pub spell: &'a SpellChoice,
    pub target: Option<ModelRef>,
    pub within_15cm: &'a [ModelRef],
    pub backlash: &'a [u32],
    pub within_30cm: &'a [ModelRef],
    /// R38 (rules 3): the models the spell's hit hits.
    pub targets: &'a [ModelRef],
    /// Rules 2: models named within 30 cm of a backlash that removes no one
    /// are ignored, not a refusal.
    pub lenient: bool,
}

/// R38: the hit a spell declares (Strength, Penetration), named as the
/// spell: a known spell's from the roster, a custom one's as the players
/// give it; `None` for a spell with no hit.
pub(crate) fn spell_hit(
    st: &GameState,
    caster: ModelRef,
    spell: &SpellChoice,
) -> Result<Option<HitMaker>, GameError> {
    let named = |n: &str| Text::new(format!("hechizo «{n}»"), format!("spell “{n}”"));
    let (name, h) = match spell {
        SpellChoice::Known { index } => {
            let x = super::guard::model(st, caster)?;
            let Some(s) = x.spells.get(*index) else {
                return Ok(None);
            };
            (named(&s.name), s.hit)
        }
        SpellChoice::Custom {
            name, level, hit, ..
        } => (
            if name.is_empty() {
                Text::new(
                    format!("hechizo de nivel {level}"),
                    format!("level {level} spell"),
                )
            } else {
                named(name)
            },
            *hit,
        ),
    };
    let Some(h) = h else {
        return Ok(None);
    };
    // From a roster file: a player's numbers too.
    super::action::check_number("strength", h.strength)?;
    super::action::check_number("penetration", h.penetration)?;
    Ok(Some(HitMaker::new(h.strength, h.penetration, name)))
}

/// R38: what a known spell does to the model it names (a custom spell:
/// nothing, the players apply it by hand).
pub(crate) fn spell_effect(st: &GameState, caster: ModelRef, spell: &SpellChoice) -> SpellEffect {
    match spell {
        SpellChoice::Known { index } => st
            .model(caster)
            .and_then(|x| x.spells.get(*index))
            .map(|s| s.effect)
            .unwrap_or_default(),
        SpellChoice::Custom { .. } => SpellEffect::default(),
    }
}

/// The spell's level, cost and name.
pub(crate) fn spell_of(
    st: &GameState,
    caster: ModelRef,
    spell: &SpellChoice,
) -> Result<(u32, u32, String), GameError> {
    let x = super::guard::model(st, caster)?;
    let (level, cost, name) = match spell {
        SpellChoice::Known { index } => x
            .spells
            .get(*index)
            .map(|s| (s.level, s.cost, s.name.clone()))
            .ok_or_else(|| {
                GameError::from(Refusal::NoSpell {
                    model: caster,
                    count: x.spells.len(),
                    index: *index,
                })
            }),
        SpellChoice::Custom {
            name, level, cost, ..
        } => Ok((*level, *cost, name.clone())),
    }?;
    // A roster's spell comes from a file: its numbers are a player's too.
    super::action::check_number("level", level)?;
    super::action::check_number("cost", cost)?;
    let e = spell_effect(st, caster, spell);
    super::action::check_number("fear", e.fear)?;
    super::action::check_number("toughness", e.toughness)?;
    Ok((level, cost, name))
}

pub(crate) fn cast(st: &mut GameState, ctx: Ctx<'_>, c: Cast<'_>) -> Result<(), GameError> {
    let x = require_actor(st, c.caster)?;
    require_standing(x, c.caster)?;
    require_free(x, c.caster)?;
    if !x.is_sorcerer() && x.spells.is_empty() {
        return Err(Refusal::NoSpells { model: c.caster }.into());
    }
    let (level, cost, name) = spell_of(st, c.caster, c.spell)?;
    // R42 Initiate (rules 3): a hero who is no Sorcerer casts only the
    // level-1 spell it knows.
    if ctx.setup.all_rules() && !x.is_sorcerer() {
        let known = matches!(c.spell, SpellChoice::Known { .. });
        if !known || level > INITIATE_MAX_LEVEL {
            return Err(Refusal::InitiateSpell {
                model: c.caster,
                level,
            }
            .into());
        }
    }
    // R42 Arcane void: no spell aims at it, and no spell's hit (R38) hits it.
    for t in c.target.iter().chain(c.targets) {
        let tx = in_play(st, *t)?;
        if tx.has(Keyword::SpellImmune) {
            return Err(Refusal::SpellImmune { model: *t }.into());
        }
    }
    check_listed(st, c.within_15cm, None, c.caster)?;
    // R38 (rules 3): a spell that declares a hit names the models it hits.
    let hit = if ctx.setup.all_rules() {
        spell_hit(st, c.caster, c.spell)?
    } else {
        None
    };
    if hit.is_none() && !c.targets.is_empty() {
        return Err(Refusal::SpellNoHit { spell: name }.into());
    }
    check_listed(st, c.targets, None, c.caster)?;
    let t = table(ctx.rules, "spell_backlash")?;
    let rolled = table_total(t, c.backlash)?;
    let row = action_row(ctx, "cast_spell")?;
    let what = Text::new(
        format!("{} «{name}»", row.name.es),
        format!("{} “{name}”", row.name.en),
    );
    pay(st, c.caster, cost as i32, &what)?;
    // Every model within 15 cm except sorcerers gains fear.
    for m in c.within_15cm {
        if st.model(*m).is_some_and(|x| !x.is_sorcerer()) {
            add(st, *m, row.effect.fear_listed);
        }
    }
    // R38: the spell's own effect on the model it names, from its data.
    let effect = spell_effect(st, c.caster, c.spell);
    if !effect.is_none() {
        let Some(t) = c.target else {
            return Err(Refusal::SpellNeedsTarget { spell: name }.into());
        };
        add(st, t, effect.fear);
        let x = model_mut(st, t)?;
        x.toughness_lost -= effect.toughness;
        if effect.removed {
            x.status = Status::Removed;
        }
    }
    // R38 (rules 3): the spell's hits wait, as a Breath's do (R41); queued
    // before the backlash, so a caster it removes still has them rolled.
    if let Some(h) = &hit {
        for t in c.targets {
            push_hit(st, c.caster, *t, h, HitSource::Spell);
        }
    }
    // The backlash: 1d10 + the spell's level + the caster's fear.
    let fear = super::guard::model(st, c.caster)?.fear;
    let total = rolled + level as i32 + fear;
    let effect = t
        .rows
        .get(t.row_for(total))
        .map(|r| r.effect.clone())
        .unwrap_or_default();
    add(st, c.caster, effect.caster_fear);
    {
        let x = model_mut(st, c.caster)?;
        x.toughness_lost -= effect.caster_toughness;
        if effect.caster_removed {
            x.status = Status::Removed;
        }
    }
    if effect.fear_within_30cm != 0 {
        check_listed(st, c.within_30cm, None, c.caster)?;
        for m in c.within_30cm {
            add(st, *m, effect.fear_within_30cm);
        }
    } else if !c.within_30cm.is_empty() && !c.lenient {
        return Err(Refusal::BacklashNoFear { total }.into());
    }
    action_done(st, c.caster);
    Ok(())
}

/// What a cast's backlash adds to its d10 (level + the caster's fear): the
/// random player reads it to name the models a removal frightens.
pub(crate) fn backlash_modifier(
    st: &GameState,
    caster: ModelRef,
    spell: &SpellChoice,
) -> Option<i32> {
    let (level, _, _) = spell_of(st, caster, spell).ok()?;
    Some(level as i32 + st.model(caster)?.fear)
}
