//! Random legal play from a seed (issue 23): it walks the core's offers,
//! every allowed offer and target, answers their declarations at random
//! and rolls the dice; it builds by hand only what no offer lists (hand
//! corrections, notes, the app's free tools: see `by_hand`). For tests (long games, undo/redo, replay), the
//! benchmark and the crash test (`tests/game_kill.rs`).

use super::action::{Action, BeastChoice, SpellChoice};
use super::draft::Declaration;
use super::refs::{ModelRef, Side};
use super::setup::Beast;
use super::state::Now;
use super::status::Status;
use super::{Game, GameError};
use crate::dice::Roller;
use crate::game::act;
use crate::roster::SpellHit;
use crate::tables::{Keyword, Stats};

fn pick<T: Copy>(rng: &mut Roller, items: &[T]) -> Option<T> {
    if items.is_empty() {
        return None;
    }
    Some(items[(rng.die(items.len() as u32) - 1) as usize])
}

fn chance(rng: &mut Roller, percent: u32) -> bool {
    rng.die(100) <= percent
}

mod declare;
pub use declare::random_declarations;

fn subset(rng: &mut Roller, items: &[ModelRef]) -> Vec<ModelRef> {
    items.iter().copied().filter(|_| chance(rng, 50)).collect()
}

/// A beast for the random games.
pub fn sample_beast() -> Beast {
    Beast {
        name: "Bestia".into(),
        stats: Stats {
            agility: 4,
            combat: 4,
            accuracy: 2,
            strength: 5,
            toughness: 5,
            courage: 6,
        },
        armour: 1,
        weapons: vec!["claws".into()],
        keywords: vec![Keyword::Fearless],
        notes: String::new(),
    }
}

fn in_play(g: &Game, side: Side) -> Vec<ModelRef> {
    g.state()
        .models_of(side)
        .filter(|(_, m)| m.status.in_play())
        .map(|(r, _)| r)
        .collect()
}

fn enemies_of(g: &Game, m: ModelRef) -> Vec<ModelRef> {
    g.state()
        .models()
        .filter(|(r, x)| r.side != m.side && x.status.in_play())
        .map(|(r, _)| r)
        .collect()
}

fn friends_of(g: &Game, m: ModelRef) -> Vec<ModelRef> {
    in_play(g, m.side).into_iter().filter(|r| *r != m).collect()
}

/// Actions no offer lists, made by hand at the table: corrections
/// (`by_hand!()`), notes, and the app's free tools (a fall, touching
/// terrain, a spell of any level), which the players declare and the core
/// checks when sent. Drawn now and then to keep a long game alive and to
/// exercise them; `None` most of the time.
fn by_hand(g: &Game, rng: &mut Roller) -> Option<Action> {
    let st = g.state();
    let out_of_play = |side: Option<Side>| -> Vec<ModelRef> {
        st.models()
            .filter(|(r, m)| !m.status.in_play() && side.is_none_or(|s| r.side == s))
            .map(|(r, _)| r)
            .collect()
    };
    let standing = |m| {
        Action::SetStatus(act::SetStatus {
            model: m,
            status: Status::Standing,
        })
    };
    // A warband down to its last model gets one back by hand: a random game
    // goes on instead of ending (rules 3 end it when none is left standing).
    if st.pending.is_none() && st.pending_hits.is_empty() && st.ended.is_none() {
        for side in Side::WARBANDS {
            if in_play(g, side).len() <= 1
                && let Some(m) = pick(rng, &out_of_play(Some(side)))
            {
                return Some(standing(m));
            }
        }
    }
    let r = rng.die(200);
    if r <= 2 {
        return pick(rng, &out_of_play(None)).map(standing);
    }
    if r == 3 {
        let all: Vec<ModelRef> = st.models().map(|(r, _)| r).collect();
        return pick(rng, &all).map(|m| {
            Action::AdjustFear(act::AdjustFear {
                model: m,
                delta: if chance(rng, 50) { 1 } else { -1 },
            })
        });
    }
    if r == 4 {
        return Some(Action::ScenarioPoints(act::ScenarioPoints {
            side: if chance(rng, 50) { Side::A } else { Side::B },
            points: 1,
            note: "objetivo".into(),
        }));
    }
    if (r == 5 || st.beast_due) && st.beasts.len() < 2 {
        return Some(Action::BeastAppears(act::BeastAppears {
            beast: if g.setup().bestiary.is_empty() {
                BeastChoice::New(sample_beast())
            } else {
                BeastChoice::Bestiary { index: 0 }
            },
        }));
    }
    if r == 6 {
        return Some(Action::Note(act::Note {
            text: "nota".into(),
        }));
    }
    if let Now::StartTurn { .. } = st.now() {
        // Bring fallen models back now and then so a long game keeps playing.
        for side in Side::WARBANDS {
            if in_play(g, side).len() < 3
                && chance(rng, 60)
                && let Some(m) = pick(rng, &out_of_play(Some(side)))
            {
                return Some(standing(m));
            }
        }
    }
    match st.now() {
        // A sorcerer knowing no spell casts only this way (r 10 to 30).
        Now::Acting { model, ordered } if (7..=30).contains(&r) => {
            free_tool(g, rng, ordered.unwrap_or(model), r)
        }
        _ => None,
    }
}

