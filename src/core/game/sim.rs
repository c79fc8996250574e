//! Random legal play from a seed: builds the same actions a view would send,
//! with rolled dice. For tests (long games, undo/redo, replay), the
//! benchmark and the crash test (`tests/game_kill.rs`).

use super::action::{
    Action, BeastChoice, DisengageRoll, FightOptions, HitOptions, RangeBand, ShootOptions,
    SpellChoice,
};
use super::draft::Declaration;
use super::refs::{ModelRef, Side};
use super::roll::{Role, SideDice};
use super::setup::Beast;
use super::state::Now;
use super::status::Status;
use super::{Game, GameError};
use crate::core::dice::{OpposedOutcome, Roller};
use crate::core::roster::SpellHit;
use crate::core::tables::{Keyword, Stat, Stats};

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
use declare::declared;
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

/// A random action that the game should accept now (when no roll goes
/// wrong); `Err` only when the game cannot build a check.
// issue 22: split after the rules work lands
#[allow(clippy::too_many_lines)]
pub fn next_action(g: &mut Game, rng: &mut Roller) -> Result<Action, GameError> {
    let st = g.state().clone();
    // A warband down to its last model gets one back by hand: a random game
    // goes on instead of ending (rules 3 end it when none is left standing).
    if st.pending.is_none() && st.pending_hits.is_empty() && st.ended.is_none() {
        for side in Side::WARBANDS {
            let out: Vec<ModelRef> = st
                .models_of(side)
                .filter(|(_, m)| !m.status.in_play())
                .map(|(r, _)| r)
                .collect();
            if in_play(g, side).len() <= 1
                && let Some(m) = pick(rng, &out)
            {
                return Ok(Action::SetStatus {
                    model: m,
                    status: Status::Standing,
                });
            }
        }
    }
    let r = rng.die(200);
    // Rare hand changes keep a long game alive and exercise them.
    if r <= 2 {
        let out: Vec<ModelRef> = st
            .models()
            .filter(|(_, m)| !m.status.in_play())
            .map(|(r, _)| r)
            .collect();
        if let Some(m) = pick(rng, &out) {
            return Ok(Action::SetStatus {
                model: m,
                status: Status::Standing,
            });
        }
    }
    if r == 3 {
        let all: Vec<ModelRef> = st.models().map(|(r, _)| r).collect();
        if let Some(m) = pick(rng, &all) {
            return Ok(Action::AdjustFear {
                model: m,
                delta: if chance(rng, 50) { 1 } else { -1 },
            });
        }
    }
    if r == 4 {
        return Ok(Action::ScenarioPoints {
            side: if chance(rng, 50) { Side::A } else { Side::B },
            points: 1,
            note: "objetivo".into(),
        });
    }
    if (r == 5 || st.beast_due) && st.beasts.len() < 2 {
        return Ok(Action::BeastAppears {
            beast: if g.setup().bestiary.is_empty() {
                BeastChoice::New(sample_beast())
            } else {
                BeastChoice::Bestiary { index: 0 }
            },
        });
    }
    if r == 6 {
        return Ok(Action::Note {
            text: "nota".into(),
        });
    }
    let now = st.now();
    if let Now::StartTurn { .. } = now {
        // Bring fallen models back now and then so a long game keeps playing.
        for side in Side::WARBANDS {
            let out: Vec<ModelRef> = st
                .models_of(side)
                .filter(|(_, m)| !m.status.in_play())
                .map(|(r, _)| r)
                .collect();
            if in_play(g, side).len() < 3
                && chance(rng, 60)
                && let Some(m) = pick(rng, &out)
            {
                return Ok(Action::SetStatus {
                    model: m,
                    status: Status::Standing,
                });
            }
        }
    }
    match now {
        // Over (a warband wiped out, rules 3): only notes are left.
        Now::Ended { .. } => Ok(Action::Note { text: "fin".into() }),
        Now::StartTurn { .. } => Ok(Action::StartTurn {
            dark_forces: vec![rng.die(10)],
        }),
        Now::ChangeRound { side } => {
            let side = side.unwrap_or(if chance(rng, 50) { Side::A } else { Side::B });
            let models = in_play(g, side);
            if chance(rng, 30)
                && let Some(m) = pick(rng, &models)
                && g.dp_available(m) >= 1
            {
                let up = chance(rng, 50) || st.model(m).is_some_and(|x| x.round <= 1);
                return Ok(Action::ChangeRound {
                    model: m,
                    steps: if up { 1 } else { -1 },
                });
            }
            Ok(Action::EndChangeRound { side })
        }
        Now::RollOff { .. } => {
            let mut rolls = Vec::new();
            loop {
                let (a, b) = (rng.die(10), rng.die(10));
                rolls.push([a, b]);
                if a != b {
                    break;
                }
            }
            Ok(Action::RollOff {
                rolls,
                starts: Some(if chance(rng, 50) { Side::A } else { Side::B }),
            })
        }
        Now::Pick { models, .. } => Ok(Action::Activate {
            model: pick(rng, &models).unwrap_or(ModelRef::a(0)),
        }),
        Now::ResolveHits { hits } => {
            let (attacker, target) = hits
                .first()
                .copied()
                .unwrap_or((ModelRef::a(0), ModelRef::b(0)));
            let base = Action::ResolveHit {
                attacker,
                target,
                options: HitOptions {
                    iron_defence: g.dp_available(target) >= 1 && chance(rng, 30),
                    ..Default::default()
                },
                roll: None,
                witnesses: Vec::new(),
            };
            // The hit's declarations as the offer asks them (cover only
            // where it applies, R30).
            let options = if let Action::ResolveHit { options, .. } = declared(g, rng, &base) {
                options
            } else {
                HitOptions::default()
            };
            let prep = g.hit_check(attacker, target, &options)?;
            let roll = prep.roll(rng);
            let attacker_role = prep.role_of(attacker);
            let down = matches!(
                (attacker_role, roll.outcome()),
                (Some(Role::Active), OpposedOutcome::ActiveWins)
                    | (Some(Role::Passive), OpposedOutcome::PassiveWins)
            );
            let witnesses = if down && target.side.is_warband() {
                subset(rng, &friends_of(g, target))
            } else {
                Vec::new()
            };
            Ok(Action::ResolveHit {
                attacker,
                target,
                options,
                roll: Some(roll),
                witnesses,
            })
        }
        Now::Rolled => Ok(settle_roll(g, rng)),
        Now::ChooseStart { .. } => Ok(Action::ChooseStart {
            side: if chance(rng, 50) { Side::A } else { Side::B },
        }),
        Now::Acting { model, ordered } => acting(g, rng, model, ordered.unwrap_or(model)),
    }
}

