//! Issue 12: the rules the game applies for the players in new games
//! (rules 3), each checked against the same game played with rules 2, where
//! the players applied them by hand.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{
    Action, FightOptions, Game, GameSetup, HitOptions, ShootOptions, Side, Status,
};

/// Vask (b0) has Imposing presence; Grim (a4) is a Constrictor; Sarn (b4)
/// is Headstrong.
fn setup_with(rules_version: u32) -> GameSetup {
    let mut a = roster_a();
    a.models[4].upgrades.push("constrictor".into());
    let mut b = roster_b();
    b.models[0].upgrades.push("imposing_presence".into());
    b.models[4].upgrades.push("headstrong".into());
    GameSetup::new(a, b)
        .with_seed(7)
        .with_players("Ana", "Beto")
        .with_rules(rules_version)
}

fn new_game(rules_version: u32) -> Game {
    Game::new(setup_with(rules_version), &rules())
}

fn refusal(g: &mut Game, action: Action) -> String {
    match g.act(action) {
        Ok(()) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn r42_imposing_presence_gives_one_complication_to_who_assaults_the_hero() {
    for (version, want) in [(3, 1), (2, 0)] {
        let mut g = new_game(version);
        turn(&mut g, 4);
        skip_to(&mut g, a(0));
        let p = g
            .assault_check(a(0), b(0), false, &FightOptions::default())
            .unwrap();
        assert_eq!(p.spec.active.complications, want, "rules {version}");
        assert_eq!(
            p.sources.iter().any(|t| t.en.contains("R42")),
            want == 1,
            "{:?}",
            p.sources
        );
        // Vask's own roll is not hindered by his presence.
        assert_eq!(p.spec.passive.complications, 0);
    }
}

#[test]
fn r42_imposing_presence_named_within_10_cm_hinders_a_shot_at_another_model() {
    let mut g = new_game(3);
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let plain = g.shoot_check(a(2), b(1), &ShootOptions::default()).unwrap();
    assert_eq!(plain.spec.complications, 0);
    let near = ShootOptions {
        imposing: vec![b(0)],
        ..Default::default()
    };
    let p = g.shoot_check(a(2), b(1), &near).unwrap();
    assert_eq!(p.spec.complications, 1);
    // Only an enemy with the upgrade may be named.
    let wrong = ShootOptions {
        imposing: vec![b(1)],
        ..Default::default()
    };
    let e = g.shoot_check(a(2), b(1), &wrong).unwrap_err();
    assert!(e.to_string().starts_with("R42"), "{e}");
}

fn grim_engaged_with_vask(version: u32) -> Game {
    let mut g = new_game(version);
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(4),
            b: b(0),
            engaged: true,
        }),
    );
    g
}

#[test]
fn r41_constrictor_fights_for_one_more_dp_and_its_enemy_takes_a_complication() {
    for (version, dp, complications) in [(3, 2, 1), (2, 1, 0)] {
        let g = grim_engaged_with_vask(version);
        let offers = g.offers();
        let fight = offers
            .offers
            .iter()
            .find(|o| o.id == "fight" && o.allowed)
            .expect("fight offered");
        assert_eq!(fight.dp, dp, "rules {version}");
        let p = g.fight_check(a(4), b(0), &FightOptions::default()).unwrap();
        // Vask (passive) rolls against a Constrictor; he also stands within
        // contact of nobody imposing on his own side.
        assert_eq!(p.spec.passive.complications, complications);
        // And the pool pays what the offer said.
        let mut g = g;
        let before = pool(&g, Side::A) + g.state().model(a(4)).unwrap().own_dp;
        g.act(fight.action.clone()).unwrap();
        accept(&mut g);
        let after = pool(&g, Side::A) + g.state().model(a(4)).unwrap().own_dp;
        assert_eq!(before - after, dp);
    }
}