/// The app's free tools for the acting model: a fall (its R31 witnesses as
/// the core declares them), touching terrain, a spell of any level.
fn free_tool(g: &Game, rng: &mut Roller, actor: ModelRef, r: u32) -> Option<Action> {
    let st = g.state();
    let x = st.model(actor)?;
    let enemies = enemies_of(g, actor);
    let friends = friends_of(g, actor);
    match r {
        7 | 8 => {
            let h = [3.0, 8.0, 12.0, 25.0][(rng.die(4) - 1) as usize];
            let base = Action::Fall(act::Fall {
                model: actor,
                height_cm: h,
                roll: None,
                witnesses: Vec::new(),
            });
            let decls = g.declarations(&base);
            let a = random_declarations(rng, &base, &decls);
            super::prepare::fill_dice(st, g.ctx(), &a, rng).ok()
        }
        9 => Some(Action::TouchTerrain(act::TouchTerrain {
            model: actor,
            terrain: if chance(rng, 50) { "cursed" } else { "water" }.into(),
        })),
        10..=30 if x.is_sorcerer() && x.spells.is_empty() => {
            let spell = SpellChoice::Custom {
                name: String::new(),
                level: rng.die(2),
                cost: 1,
                // R38 (rules 3): a custom spell may declare a hit.
                hit: (g.setup().all_rules() && chance(rng, 40)).then_some(SpellHit {
                    strength: 3,
                    penetration: 0,
                }),
            };
            let hits = matches!(spell, SpellChoice::Custom { hit: Some(_), .. });
            let die = rng.die(10);
            let total =
                die as i32 + super::spell::backlash_modifier(g.state(), actor, &spell).unwrap_or(0);
            let far = g
                .rules()
                .roll_table("spell_backlash")
                .and_then(|t| t.rows.get(t.row_for(total)))
                .is_some_and(|r| r.effect.fear_within_30cm != 0);
            let all: Vec<ModelRef> = friends.iter().chain(enemies.iter()).copied().collect();
            Some(Action::CastSpell(act::CastSpell {
                caster: actor,
                spell,
                target: pick(rng, &enemies)
                    .filter(|t| !st.model(*t).is_some_and(|m| m.has(Keyword::SpellImmune))),
                within_15cm: subset(rng, &all),
                backlash: vec![die],
                within_30cm: if far { subset(rng, &all) } else { Vec::new() },
                targets: if hits {
                    subset(rng, &enemies)
                } else {
                    Vec::new()
                },
            }))
        }
        _ => None,
    }
}

/// How often, in the draw among the allowed offers' ids, each is taken:
/// the steps that move a game on less often than acting, so a random game
/// is long and varied.
fn weight(id: &str) -> u32 {
    match id {
        "end_turn" | "change_round" | "end_activation" => 4,
        "accept" => 24,
        "headstrong_reroll" => 12,
        "use_herb" => 1,
        _ => 8,
    }
}

