//! The offers of the model in its activation: its actions and their
//! targets, the enemies' defensive shots at it (R26), and its herbs (R37).

use super::super::action::{Action, CheckOptions, FightOptions, ShootOptions, SpellChoice};
use super::super::kit::DEFENSIVE_SHOT;
use super::super::refs::ModelRef;
use super::super::status::Status;
use super::{Builder, in_play};
use crate::core::game::act;
use crate::core::tables::{Keyword, Stat};

// issue 22: split after the rules work lands
#[allow(clippy::too_many_lines)]
pub(super) fn acting_offers(b: &mut Builder<'_>, a: ModelRef, active: ModelRef) {
    let st = b.st;
    let Some(x) = st.model(a) else {
        return;
    };
    let enemies = in_play(st, |r| r.side != a.side);
    let friends = in_play(st, |r| r.side == a.side && r != a);
    b.offer(Some(a), Action::Move(act::Move { model: a }));
    if x.status == Status::Prone {
        b.offer(Some(a), Action::StandUp(act::StandUp { model: a }));
    }
    for brutal in [false, true] {
        b.targeted(a, &enemies, |d| {
            Action::Assault(act::Assault {
                attacker: a,
                defender: d,
                brutal,
                options: FightOptions::default(),
                roll: None,
            })
        });
    }
    b.targeted(a, &x.engaged, |d| {
        Action::Fight(act::Fight {
            attacker: a,
            defender: d,
            options: FightOptions::default(),
            roll: None,
        })
    });
    if !x.engaged.is_empty() {
        b.offer(
            Some(a),
            Action::Disengage(act::Disengage {
                model: a,
                rolls: Vec::new(),
            }),
        );
    }
    if !x.profile.ranged.is_empty() {
        // R26: the aimed shot is a declaration of this offer.
        b.targeted(a, &enemies, |t| {
            Action::Shoot(act::Shoot {
                shooter: a,
                target: t,
                options: ShootOptions::default(),
                roll: None,
                stray: None,
            })
        });
        // R42 (rules 4): the enemies with Imposing presence the players
        // may declare within 10 cm of the shooter (its `imposing` list);
        // undeclared, a shot takes no complication from them.
        if b.ctx.setup.exact_rules()
            && let Some(o) = b.out.last_mut()
            && o.id == "shoot"
            && o.model == Some(a)
        {
            o.choices = enemies
                .iter()
                .copied()
                .filter(|e| {
                    st.model(*e)
                        .is_some_and(|y| y.has(Keyword::ImposingPresence))
                })
                .collect();
        }
    }
    // R26 (rules 3): each enemy that could shoot the acting model before its
    // Assault (a defensive shot), offered only where the rules allow it.
    if b.ctx.setup.all_rules() && active == a {
        for e in &enemies {
            if st.model(*e).is_none_or(|y| y.profile.ranged.is_empty()) {
                continue;
            }
            let (targets, _) = b.collect_targets(&[a], |t| {
                Action::Shoot(act::Shoot {
                    shooter: *e,
                    target: t,
                    options: ShootOptions::default().with(DEFENSIVE_SHOT, 1),
                    roll: None,
                    stray: None,
                })
            });
            if let Some(t) = targets.first() {
                let action = t.action.clone();
                let offer = b.make_offer(Some(*e), action, true, None, targets, Vec::new());
                b.out.push(offer);
            }
        }
    }
    if x.has(Keyword::Breath) {
        b.offer_with(
            Some(a),
            Action::Breath(act::Breath {
                model: a,
                targets: Vec::new(),
            }),
            enemies.clone(),
        );
        // Each enemy alone under the breath, with its chance to go Down.
        let (targets, _) = b.collect_targets(&enemies, |t| {
            Action::Breath(act::Breath {
                model: a,
                targets: vec![t],
            })
        });
        if let Some(o) = b.out.last_mut() {
            o.targets = targets;
        }
    }
    if x.is_sorcerer() || !x.spells.is_empty() {
        for index in 0..x.spells.len() {
            b.offer_with(
                Some(a),
                Action::CastSpell(act::CastSpell {
                    caster: a,
                    spell: SpellChoice::Known { index },
                    target: None,
                    within_15cm: Vec::new(),
                    backlash: Vec::new(),
                    within_30cm: Vec::new(),
                    targets: Vec::new(),
                }),
                in_play(st, |r| r != a),
            );
            spell_targets(b, a, index);
        }
    }
    if x.leader {
        b.targeted(a, &friends, |f| {
            Action::LeaderOrder(act::LeaderOrder {
                leader: a,
                model: f,
            })
        });
        b.offer_with(
            Some(a),
            Action::LeaderRally(act::LeaderRally {
                leader: a,
                models: Vec::new(),
            }),
            friends.clone(),
        );
    }
    b.offer(Some(a), Action::TotemOwn(act::TotemOwn { model: a }));
    if a.side
        .opponent()
        .and_then(|o| st.side(o))
        .is_some_and(|s| s.totem_standing)
    {
        b.offer(Some(a), Action::TotemEnemy(act::TotemEnemy { model: a }));
    }
    let bodies: Vec<ModelRef> = st
        .models()
        .filter(|(r, m)| m.status == Status::Down && *r != a)
        .map(|(r, _)| r)
        .collect();
    b.targeted(a, &bodies, |body| {
        Action::Loot(act::Loot {
            model: a,
            body,
            item: String::new(),
        })
    });
    b.offer(
        Some(a),
        Action::Check(act::Check {
            model: a,
            stat: Stat::Agility,
            modifier: 0,
            reason: String::new(),
            options: CheckOptions::default(),
            roll: None,
        }),
    );
    // R41 Dreadful aspect (rules 3): the Courage check that opens the
    // assault on each enemy with it, until it is made this activation.
    if b.ctx.setup.all_rules() {
        let dreadful: Vec<ModelRef> = enemies
            .iter()
            .copied()
            .filter(|e| {
                st.model(*e).is_some_and(|y| y.has(Keyword::DreadfulAspect))
                    && !st.dread.iter().any(|(r, t, _)| *r == a && t == e)
            })
            .collect();
        b.targeted(a, &dreadful, |d| {
            Action::Check(act::Check {
                model: a,
                stat: Stat::Courage,
                modifier: 0,
                reason: String::new(),
                options: CheckOptions {
                    dreadful: Some(d),
                    ..Default::default()
                },
                roll: None,
            })
        });
    }
    herb_offer(b, a);
    b.offer(
        Some(active),
        Action::EndActivation(act::EndActivation {
            model: active,
            terrain: Vec::new(),
            near_enemy_totem: false,
        }),
    );
}