#[test]
fn r26_shooting_at_an_engaged_model_takes_the_into_combat_penalty_by_itself() {
    for (version, modifier) in [(3, -3), (2, 0)] {
        let mut g = new_game(version);
        turn(&mut g, 4);
        skip_to(&mut g, a(2));
        ok(
            &mut g,
            Action::SetEngaged(act::SetEngaged {
                a: a(1),
                b: b(1),
                engaged: true,
            }),
        );
        let p = g.shoot_check(a(2), b(1), &ShootOptions::default()).unwrap();
        assert_eq!(p.spec.modifier, modifier, "rules {version}");
    }
}

#[test]
fn r26_aimed_shot_is_refused_after_a_move_in_the_same_activation() {
    let mut g = new_game(3);
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let aimed = ShootOptions {
        aimed: true,
        ..Default::default()
    };
    assert!(g.shoot_check(a(2), b(1), &aimed).is_ok());
    ok(&mut g, Action::Move(act::Move { model: a(2) }));
    let e = refusal(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(1),
            options: aimed.clone(),
            roll: None,
            stray: None,
        }),
    );
    assert!(e.starts_with("R26"), "{e}");
    // A plain shot after the move is still fine.
    assert!(g.shoot_check(a(2), b(1), &ShootOptions::default()).is_ok());
    // Rules 2: the players judged it.
    let mut old = new_game(2);
    turn(&mut old, 4);
    skip_to(&mut old, a(2));
    ok(&mut old, Action::Move(act::Move { model: a(2) }));
    assert!(old.shoot_check(a(2), b(1), &aimed).is_ok());
}

#[test]
fn r30_no_cover_on_a_melee_hit() {
    let mut g = new_game(3);
    ulrak_hits_vask(&mut g);
    let covered = HitOptions {
        cover: vec!["light".into()],
        ..Default::default()
    };
    let e = g.hit_check(a(0), b(0), &covered).unwrap_err();
    assert!(e.to_string().starts_with("R30"), "{e}");
    assert!(g.hit_check(a(0), b(0), &HitOptions::default()).is_ok());
}

#[test]
fn r09_round_changes_are_counted_from_the_model_agility() {
    let mut g = new_game(3);
    start_turn(&mut g, 4);
    let start = pool(&g, Side::A);
    ok(
        &mut g,
        Action::ChangeRound(act::ChangeRound {
            model: a(1),
            steps: 2,
        }),
    );
    assert_eq!(pool(&g, Side::A), start - 2);
    // Back one step: the net change is one step, 1 DP.
    let back = Action::ChangeRound(act::ChangeRound {
        model: a(1),
        steps: -1,
    });
    let offered = g
        .offers()
        .offers
        .into_iter()
        .find(|o| o.action == back)
        .expect("the step back is offered");
    assert_eq!(offered.dp, 0);
    ok(&mut g, back);
    assert_eq!(pool(&g, Side::A), start - 1);
    // Rules 2 charged every step.
    let mut old = new_game(2);
    start_turn(&mut old, 4);
    for steps in [2, -1] {
        ok(
            &mut old,
            Action::ChangeRound(act::ChangeRound { model: a(1), steps }),
        );
    }
    assert_eq!(pool(&old, Side::A), start - 3);
}

/// Sarn (b4) is Headstrong; he fights Ulrak (a0) in his own activation.
fn sarn_fights_ulrak(version: u32, sarn_d10: u32) -> Game {
    let mut g = new_game(version);
    turn(&mut g, 4);
    skip_to(&mut g, b(4));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: b(4),
            b: a(0),
            engaged: true,
        }),
    );
    let prep = g
        .fight_check(b(4), a(0), &FightOptions::default())
        .expect("Sarn may fight Ulrak");
    g.apply(Action::Fight(act::Fight {
        attacker: b(4),
        defender: a(0),
        options: FightOptions::default(),
        roll: Some(typed(prep.spec, sarn_d10, 5)),
    }))
    .expect("the fight is rolled");
    g
}

fn headstrong(dice: Option<impia::core::game::SideDice>) -> Action {
    Action::HeadstrongReroll(act::HeadstrongReroll {
        by: b(4),
        roll: 0,
        dice,
    })
}