/// A random action that the game should accept now (when no roll goes
/// wrong): by hand now and then, else one of the allowed offers, drawn
/// at random (see [`weight`]), a target at random, its declarations
/// answered at random and its dice rolled. The game is never ended: a
/// random game goes on ([`next_action_ending`] ends it too).
pub fn next_action(g: &mut Game, rng: &mut Roller) -> Result<Action, GameError> {
    next_action_ending(g, rng, 0)
}

/// As [`next_action`], and with one chance in `one_in` (never when 0) the
/// players end the game where the offers allow it (issue 15).
pub fn next_action_ending(g: &Game, rng: &mut Roller, one_in: u32) -> Result<Action, GameError> {
    if let Some(a) = by_hand(g, rng) {
        return Ok(a);
    }
    if let Now::Ended { .. } = g.now() {
        // Over: only notes are left.
        return Ok(Action::Note(act::Note { text: "fin".into() }));
    }
    let offers = g.offers();
    let ending = one_in > 0 && rng.die(one_in) == 1;
    let drafts: Vec<(&str, &Action, &[Declaration])> = offers
        .allowed()
        .filter(|o| (o.id == "end_game") == ending && !by_hand_offer(&o.action))
        .flat_map(|o| {
            if o.targets.is_empty() {
                vec![(o.id, &o.draft, o.declarations.as_slice())]
            } else {
                o.targets
                    .iter()
                    .map(|t| (o.id, &t.draft, t.declarations.as_slice()))
                    .collect()
            }
        })
        .collect();
    let mut ids: Vec<&str> = drafts.iter().map(|d| d.0).collect();
    ids.dedup();
    let total: u32 = ids.iter().map(|id| weight(id)).sum();
    let Some(mut roll) = (total > 0).then(|| rng.die(total)) else {
        return Ok(Action::Note(act::Note {
            text: "paso".into(),
        }));
    };
    let id = ids
        .iter()
        .copied()
        .find(|id| {
            if roll <= weight(id) {
                return true;
            }
            roll -= weight(id);
            false
        })
        .unwrap_or(ids[0]);
    let of_id: Vec<usize> = (0..drafts.len()).filter(|i| drafts[*i].0 == id).collect();
    let i = pick(rng, &of_id).unwrap_or(0);
    let (_, draft, decls) = drafts[i];
    let action = random_declarations(rng, draft, decls);
    // The dice from `rng`: the same seed plays the same game whatever was
    // undone before.
    super::prepare::fill_dice(g.state(), g.ctx(), &action, rng)
}

/// The offers of the free tools (a fall, a spell of any level): played
/// by hand ([`free_tool`]) with their numbers drawn there, so the draw
/// among the offers stays as it was before the core offered them.
fn by_hand_offer(a: &Action) -> bool {
    matches!(
        a,
        Action::Fall(_)
            | Action::CastSpell(act::CastSpell {
                spell: SpellChoice::Custom { .. },
                ..
            })
    )
}

fn end(model: ModelRef) -> Action {
    Action::EndActivation(act::EndActivation {
        model,
        terrain: Vec::new(),
        near_enemy_totem: false,
    })
}

/// Apply `n` random actions; a refused one (a random choice the rules do not
/// allow now) is replaced by ending the activation or the turn.
pub fn play(g: &mut Game, rng: &mut Roller, n: usize) -> Result<(), GameError> {
    for _ in 0..n {
        step(g, rng)?;
    }
    Ok(())
}

/// Apply one random action (see [`play`]).
pub fn step(g: &mut Game, rng: &mut Roller) -> Result<(), GameError> {
    step_ending(g, rng, 0)
}

/// As [`step`], ending the game with one chance in `one_in` where the
/// offers allow it (never when 0): for the walks that must reach every
/// action, the game's end included.
pub fn step_ending(g: &mut Game, rng: &mut Roller, one_in: u32) -> Result<(), GameError> {
    let a = next_action_ending(g, rng, one_in)?;
    match g.apply(a) {
        Ok(()) => Ok(()),
        Err(e) if e.is_applied() => Err(e),
        Err(_) => {
            let fallback = match g.now() {
                Now::Acting { model, .. } => end(model),
                _ => Action::Note(act::Note {
                    text: "paso".into(),
                }),
            };
            g.apply(fallback)
        }
    }
}