/// One of the actions the offers allow now, dice filled, drawn at random:
/// every kind the offers list is reached this way, re-rolls and reactions
/// included. `keep` says which offers to draw from. The game's end is left
/// out: a random game goes on.
fn from_offers(g: &Game, rng: &mut Roller, keep: impl Fn(&super::Offer) -> bool) -> Option<Action> {
    let offers = g.offers();
    let drafts: Vec<(&Action, &[Declaration])> = offers
        .allowed()
        .filter(|o| o.id != "end_game" && keep(o))
        .flat_map(|o| {
            if o.targets.is_empty() {
                vec![(&o.draft, o.declarations.as_slice())]
            } else {
                o.targets
                    .iter()
                    .map(|t| (&t.draft, t.declarations.as_slice()))
                    .collect()
            }
        })
        .collect();
    let i = pick(rng, &(0..drafts.len()).collect::<Vec<_>>())?;
    let (draft, decls) = drafts[i];
    let action = random_declarations(rng, draft, decls);
    // The dice from `rng`, as every other action here: the same seed plays
    // the same game whatever was undone before.
    super::prepare::fill_dice(g.state(), g.ctx(), &action, rng).ok()
}

/// A roll waits (rules 2): now and then a re-roll (the totem's, R33, or
/// Headstrong's, R42), else accept it as the offers allow (the friend a
/// stray shot hits among those they name, R26).
fn settle_roll(g: &Game, rng: &mut Roller) -> Action {
    let st = g.state();
    if chance(rng, 60)
        && let Some(a) = from_offers(g, rng, |o| o.id == "headstrong_reroll")
    {
        return a;
    }
    if !chance(rng, 20)
        && let Some(a) = from_offers(g, rng, |o| o.id == "accept")
    {
        return a;
    }
    if let Some(p) = st.pending.as_ref()
        && chance(rng, 20)
    {
        let parts = super::pending::roll_parts(st, &p.action);
        let ready: Vec<_> = parts
            .iter()
            .filter(|r| g.can_reroll(r.model))
            .copied()
            .collect();
        if let Some(part) = ready.first()
            && let Some((_, spec)) = super::pending::dice_of(&p.action, part)
        {
            return Action::TotemReroll {
                by: part.model,
                roll: part.roll,
                dice: Some(SideDice::roll(rng, &spec)),
            };
        }
    }
    Action::Accept {
        witnesses: None,
        stray: None,
        within_30cm: None,
    }
}