/// R37 (rules 3): a model with a mystic herb left may burn one.
pub(super) fn herb_offer(b: &mut Builder<'_>, m: ModelRef) {
    if b.ctx.setup.all_rules() && b.st.model(m).is_some_and(|x| x.herbs > 0) {
        b.offer(Some(m), Action::UseHerb(act::UseHerb { model: m }));
    }
}

/// R38 (rules 3): a spell that declares a hit: each model alone under it,
/// with its chance to go Down, on the spell's offer (as Breath's).
fn spell_targets(b: &mut Builder<'_>, a: ModelRef, index: usize) {
    let st = b.st;
    if !b.ctx.setup.all_rules()
        || st
            .model(a)
            .and_then(|x| x.spells.get(index))
            .is_none_or(|s| s.hit.is_none())
    {
        return;
    }
    let others = in_play(st, |r| r != a);
    let (targets, _) = b.collect_targets(&others, |t| {
        Action::CastSpell(act::CastSpell {
            caster: a,
            spell: SpellChoice::Known { index },
            target: None,
            within_15cm: Vec::new(),
            backlash: Vec::new(),
            within_30cm: Vec::new(),
            targets: vec![t],
        })
    });
    if let Some(o) = b.out.last_mut() {
        o.targets = targets;
    }
}