#[test]
fn r42_headstrong_rerolls_a_1_in_combat_once_apart_from_the_totem() {
    let mut g = sarn_fights_ulrak(3, 1);
    let offers = g.offers();
    let offer = offers
        .offers
        .iter()
        .find(|o| o.id == "headstrong_reroll")
        .expect("offered to the Headstrong model");
    assert!(offer.allowed, "{:?}", offer.why_not);
    g.act(headstrong(None)).unwrap();
    let p = g.pending().expect("the roll still waits");
    assert_eq!(p.rerolls.len(), 1);
    assert_eq!(p.rerolls[0].before.d10, 1, "the 1 is kept in the record");
    // Once per roll, whatever the new die shows.
    let e = g.act(headstrong(None)).unwrap_err().to_string();
    assert!(e.starts_with("R42"), "{e}");
    // The totem's re-roll is still there: a separate re-roll (R33).
    let totem = g
        .offers()
        .offers
        .into_iter()
        .find(|o| o.id == "totem_reroll" && o.model == Some(b(4)))
        .expect("totem re-roll offered");
    assert!(totem.allowed, "{:?}", totem.why_not);
}

#[test]
fn r42_headstrong_rerolls_only_a_1_and_only_in_new_games() {
    let mut g = sarn_fights_ulrak(3, 4);
    let e = g.act(headstrong(None)).unwrap_err().to_string();
    assert!(e.starts_with("R42") && e.contains('4'), "{e}");
    let mut old = sarn_fights_ulrak(2, 1);
    assert!(old.offers().find("headstrong_reroll").is_none());
    assert!(old.act(headstrong(None)).is_err());
}

/// Grim (a4) gets a Dreadful aspect in this game; Vask (b0) wants to assault it.
fn vask_faces_dreadful_grim(version: u32) -> Game {
    let mut a = roster_a();
    a.models[4].upgrades.push("dreadful_aspect".into());
    let setup = GameSetup::new(a, roster_b())
        .with_seed(7)
        .with_rules(version);
    let mut g = Game::new(setup, &rules());
    turn(&mut g, 4);
    skip_to(&mut g, b(0));
    g
}

fn courage_against(d: impia::core::game::ModelRef, d10: u32, g: &Game) -> Action {
    let options = impia::core::game::CheckOptions {
        dreadful: Some(d),
        ..Default::default()
    };
    let prep = g
        .attribute_check_with(b(0), impia::core::tables::Stat::Courage, 0, &options)
        .expect("the Courage check is prepared");
    Action::Check(act::Check {
        model: b(0),
        stat: impia::core::tables::Stat::Courage,
        modifier: 0,
        reason: String::new(),
        options,
        roll: Some(typed_check(prep.spec, d10)),
    })
}

fn assault_grim() -> Action {
    Action::Assault(act::Assault {
        attacker: b(0),
        defender: a(4),
        brutal: false,
        options: FightOptions::default(),
        roll: None,
    })
}

#[test]
fn r41_dreadful_aspect_needs_a_passed_courage_check_before_the_assault() {
    let mut g = vask_faces_dreadful_grim(3);
    let e = refusal(&mut g, assault_grim());
    assert!(e.starts_with("R41") && e.contains("Courage"), "{e}");
    // The check is offered, aimed at the dreadful enemy only.
    let offers = g.offers();
    let check = offers
        .offers
        .iter()
        .find(|o| o.id == "check" && !o.targets.is_empty())
        .expect("the Courage check is offered");
    assert_eq!(
        check.targets.iter().map(|t| t.model).collect::<Vec<_>>(),
        vec![a(4)]
    );
    // Passed (1 on the d10): the assault is open in this activation.
    let pass = courage_against(a(4), 1, &g);
    ok(&mut g, pass);
    g.act(assault_grim()).expect("the assault is allowed now");
}

