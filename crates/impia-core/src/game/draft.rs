//! ★ Drafts and declarations (issue 23): each offer's action pre-filled
//! from what the tracker knows (the consecutive Moves before an Assault,
//! R20), the list of what the players may still declare on it (table
//! options with their effect, models within a distance, a pick among items
//! or cover rows, a number), each labelled from `tables/`, and the price of
//! any draft: its check, its sources, its odds, the chance to put each side
//! Down and its DP, for exactly that draft. A client renders declarations
//! generically and decides no rule.

use crate::game::act;
use serde::{Deserialize, Serialize};

use super::action::Action;
use super::guard::Ctx;
use super::refs::ModelRef;
use super::state::{GameState, HitSource};
use crate::tables::Keyword;
use crate::text::{Lang, Text};

mod answer;
mod end;
mod free;
mod label;
pub(crate) use answer::{band_id, band_of, count, melee_declare, melee_value, set_count};
pub use answer::{declare, value};
pub(crate) use end::end_declarations;
pub use free::SpellNumber;
pub(crate) use free::{
    any_level, band_height, height, height_of, height_value, hit_by_spell, set_spell_number,
    spell_number, spell_numbers, struck, under_template,
};
use label::with_effect;
pub use label::{Effect, option_label};

/// The table option of the Assault row that counts the Moves made just
/// before it (R20): the draft fills it from the log.
pub(crate) const CONSECUTIVE_MOVES: &str = "consecutive_moves";

/// The largest count a counted option offers (far above any real table).
const MAX_COUNT: u32 = 10;

/// What the tracker knows beyond the state: read from the log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Facts {
    /// R20: the acting model's Moves just before now, in a row.
    pub trailing_moves: u32,
}

/// What a declaration sets in the action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "on",
    content = "id",
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum DeclKey {
    /// A table option of the action's row, by id (R20, R22, R24, R26).
    Option(String),
    /// R35: a shot's range band.
    Band,
    /// R42: models with Imposing presence within 10 cm.
    Imposing,
    /// R30: the cover rows the target is behind.
    Cover,
    /// R42 Survival instinct: a friend Down within 10 cm of the target.
    SurvivalInstinct,
    /// R42 Inspiring: the attacker's friends within 15 cm.
    Inspired,
    /// R19: what a Loot takes from the body.
    Item,
    /// A form of the action with a row of its own in `tables/actions.yaml`
    /// and its DP, by the row's id: R26 `aimed_shot` on a Shoot, R28
    /// `iron_defence` on a hit.
    Row(String),
    /// R31: the friends within 15 cm of a model the roll may put Down
    /// (they gain fear if it is).
    Witnesses,
    /// The models the action's row asks for (its `ask`: R32 the friends a
    /// Leader rallies, R38 the models near a caster).
    Listed,
    /// R23: the close combat weapon this model fights with (issue 33: its
    /// own side's choice), asked only of a model with more than one.
    Weapon(ModelRef),
    /// R14: the terrain an activation ends touching.
    Terrain,
    /// R33: the activation ends within 15 cm of the standing enemy totem.
    EnemyTotem,
    /// R39 8–9: which beast of the bestiary comes.
    Beast,
    /// R18: a fall's height (a band of the fall table).
    Height,
    /// R38, R41: the models a hit strikes (the Breath's template, a spell's).
    Struck,
    /// R38: a number of a spell of any level.
    Spell(SpellNumber),
}

/// R26: the Shoot's declared form with its own row.
pub const AIMED_SHOT: &str = "aimed_shot";
/// R28: the hit's declared form with its own row.
pub const IRON_DEFENCE: &str = "iron_defence";

/// One choice of a pick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub id: String,
    /// Its name and effect from the tables.
    pub label: Text,
}