fn end(g: &Game, rng: &mut Roller, model: ModelRef) -> Action {
    let enemy_totem = model
        .side
        .opponent()
        .and_then(|o| g.state().side(o))
        .is_some_and(|s| s.totem_standing);
    Action::EndActivation {
        model,
        terrain: if chance(rng, 10) {
            vec!["water".into()]
        } else {
            Vec::new()
        },
        near_enemy_totem: enemy_totem && chance(rng, 10),
    }
}

// issue 22: split after the rules work lands
#[allow(clippy::too_many_lines)]
fn acting(
    g: &mut Game,
    rng: &mut Roller,
    model: ModelRef,
    actor: ModelRef,
) -> Result<Action, GameError> {
    let st = g.state().clone();
    let Some(x) = st.model(actor) else {
        return Ok(end(g, rng, model));
    };
    if g.dp_available(actor) < 1 || chance(rng, 25) {
        return Ok(end(g, rng, model));
    }
    if x.status == Status::Prone {
        return Ok(Action::StandUp { model: actor });
    }
    if !x.engaged.is_empty() {
        if chance(rng, 70) {
            let defender = pick(rng, &x.engaged).unwrap_or(ModelRef::b(0));
            let prep = g.fight_check(actor, defender, &FightOptions::default())?;
            let roll = Some(prep.roll(rng));
            return Ok(Action::Fight {
                attacker: actor,
                defender,
                options: FightOptions::default(),
                roll,
            });
        }
        let preps = g.disengage_checks(actor)?;
        let rolls = preps
            .iter()
            .map(|p| DisengageRoll {
                opponent: p.passive.unwrap_or(ModelRef::b(0)),
                roll: p.roll(rng),
            })
            .collect();
        return Ok(Action::Disengage {
            model: actor,
            rolls,
        });
    }
    let enemies = enemies_of(g, actor);
    let friends = friends_of(g, actor);
    let choice = rng.die(13);
    match choice {
        // Any action the offers list: the Dreadful check (R41), Breath on
        // one target, loot, the enemies' defensive shots (R26), herbs…
        12 | 13 => Ok(from_offers(g, rng, |_| true).unwrap_or_else(|| end(g, rng, model))),
        1 | 2 if !enemies.is_empty() => {
            let defender = pick(rng, &enemies).unwrap_or(ModelRef::b(0));
            let brutal = chance(rng, 30);
            let base = Action::Assault {
                attacker: actor,
                defender,
                brutal,
                options: FightOptions::default(),
                roll: None,
            };
            // The offer's draft (R20: the Moves just made), answered at random.
            let options = if let Action::Assault { options, .. } = declared(g, rng, &base) {
                options
            } else {
                FightOptions::default()
            };
            let prep = g.assault_check(actor, defender, brutal, &options)?;
            Ok(Action::Assault {
                attacker: actor,
                defender,
                brutal,
                options,
                roll: Some(prep.roll(rng)),
            })
        }
        3 if !enemies.is_empty() && !x.profile.ranged.is_empty() => {
            let target = pick(rng, &enemies).unwrap_or(ModelRef::b(0));
            let mut options = ShootOptions {
                band: [RangeBand::Short, RangeBand::Medium, RangeBand::Long]
                    [(rng.die(3) - 1) as usize],
                // R26 (rules 3): no aimed shot after a Move.
                aimed: chance(rng, 30) && (!g.setup().all_rules() || g.state().moved == 0),
                ..Default::default()
            };
            if chance(rng, 20) {
                options = options.with("into_combat", 1);
            }
            let prep = g.shoot_check(actor, target, &options)?;
            let roll = prep.roll(rng);
            // R26 (rules 3): an engaged target is shot into a combat.
            let into = options.options.contains_key("into_combat")
                || (g.setup().all_rules()
                    && g.state()
                        .model(target)
                        .is_some_and(|t| !t.engaged.is_empty()));
            let by_penalty = into && !roll.success() && roll.roll.d10 as i32 <= roll.target() + 3;
            // R26 (rules 4): the friend hit is one engaged with the target.
            let engaged = super::shooting::stray_friends(g.state(), actor, target);
            let stray = if !by_penalty {
                None
            } else if g.setup().exact_rules() && !engaged.is_empty() {
                pick(rng, &engaged)
            } else {
                pick(rng, &friends)
            };
            Ok(Action::Shoot {
                shooter: actor,
                target,
                options,
                roll: Some(roll),
                stray,
            })
        }
        4 if x.has(Keyword::Breath) => Ok(Action::Breath {
            model: actor,
            targets: subset(rng, &enemies),
        }),
        5 if x.is_sorcerer() || !x.spells.is_empty() => {
            let spell = if x.spells.is_empty() {
                SpellChoice::Custom {
                    name: String::new(),
                    level: rng.die(2),
                    cost: 1,
                    // R38 (rules 3): a custom spell may declare a hit.
                    hit: (g.setup().all_rules() && chance(rng, 40)).then_some(SpellHit {
                        strength: 3,
                        penetration: 0,
                    }),
                }
            } else {
                SpellChoice::Known { index: 0 }
            };
            let hits = matches!(spell, SpellChoice::Custom { hit: Some(_), .. });
            let die = rng.die(10);
            let total = die as i32 + g.backlash_modifier(actor, &spell).unwrap_or(0);
            let far = g
                .rules()
                .roll_table("spell_backlash")
                .and_then(|t| t.rows.get(t.row_for(total)))
                .is_some_and(|r| r.effect.fear_within_30cm != 0);
            let all: Vec<ModelRef> = friends.iter().chain(enemies.iter()).copied().collect();
            Ok(Action::CastSpell {
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
            })
        }
        6 if x.leader => Ok(Action::LeaderRally {
            leader: actor,
            models: subset(rng, &friends),
        }),
        7 if x.leader && st.ordered.is_none() && !friends.is_empty() => Ok(Action::LeaderOrder {
            leader: actor,
            model: pick(rng, &friends).unwrap_or(actor),
        }),
        8 if st.side(actor.side).is_some_and(|s| s.totem_standing) && x.fear > 0 => {
            Ok(Action::TotemOwn { model: actor })
        }
        9 if chance(rng, 10)
            && actor
                .side
                .opponent()
                .and_then(|o| st.side(o))
                .is_some_and(|s| s.totem_standing) =>
        {
            Ok(Action::TotemEnemy { model: actor })
        }
        10 => {
            if chance(rng, 50) {
                Ok(Action::TouchTerrain {
                    model: actor,
                    terrain: "cursed".into(),
                })
            } else {
                let stat = [Stat::Agility, Stat::Courage][(rng.die(2) - 1) as usize];
                let prep = g.attribute_check(actor, stat, 0)?;
                Ok(Action::Check {
                    model: actor,
                    stat,
                    modifier: 0,
                    reason: "salto".into(),
                    options: Default::default(),
                    roll: Some(prep.roll(rng)),
                })
            }
        }
        11 => {
            let h = [3.0, 8.0, 12.0, 25.0][(rng.die(4) - 1) as usize];
            let prep = g.fall_check(actor, h)?;
            let roll = prep.as_ref().map(|p| p.roll(rng));
            let down = roll
                .as_ref()
                .is_some_and(|r| r.outcome() == OpposedOutcome::PassiveWins);
            Ok(Action::Fall {
                model: actor,
                height_cm: h,
                roll,
                witnesses: if down && actor.side.is_warband() {
                    subset(rng, &friends)
                } else {
                    Vec::new()
                },
            })
        }
        _ => Ok(Action::Move { model: actor }),
    }
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
    let a = next_action(g, rng)?;
    match g.apply(a) {
        Ok(()) => Ok(()),
        Err(e) if e.is_applied() => Err(e),
        Err(_) => {
            let fallback = match g.now() {
                Now::Acting { model, .. } => end(g, rng, model),
                _ => Action::Note {
                    text: "paso".into(),
                },
            };
            g.apply(fallback)
        }
    }
}