#[test]
fn r41_a_failed_courage_check_forbids_that_assault_for_the_activation() {
    let mut g = vask_faces_dreadful_grim(3);
    let fail = courage_against(a(4), 10, &g);
    ok(&mut g, fail);
    let e = refusal(&mut g, assault_grim());
    assert!(e.starts_with("R41") && e.contains("failed"), "{e}");
    // Other enemies may still be assaulted, and the failure cost no DP.
    assert!(
        g.offers()
            .offers
            .iter()
            .any(|o| o.id == "assault" && o.allowed && o.targets.iter().any(|t| t.model == a(0)))
    );
    // Rules 2: the players judged it by hand.
    let mut old = vask_faces_dreadful_grim(2);
    assert!(old.act(assault_grim()).is_ok());
}

/// Warband A with `upgrades` added to Grim (a4, claws) and Ulrak (a0).
fn game_with(grim: &[&str], ulrak: &[&str], version: u32) -> Game {
    let mut a = roster_a();
    a.models[4]
        .upgrades
        .extend(grim.iter().map(|s| s.to_string()));
    a.models[0]
        .upgrades
        .extend(ulrak.iter().map(|s| s.to_string()));
    let mut b = roster_b();
    b.models[0].upgrades.push("survival_instinct".into());
    let setup = GameSetup::new(a, b).with_seed(7).with_rules(version);
    Game::new(setup, &rules())
}

fn grim_engaged(grim: &[&str], version: u32) -> Game {
    let mut g = game_with(grim, &[], version);
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(4),
            b: b(0),
            engaged: true,
        }),
    );
    g
}

fn fight_p_down(g: &Game) -> impia::core::odds::Prob {
    g.offers()
        .offers
        .iter()
        .find(|o| o.id == "fight" && o.allowed)
        .and_then(|o| o.targets.iter().find(|t| t.model == b(0)))
        .and_then(|t| t.p_down)
        .expect("the fight's chance")
}

#[test]
fn r41_venom_adds_a_strength_3_poison_hit_after_the_claws() {
    let mut g = grim_engaged(&["venom"], 3);
    let plain = grim_engaged(&[], 3);
    // The chance counts the poison's second hit.
    assert!(fight_p_down(&g) > fight_p_down(&plain));
    fight(&mut g, a(4), b(0), 10, 1);
    let hits: Vec<(i32, i32)> = g
        .state()
        .pending_hits
        .iter()
        .map(|h| (h.strength, h.penetration))
        .collect();
    let claws = g.state().model(a(4)).unwrap().profile.melee[0].clone();
    assert_eq!(hits, vec![(claws.strength, claws.penetration), (3, 0)]);
    // The claws put Vask Down: the poison has no one left to hit.
    hit(&mut g, a(4), b(0), 10, 1, vec![]);
    assert!(g.state().pending_hits.is_empty());
    // Rules 2: one hit, as the players played it.
    let mut old = grim_engaged(&["venom"], 2);
    fight(&mut old, a(4), b(0), 10, 1);
    assert_eq!(old.state().pending_hits.len(), 1);
}

#[test]
fn r35_blowpipe_poison_is_a_strength_2_hit_after_the_dart() {
    let mut ra = roster_a();
    ra.models[2].weapons = vec!["blowpipe".into()];
    let setup = GameSetup::new(ra, roster_b()).with_seed(7);
    let mut g = Game::new(setup, &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let prep = g
        .shoot_check(a(2), b(1), &ShootOptions::default())
        .expect("the shot");
    ok(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(1),
            options: ShootOptions::default(),
            roll: Some(typed_check(prep.spec, 1)),
            stray: None,
        }),
    );
    let strengths: Vec<i32> = g.state().pending_hits.iter().map(|h| h.strength).collect();
    assert_eq!(strengths.len(), 2, "the dart and its poison");
    assert_eq!(strengths[1], 2);
}

#[test]
fn r41_bloodsucker_gains_a_dp_of_its_own_when_it_puts_an_enemy_down() {
    for (version, gain) in [(3, 1), (2, 0)] {
        let mut g = grim_engaged(&["bloodsucker"], version);
        fight(&mut g, a(4), b(0), 10, 1);
        let before = g.state().model(a(4)).unwrap().own_dp;
        hit(&mut g, a(4), b(0), 10, 1, vec![]);
        assert_eq!(g.state().model(b(0)).unwrap().status, Status::Down);
        assert_eq!(
            g.state().model(a(4)).unwrap().own_dp - before,
            gain,
            "rules {version}"
        );
    }
}