/// What the log tells beyond the state `st`: R20 the acting model's Moves
/// just before now, in a row.
pub(crate) fn facts(st: &GameState, log: &[Action]) -> Facts {
    let actor = match st.now() {
        super::Now::Acting { model, ordered } => ordered.unwrap_or(model),
        _ => return Facts::default(),
    };
    let n = log
        .iter()
        .rev()
        .take_while(|a| matches!(a, Action::Move(act::Move { model }) if *model == actor))
        .count();
    Facts {
        trailing_moves: u32::try_from(n).unwrap_or(u32::MAX),
    }
}

/// What kind of answer a declaration takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DeclKind {
    /// Ticked or not.
    Flag { effect: Effect },
    /// A number from 0 to `max`; `effect` is per unit.
    Count { max: u32, effect: Effect },
    /// Any of these models.
    Models { models: Vec<ModelRef> },
    /// One of these (or none), or with `many` any of them.
    Pick { choices: Vec<Choice>, many: bool },
}

/// One thing the players may still declare on a draft.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Declaration {
    pub key: DeclKey,
    /// What the players are asked, with its effect, from the tables.
    pub label: Text,
    #[serde(flatten)]
    pub kind: DeclKind,
}

/// A declared answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Declared {
    /// A flag (0 or 1) or a count.
    Count(u32),
    Models(Vec<ModelRef>),
    /// The ids picked (none, one or, for `many`, several).
    Picks(Vec<String>),
}

impl Declared {
    /// This answer as `kind` asks for it, or `None` when it cannot be
    /// one (a client's answer read from JSON: a list of model ids reads
    /// as models first, and is a list of picks where picks are asked).
    pub fn fit(self, kind: &DeclKind) -> Option<Declared> {
        match (kind, self) {
            (DeclKind::Flag { .. }, Declared::Count(n)) if n <= 1 => Some(Declared::Count(n)),
            (DeclKind::Count { max, .. }, Declared::Count(n)) if n <= *max => {
                Some(Declared::Count(n))
            }
            (DeclKind::Models { models }, Declared::Models(ms))
                if ms.iter().all(|m| models.contains(m)) =>
            {
                Some(Declared::Models(ms))
            }
            (DeclKind::Models { .. }, Declared::Picks(p)) if p.is_empty() => {
                Some(Declared::Models(Vec::new()))
            }
            (DeclKind::Pick { choices, many }, d) => {
                let ids: Vec<String> = match d {
                    Declared::Picks(p) => p,
                    Declared::Models(ms) => ms.iter().map(ToString::to_string).collect(),
                    Declared::Count(_) => return None,
                };
                let known = ids.iter().all(|i| choices.iter().any(|c| &c.id == i));
                (known && (*many || ids.len() <= 1)).then_some(Declared::Picks(ids))
            }
            _ => None,
        }
    }
}

/// The action of an offer pre-filled from what the tracker knows: R20 the
/// Moves just made count as consecutive (the players lower the count when
/// a Move had no line of sight).
pub(crate) fn draft(ctx: Ctx<'_>, facts: Facts, action: &Action) -> Action {
    let mut a = action.clone();
    if let Some(d) = a.act_mut().declares_mut() {
        d.fill_draft(ctx, facts);
    }
    a
}

/// The table options of the row `row` (all but `skip`), as declarations.
fn table_options(ctx: Ctx<'_>, row: &str, skip: impl Fn(&str) -> bool) -> Vec<Declaration> {
    let Some(r) = ctx.rules.action(row) else {
        return Vec::new();
    };
    r.options
        .iter()
        .filter(|o| !skip(&o.id))
        .map(|o| {
            let effect = Effect::of_option(o);
            Declaration {
                key: DeclKey::Option(o.id.clone()),
                label: with_effect(&o.name, &effect),
                kind: if o.per_count {
                    DeclKind::Count {
                        max: MAX_COUNT,
                        effect,
                    }
                } else {
                    DeclKind::Flag { effect }
                },
            }
        })
        .collect()
}

/// The models in play that `keep` accepts.
pub(crate) fn in_play(st: &GameState, keep: impl Fn(ModelRef) -> bool) -> Vec<ModelRef> {
    st.models()
        .filter(|(r, m)| m.status.in_play() && keep(*r))
        .map(|(r, _)| r)
        .collect()
}

/// The name of an upgrade of the tables, or `fallback`'s words.
fn upgrade_name(ctx: Ctx<'_>, id: &str) -> Text {
    ctx.rules
        .upgrade(id)
        .map(|u| u.name.clone())
        .unwrap_or_else(|| Text::new(id, id))
}

/// R42: models with Imposing presence the players may declare within
/// 10 cm of a model that rolls (the reading's title names the distance).
pub(crate) fn imposing(
    st: &GameState,
    ctx: Ctx<'_>,
    keep: impl Fn(ModelRef) -> bool,
) -> Option<Declaration> {
    if !ctx.setup.all_rules() {
        return None;
    }
    let models: Vec<ModelRef> = st
        .models_maybe_with(Keyword::ImposingPresence)
        .filter(|(r, m)| m.status.in_play() && m.has(Keyword::ImposingPresence) && keep(*r))
        .map(|(r, _)| r)
        .collect();
    if models.is_empty() {
        return None;
    }
    let label = reading_title(ctx, "imposing_presence_range")
        .unwrap_or_else(|| upgrade_name(ctx, "imposing_presence"));
    Some(Declaration {
        key: DeclKey::Imposing,
        label,
        kind: DeclKind::Models { models },
    })
}

/// The title of one of our readings in `tables/reference.yaml`: a
/// declaration's question where the summary is short.
fn reading_title(ctx: Ctx<'_>, id: &str) -> Option<Text> {
    ctx.rules
        .reference
        .readings
        .iter()
        .find(|r| r.id == id)
        .map(|r| r.title.clone())
}

/// A declared form of the action `base` with its own row `id` (R26 an
/// aimed shot, R28 Iron defence): a flag labelled with the row's name, its
/// effect and the DP it adds, every number from the table. The offers keep
/// it only where the rules would take it (its DP paid, no Move before an
/// aimed shot).
fn form_row(ctx: Ctx<'_>, base: &str, id: &str) -> Option<Declaration> {
    let form = ctx.rules.action(id)?;
    let effect = Effect::of_form(form, ctx.rules.action(base));
    Some(Declaration {
        key: DeclKey::Row(id.to_string()),
        label: with_effect(&form.name, &effect),
        kind: DeclKind::Flag { effect },
    })
}

/// R31: the friends of `m` the players may name as within 15 cm of it,
/// who gain fear if the roll puts it Down (a beast has none); labelled by
/// the reading that says how they are named.
pub(crate) fn witnesses(st: &GameState, ctx: Ctx<'_>, m: ModelRef) -> Option<Declaration> {
    if !m.side.is_warband() {
        return None;
    }
    let models = in_play(st, |f| f.side == m.side && f != m);
    if models.is_empty() {
        return None;
    }
    let label = reading_title(ctx, "fear_witnesses").unwrap_or_else(|| Text::new("R31", "R31"));
    Some(Declaration {
        key: DeclKey::Witnesses,
        label,
        kind: DeclKind::Models { models },
    })
}

/// The models the row `row` asks the players to name (its `ask`), among
/// `models`.
pub(crate) fn listed(ctx: Ctx<'_>, row: &str, models: Vec<ModelRef>) -> Option<Declaration> {
    let label = ctx.rules.action(row)?.effect.ask.clone()?;
    (!models.is_empty()).then_some(Declaration {
        key: DeclKey::Listed,
        label,
        kind: DeclKind::Models { models },
    })
}

/// R30 (rules 3): is the hit of `attacker` on `target` one of close combat?
fn melee_hit(st: &GameState, attacker: ModelRef, target: ModelRef) -> bool {
    st.pending_hits.iter().any(|h| {
        h.attacker == attacker
            && h.target == target
            && matches!(
                h.source,
                HitSource::Fight | HitSource::Assault | HitSource::Disengage
            )
    })
}