#[test]
fn r42_survival_instinct_gives_one_advantage_to_toughness_once() {
    let mut g = grim_engaged(&[], 3);
    fight(&mut g, a(4), b(0), 10, 1);
    let instinct = HitOptions {
        survival_instinct: true,
        ..Default::default()
    };
    let plain = g.hit_check(a(4), b(0), &HitOptions::default()).unwrap();
    let with = g.hit_check(a(4), b(0), &instinct).unwrap();
    // Vask rolls the passive side in Grim's activation.
    assert_eq!(
        with.spec.passive.advantages,
        plain.spec.passive.advantages + 1
    );
    // Vask withstands it (10 against 1); the instinct is spent.
    hit_with(&mut g, a(4), b(0), instinct.clone(), 1, 10, vec![]);
    assert!(g.state().model(b(0)).unwrap().instinct_used);
    fight(&mut g, a(4), b(0), 10, 1);
    let e = g.hit_check(a(4), b(0), &instinct).unwrap_err().to_string();
    assert!(e.starts_with("R42"), "{e}");
}

#[test]
fn r42_inspiring_friends_within_15_cm_lose_a_fear_when_it_puts_an_enemy_down() {
    let mut g = game_with(&[], &["inspiring"], 3);
    set_fear(&mut g, a(1), 2);
    ulrak_hits_vask(&mut g);
    let inspired = HitOptions {
        inspired: vec![a(1)],
        ..Default::default()
    };
    hit_with(&mut g, a(0), b(0), inspired, 10, 1, vec![]);
    assert_eq!(fear_of(&g, a(1)), 1);
    // Only an Inspiring attacker's friends may be named.
    let mut h = game_with(&[], &[], 3);
    ulrak_hits_vask(&mut h);
    let e = h
        .hit_check(
            a(0),
            b(0),
            &HitOptions {
                inspired: vec![a(1)],
                ..Default::default()
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("R42"), "{e}");
}

#[test]
fn r42_an_initiate_casts_only_its_known_level_1_spell() {
    let mut ra = roster_a();
    ra.models[0].upgrades.push("initiate".into());
    ra.models[0].spells = vec![impia::core::roster::Spell {
        effect: Default::default(),
        name: "Chispa".into(),
        level: 1,
        cost: 1,
        text: String::new(),
        hit: None,
    }];
    let setup = GameSetup::new(ra, roster_b()).with_seed(7);
    let mut g = Game::new(setup, &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let cast = |spell| {
        Action::CastSpell(act::CastSpell {
            caster: a(0),
            spell,
            target: None,
            within_15cm: Vec::new(),
            backlash: Vec::new(),
            within_30cm: Vec::new(),
            targets: Vec::new(),
        })
    };
    let custom = impia::core::game::SpellChoice::Custom {
        name: "Tormenta".into(),
        level: 3,
        cost: 1,
        hit: None,
    };
    let e = refusal(&mut g, cast(custom));
    assert!(e.starts_with("R42"), "{e}");
    g.act(cast(impia::core::game::SpellChoice::Known { index: 0 }))
        .expect("its own level-1 spell");
}

#[test]
fn r03_two_bonuses_of_one_source_do_not_add_two_sources_do() {
    let extra = |reason: &str, modifier: i32| impia::core::game::ExtraModifier {
        on: impia::core::game::Party::Attacker,
        reason: reason.into(),
        modifier,
        advantages: 0,
        complications: 0,
    };
    for (version, same, different) in [(3, 2, 3), (2, 3, 3)] {
        let g = grim_engaged(&[], version);
        let base = g
            .fight_check(a(4), b(0), &FightOptions::default())
            .unwrap()
            .spec
            .active
            .modifier;
        let with = |extras: Vec<impia::core::game::ExtraModifier>| {
            let o = FightOptions {
                extra: extras,
                ..Default::default()
            };
            g.fight_check(a(4), b(0), &o).unwrap().spec.active.modifier - base
        };
        assert_eq!(
            with(vec![extra("Bendición", 1), extra("bendición ", 2)]),
            same,
            "rules {version}"
        );
        assert_eq!(
            with(vec![extra("Bendición", 1), extra("Altar", 2)]),
            different
        );
    }
}

#[test]
fn r42_savage_acts_one_more_activation_after_being_put_down() {
    let mut rb = roster_b();
    rb.models[0].upgrades.push("savage".into());
    let setup = GameSetup::new(roster_a(), rb).with_seed(7);
    let mut g = Game::new(setup, &rules());
    ulrak_hits_vask(&mut g);
    hit(&mut g, a(0), b(0), 10, 1, vec![]);
    let vask = g.state().model(b(0)).unwrap();
    // Down as the rules count it (the Leader's VP), but still on its feet.
    assert_eq!(vask.status, Status::Standing);
    assert!(vask.savage_fall);
    assert_eq!(g.scoreboard().a.kills, 2);
    end(&mut g, a(0));
    // Vask takes his activation (still engaged: he may Fight), and falls
    // at its end.
    skip_to(&mut g, b(0));
    assert!(g.offers().find("fight").is_some_and(|o| o.allowed));
    end(&mut g, b(0));
    assert_eq!(g.state().model(b(0)).unwrap().status, Status::Down);
    // Once only: a second fall is at once (rules 2: at once from the start).
    let mut old = Game::new(
        GameSetup::new(roster_a(), {
            let mut rb = roster_b();
            rb.models[0].upgrades.push("savage".into());
            rb
        })
        .with_seed(7)
        .with_rules(2),
        &rules(),
    );
    ulrak_hits_vask(&mut old);
    hit(&mut old, a(0), b(0), 10, 1, vec![]);
    assert_eq!(old.state().model(b(0)).unwrap().status, Status::Down);
}

#[test]
fn r26_a_defensive_shot_is_a_reaction_at_the_acting_enemy_once_per_activation() {
    let mut g = new_game(3);
    turn(&mut g, 4);
    skip_to(&mut g, b(0));
    let defensive = ShootOptions::default().with("defensive_shot", 1);
    let offers = g.offers();
    let o = offers
        .offers
        .iter()
        .find(|o| o.id == "shoot" && o.model == Some(a(2)))
        .expect("Kel may shoot defensively at Vask");
    assert!(o.allowed);
    assert!(
        o.targets
            .iter()
            .all(|t| t.model == b(0) && t.p_down.is_some())
    );
    let prep = g.shoot_check(a(2), b(0), &defensive).unwrap();
    let plain = g.shoot_check(a(2), b(0), &ShootOptions::default()).unwrap();
    // R26: 1 complication more (Vask's Imposing presence gives one already).
    assert_eq!(prep.spec.complications, plain.spec.complications + 1);
    let pool_a = pool(&g, Side::A);
    ok(
        &mut g,
        Action::Shoot(act::Shoot {
            shooter: a(2),
            target: b(0),
            options: defensive.clone(),
            roll: Some(typed_check(prep.spec, 10)),
            stray: None,
        }),
    );
    // Paid from Kel's warband; Vask's activation goes on.
    assert_eq!(pool(&g, Side::A), pool_a - 1);
    assert!(matches!(g.now(), impia::core::game::Now::Acting { model, .. } if model == b(0)));
    let again = Action::Shoot(act::Shoot {
        shooter: a(2),
        target: b(0),
        options: defensive.clone(),
        roll: None,
        stray: None,
    });
    let e = refusal(&mut g, again.clone());
    assert!(e.starts_with("R26"), "{e}");
    // Rules 2: a shot out of the shooter's activation is refused.
    let mut old = new_game(2);
    turn(&mut old, 4);
    skip_to(&mut old, b(0));
    assert!(old.act(again).is_err());
}