/// R19: the items the body carries that a Loot may take, named by the
/// tables (rules 3: weapons and herbs; rules 4: armour and equipment too).
fn loot_items(st: &GameState, ctx: Ctx<'_>, body: ModelRef) -> Vec<Choice> {
    let Some(b) = st.model(body) else {
        return Vec::new();
    };
    if !ctx.setup.all_rules() {
        return Vec::new();
    }
    let p = &b.profile;
    let mut items: Vec<Choice> = p
        .melee
        .iter()
        .filter(|w| w.carried)
        .map(|w| Choice {
            id: w.id.clone(),
            label: w.name.clone(),
        })
        .collect();
    items.extend(p.ranged.iter().map(|w| Choice {
        id: w.id.clone(),
        label: w.name.clone(),
    }));
    if b.herbs > 0
        && let Some(e) = ctx.rules.equipment_item("mystic_herbs")
    {
        items.push(Choice {
            id: e.id.clone(),
            label: e.name.clone(),
        });
    }
    if ctx.setup.exact_rules() {
        for g in &b.gear {
            let name = ctx
                .rules
                .armour(g)
                .map(|a| a.name.clone())
                .or_else(|| ctx.rules.equipment_item(g).map(|e| e.name.clone()));
            if let Some(label) = name
                && !items.iter().any(|c| c.id == *g)
            {
                items.push(Choice {
                    id: g.clone(),
                    label,
                });
            }
        }
    }
    items
}

/// R26, R35, R42: a shot's band, its table options and the Imposing
/// models near the shooter.
pub(crate) fn shoot_declarations(
    st: &GameState,
    ctx: Ctx<'_>,
    shooter: ModelRef,
) -> Vec<Declaration> {
    let mut out = Vec::new();
    // R35: the band is one pick; its options are not ticked apart.
    let row = ctx.rules.action("shoot");
    let band_opt = |id: &str| {
        row.and_then(|r| r.options.iter().find(|o| o.id == id))
            .map(|o| with_effect(&o.name, &Effect::of_option(o)))
    };
    let medium = Text::new("Distancia media", "Medium range");
    let choices = [
        ("short", band_opt("short_range")),
        ("medium", Some(medium)),
        ("long", band_opt("long_range")),
    ]
    .into_iter()
    .filter_map(|(id, label)| {
        label.map(|label| Choice {
            id: id.to_string(),
            label,
        })
    })
    .collect();
    out.push(Declaration {
        key: DeclKey::Band,
        label: Text::new(
            crate::glossary::RANGE.get(Lang::Es),
            crate::glossary::RANGE.get(Lang::En),
        ),
        kind: DeclKind::Pick {
            choices,
            many: false,
        },
    });
    // The defensive shot is an offer of its own (R26), not a tick.
    out.extend(table_options(ctx, "shoot", |id| {
        id.ends_with("_range") || id == super::kit::DEFENSIVE_SHOT
    }));
    let me = shooter;
    out.extend(imposing(st, ctx, |m| m.side != me.side));
    // R26: the aimed shot, its DP and advantage from its row.
    out.extend(form_row(ctx, "shoot", AIMED_SHOT));
    out
}

/// R30, R42: the hit's cover rows (not in close combat), Survival
/// instinct and Inspiring.
pub(crate) fn hit_declarations(
    st: &GameState,
    ctx: Ctx<'_>,
    attacker: ModelRef,
    target: ModelRef,
) -> Vec<Declaration> {
    // R28: Iron defence, its DP and advantage from its row (the hit
    // itself costs nothing).
    let mut out: Vec<Declaration> = form_row(ctx, "resolve_hit", IRON_DEFENCE)
        .into_iter()
        .collect();
    // R30 (rules 3): no cover in close combat: the row is not offered.
    if !(ctx.setup.all_rules() && melee_hit(st, attacker, target)) {
        let choices = ctx
            .rules
            .cover
            .rows
            .iter()
            .map(|c| Choice {
                id: c.id.clone(),
                label: with_effect(
                    &c.name,
                    &Effect {
                        armour: c.armour,
                        ..Default::default()
                    },
                ),
            })
            .collect();
        out.push(Declaration {
            key: DeclKey::Cover,
            label: ctx.rules.cover.name.clone(),
            kind: DeclKind::Pick {
                choices,
                many: true,
            },
        });
    }
    if ctx.setup.all_rules() {
        if st
            .model(target)
            .is_some_and(|t| t.has(Keyword::SurvivalInstinct) && !t.instinct_used)
        {
            out.push(Declaration {
                key: DeclKey::SurvivalInstinct,
                label: upgrade_name(ctx, "survival_instinct"),
                kind: DeclKind::Flag {
                    effect: Effect::default(),
                },
            });
        }
        if st
            .model(attacker)
            .is_some_and(|x| x.has(Keyword::Inspiring))
        {
            out.push(Declaration {
                key: DeclKey::Inspired,
                label: upgrade_name(ctx, "inspiring"),
                kind: DeclKind::Models {
                    models: in_play(st, |m| m.side == attacker.side && m != attacker),
                },
            });
        }
    }
    out
}

/// R20, R22, R23, R24, R42: an Assault's or a Fight's declarations: each
/// side's weapon (where it has a choice), the table options of its row
/// `row` and the Imposing models near the attacker.
pub(crate) fn melee_declarations(
    st: &GameState,
    ctx: Ctx<'_>,
    row: &str,
    attacker: ModelRef,
    defender: ModelRef,
) -> Vec<Declaration> {
    let mut out: Vec<Declaration> = [attacker, defender]
        .into_iter()
        .filter_map(|m| weapon(st, m))
        .collect();
    // R24: the extra friends are counted from the tracked engagements (the
    // core refuses the option as a tick).
    out.extend(table_options(ctx, row, |id| id == super::kit::EXTRA_FRIEND));
    out.extend(imposing(st, ctx, |m| m != attacker));
    out
}

/// R23: the close combat weapon `m` fights with, a pick among its own
/// (none picked: its first); no question when it has one or none.
fn weapon(st: &GameState, m: ModelRef) -> Option<Declaration> {
    let x = st.model(m)?;
    if x.profile.melee.len() < 2 {
        return None;
    }
    let choices = x
        .profile
        .melee
        .iter()
        .map(|w| Choice {
            id: w.id.clone(),
            label: w.name.clone(),
        })
        .collect();
    Some(Declaration {
        key: DeclKey::Weapon(m),
        label: Text::each(|l| format!("{} ({})", crate::glossary::WEAPON.get(l), x.name)),
        kind: DeclKind::Pick {
            choices,
            many: false,
        },
    })
}

/// R19: what a Loot takes from `body`, a pick among its items (none when
/// the rules in play name no item).
pub(crate) fn loot_declarations(st: &GameState, ctx: Ctx<'_>, body: ModelRef) -> Vec<Declaration> {
    let choices = loot_items(st, ctx, body);
    if choices.is_empty() {
        return Vec::new();
    }
    let label = ctx
        .rules
        .action("loot")
        .map(|r| r.name.clone())
        .unwrap_or_else(|| Text::new("loot", "loot"));
    vec![Declaration {
        key: DeclKey::Item,
        label,
        kind: DeclKind::Pick {
            choices,
            many: false,
        },
    }]
}

/// What the players may still declare on `action` now.
pub(crate) fn declarations(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Vec<Declaration> {
    action
        .act()
        .declares()
        .map_or_else(Vec::new, |d| d.declarations(st, ctx))
}

impl Declaration {
    /// The label in `lang`.
    pub fn label(&self, lang: Lang) -> &str {
        self.label.get(lang)
    }
}
