//! R14 terrain, R38 spells, R41 Breath, and the dice, checks and adjustments.

use super::*;
use impia::core::game::act;

// --- R14 terrain ---

#[test]
fn r14_terrain_fear_and_toughness_lost_for_good() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::TouchTerrain(act::TouchTerrain {
            model: a(0),
            terrain: "cursed".into(),
        }),
    );
    ok(
        &mut g,
        Action::TouchTerrain(act::TouchTerrain {
            model: a(0),
            terrain: "cursed".into(),
        }),
    );
    assert_eq!(fear_of(&g, a(0)), 1, "at most once per activation");
    ok(
        &mut g,
        Action::EndActivation(act::EndActivation {
            model: a(0),
            terrain: vec!["cursed".into(), "tainted".into()],
            near_enemy_totem: false,
        }),
    );
    assert_eq!(fear_of(&g, a(0)), 2);
    assert_eq!(g.state().model(a(0)).unwrap().toughness(), 3);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::EndActivation(act::EndActivation {
            model: a(4),
            terrain: vec!["volcanic".into(), "water".into()],
            near_enemy_totem: false,
        }),
    );
    assert_eq!(g.state().model(a(4)).unwrap().toughness(), 3);
    assert_eq!(fear_of(&g, a(4)), 1);
    skip_to(&mut g, a(1));
    refused(
        &mut g,
        Action::EndActivation(act::EndActivation {
            model: a(1),
            terrain: vec!["lava".into()],
            near_enemy_totem: false,
        }),
    );
    ok(
        &mut g,
        Action::EndActivation(act::EndActivation {
            model: a(1),
            terrain: vec!["icy".into()],
            near_enemy_totem: false,
        }),
    );
    assert_eq!(status(&g, a(1)), Status::Prone);
}

// --- R38 spells ---

fn cast(
    g: &mut Game,
    spell: SpellChoice,
    within_15cm: Vec<ModelRef>,
    die: u32,
    within_30cm: Vec<ModelRef>,
) -> Result<(), impia::core::game::GameError> {
    g.apply(Action::CastSpell(act::CastSpell {
        caster: a(3),
        spell,
        target: None,
        within_15cm,
        backlash: vec![die],
        within_30cm,
        targets: Vec::new(),
    }))?;
    if g.pending().is_some() {
        accept(g);
    }
    Ok(())
}

#[test]
fn r38_a_spell_costs_its_dp_and_frightens_everyone_within_15cm_but_sorcerers() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    cast(
        &mut g,
        SpellChoice::Known { index: 0 },
        vec![a(0), b(0)],
        5,
        vec![],
    )
    .unwrap();
    assert_eq!(pool(&g, Side::A), 8);
    assert_eq!(
        (fear_of(&g, a(0)), fear_of(&g, b(0)), fear_of(&g, a(3))),
        (1, 1, 0)
    );
    // 1d10 5 + level 1 + fear 0 = 6: nothing.
    assert_eq!(g.state().model(a(3)).unwrap().toughness(), 3);
    // Not a sorcerer, no spell.
    end(&mut g, a(3));
    skip_to(&mut g, a(4));
    let e = g
        .apply(Action::CastSpell(act::CastSpell {
            caster: a(4),
            spell: SpellChoice::Custom {
                name: String::new(),
                level: 1,
                cost: 1,
                hit: None,
            },
            target: None,
            within_15cm: vec![],
            backlash: vec![3],
            within_30cm: vec![],
            targets: Vec::new(),
        }))
        .unwrap_err();
    assert_eq!(e.rule, Some("R38"));
}

#[test]
fn r38_the_backlash_adds_level_and_fear_and_applies_the_rows_effect() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    // 7 + 1 + 0 = 8: the caster gains a fear marker.
    cast(&mut g, SpellChoice::Known { index: 0 }, vec![], 7, vec![]).unwrap();
    assert_eq!(fear_of(&g, a(3)), 1);
    // "level 2, cost 2": 9 + 2 + 1 = 12: a point of Toughness for good.
    cast(
        &mut g,
        SpellChoice::Custom {
            name: "Rayo".into(),
            level: 2,
            cost: 2,
            hit: None,
        },
        vec![],
        9,
        vec![],
    )
    .unwrap();
    assert_eq!(g.state().model(a(3)).unwrap().toughness(), 2);
    assert_eq!(
        g.backlash_modifier(a(3), &SpellChoice::Known { index: 0 }),
        Some(2)
    );
    // Nobody within 30 cm gains fear unless the row says so: named anyway,
    // they are ignored (rules 2), refused in a game of rules 1.
    let mut h = g.clone();
    cast(
        &mut h,
        SpellChoice::Known { index: 0 },
        vec![],
        1,
        vec![a(0)],
    )
    .unwrap();
    assert_eq!(fear_of(&h, a(0)), fear_of(&g, a(0)));
    // 10 + 3 + 1 = 14: removed, and every model within 30 cm gains fear.
    cast(
        &mut g,
        SpellChoice::Custom {
            name: String::new(),
            level: 3,
            cost: 1,
            hit: None,
        },
        vec![],
        10,
        vec![a(0), b(1)],
    )
    .unwrap();
    assert_eq!(status(&g, a(3)), Status::Removed);
    assert_eq!((fear_of(&g, a(0)), fear_of(&g, b(1))), (1, 1));
    assert!(!matches!(g.now(), Now::Acting { model, .. } if model == a(3)));
    let line = g.log().last().unwrap().describe(Lang::En).to_string();
    assert!(line.contains("10 + 3 + 1 = 14"), "{line}");
}

#[test]
fn r42_arcane_void_refuses_spells_cast_on_it() {
    let mut b_roster = roster_b();
    b_roster.models[4].upgrades.push("arcane_void".into());
    let mut g = Game::new(
        impia::core::game::GameSetup::new(roster_a(), b_roster).with_seed(1),
        &rules(),
    );
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    let e = g
        .apply(Action::CastSpell(act::CastSpell {
            caster: a(3),
            spell: SpellChoice::Known { index: 0 },
            target: Some(b(4)),
            within_15cm: vec![],
            backlash: vec![1],
            within_30cm: vec![],
            targets: Vec::new(),
        }))
        .unwrap_err();
    assert_eq!(e.rule, Some("R42"));
    ok(
        &mut g,
        Action::CastSpell(act::CastSpell {
            caster: a(3),
            spell: SpellChoice::Known { index: 0 },
            target: Some(b(0)),
            within_15cm: vec![],
            backlash: vec![1],
            within_30cm: vec![],
            targets: Vec::new(),
        }),
    );
}

// --- R41 Breath ---

#[test]
fn r41_breath_hits_every_model_under_the_template_then_recharges_a_turn() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::Breath(act::Breath {
            model: a(4),
            targets: vec![b(0), b(1)],
        }),
    );
    assert_eq!(pool(&g, Side::A), 6);
    let hits: Vec<_> = g
        .state()
        .pending_hits
        .iter()
        .map(|h| (h.target, h.strength, h.penetration))
        .collect();
    assert_eq!(hits, vec![(b(0), 4, 3), (b(1), 4, 3)]);
    hit(&mut g, a(4), b(0), 1, 9, vec![]);
    hit(&mut g, a(4), b(1), 1, 9, vec![]);
    end(&mut g, a(4));
    finish_turn(&mut g);
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    let e = refused(
        &mut g,
        Action::Breath(act::Breath {
            model: a(4),
            targets: vec![b(0)],
        }),
    );
    assert!(
        e.message(Lang::En).contains("until turn 3"),
        "{}",
        e.message(Lang::En)
    );
    end(&mut g, a(4));
    finish_turn(&mut g);
    turn(&mut g, 4);
    skip_to(&mut g, a(4));
    ok(
        &mut g,
        Action::Breath(act::Breath {
            model: a(4),
            targets: vec![],
        }),
    );
    // Only with Breath.
    end(&mut g, a(4));
    skip_to(&mut g, a(1));
    refused(
        &mut g,
        Action::Breath(act::Breath {
            model: a(1),
            targets: vec![],
        }),
    );
}

// --- Dice, checks and adjustments ---

#[test]
fn r04_dice_that_do_not_fit_the_check_are_refused() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let prep = g.attribute_check(a(2), Stat::Agility, -1).unwrap();
    assert_eq!((prep.spec.value, prep.spec.modifier), (3, -1));
    let bad = CheckDice {
        spec: prep.spec,
        roll: SideDice::new(12, vec![]),
        reroll: None,
    };
    let e = refused(
        &mut g,
        Action::Check(act::Check {
            model: a(2),
            stat: Stat::Agility,
            modifier: -1,
            reason: "salto".into(),
            options: Default::default(),
            roll: Some(bad),
        }),
    );
    assert_eq!(e.kind, ErrorKind::BadRoll);
    // A check built for another modifier is stale.
    let other = g.attribute_check(a(2), Stat::Agility, 0).unwrap();
    let e = refused(
        &mut g,
        Action::Check(act::Check {
            model: a(2),
            stat: Stat::Agility,
            modifier: -1,
            reason: String::new(),
            options: Default::default(),
            roll: Some(typed_check(other.spec, 3)),
        }),
    );
    assert_eq!(e.kind, ErrorKind::StaleCheck);
    ok(
        &mut g,
        Action::Check(act::Check {
            model: a(2),
            stat: Stat::Agility,
            modifier: -1,
            reason: "salto".into(),
            options: Default::default(),
            roll: Some(typed_check(prep.spec, 2)),
        }),
    );
    assert!(g.log().last().unwrap().describe(Lang::Es).contains("éxito"));
}

#[test]
fn adjustments_by_hand_are_logged_and_undone_like_any_action() {
    let mut g = game();
    turn(&mut g, 4);
    let before = g.state().clone();
    ok(
        &mut g,
        Action::AdjustFear(act::AdjustFear {
            model: a(1),
            delta: 2,
        }),
    );
    ok(
        &mut g,
        Action::AdjustPool(act::AdjustPool {
            side: Side::B,
            delta: 3,
        }),
    );
    ok(
        &mut g,
        Action::AdjustToughness(act::AdjustToughness {
            model: b(2),
            delta: -1,
        }),
    );
    ok(
        &mut g,
        Action::AdjustOwnDp(act::AdjustOwnDp {
            model: a(0),
            delta: 1,
        }),
    );
    ok(
        &mut g,
        Action::SetStatus(act::SetStatus {
            model: b(3),
            status: Status::Prone,
        }),
    );
    ok(
        &mut g,
        Action::SetRound(act::SetRound {
            model: b(3),
            round: 9,
        }),
    );
    ok(
        &mut g,
        Action::Note(act::Note {
            text: "niebla en el río".into(),
        }),
    );
    assert_eq!(fear_of(&g, a(1)), 2);
    assert_eq!(pool(&g, Side::B), 11);
    assert_eq!(g.state().model(b(2)).unwrap().toughness(), 3);
    assert_eq!(g.state().model(a(0)).unwrap().own_dp, 2);
    assert_eq!(status(&g, b(3)), Status::Prone);
    let lines: Vec<String> = g.log().map(|e| e.describe(Lang::En).to_string()).collect();
    assert!(
        lines.iter().any(|l| l == "Adjustment: Brann fear +2"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("Note: niebla")));
    refused(
        &mut g,
        Action::AdjustOwnDp(act::AdjustOwnDp {
            model: a(1),
            delta: -1,
        }),
    );
    refused(
        &mut g,
        Action::SetRound(act::SetRound {
            model: a(1),
            round: 0,
        }),
    );
    refused(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(1),
            b: a(2),
            engaged: true,
        }),
    );
    for _ in 0..7 {
        assert!(g.undo().unwrap());
    }
    assert_eq!(g.state(), &before);
}

#[test]
fn every_action_has_a_line_in_both_languages() {
    let mut g = game();
    turn(&mut g, 6);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    fight(&mut g, a(0), b(0), 9, 1);
    hit(&mut g, a(0), b(0), 9, 1, vec![b(4)]);
    let es: Vec<&str> = g.log().map(|e| e.describe(Lang::Es)).collect();
    let en: Vec<&str> = g.log().map(|e| e.describe(Lang::En)).collect();
    assert!(
        es[0].starts_with("Turno 1 — Fuerzas Oscuras 6: Las sombras"),
        "{}",
        es[0]
    );
    assert!(
        en[0].starts_with("Turn 1 — Dark Forces 6: The shadows"),
        "{}",
        en[0]
    );
    assert!(
        es.iter()
            .any(|l| l.contains("Ulrak combate con Vask") && l.contains("Ulrak impacta a Vask")),
        "{es:?}"
    );
    assert!(
        en.iter().any(|l| l.contains("Hit by Ulrak on Vask")
            && l.contains("Vask is Down")
            && l.contains("fear to: Sarn")),
        "{en:?}"
    );
    assert_eq!(es.len(), g.actions().len());
    for (e, n) in es.iter().zip(&en) {
        assert!(!e.is_empty() && !n.is_empty());
    }
}

#[test]
fn errors_speak_both_languages() {
    let mut g = game();
    let e = refused(&mut g, Action::Activate(act::Activate { model: a(0) }));
    assert_ne!(e.message(Lang::Es), e.message(Lang::En));
    assert_eq!(e.to_string(), e.message(Lang::En));
    let e = refused(
        &mut g,
        Action::AdjustFear(act::AdjustFear {
            model: a(42),
            delta: 1,
        }),
    );
    assert_eq!(e.kind, ErrorKind::Unknown);
    assert!(e.message(Lang::Es).contains("a42"));
}

#[test]
fn the_numbers_the_tracker_applies_come_from_the_tables() {
    let rs = rules();
    let effect = |id: &str| rs.action(id).unwrap().effect.clone();
    assert_eq!(effect("assault").modifier, 1);
    assert_eq!(effect("brutal_assault").advantages, 1);
    assert_eq!(effect("aimed_shot").advantages, 1);
    assert_eq!(effect("iron_defence").advantages, 1);
    assert_eq!(effect("leader_rally").fear_listed, -1);
    assert_eq!(effect("totem_own").fear_self, -2);
    let t = effect("totem_enemy");
    assert_eq!((t.fear_self, t.vp, t.destroys_enemy_totem), (3, 1, true));
    let b = effect("breath");
    assert_eq!(
        (b.strength, b.penetration, b.recharge_turns),
        (Some(4), Some(3), 1)
    );
    assert_eq!(effect("cast_spell").fear_listed, 1);
    assert!(effect("cast_spell").ask.unwrap().en.contains("15 cm"));
    assert_eq!(rs.action("stand_up").unwrap().dp, Some(1));
    let shoot: Vec<(&str, i32, u32)> = rs
        .action("shoot")
        .unwrap()
        .options
        .iter()
        .map(|o| (o.id.as_str(), o.modifier, o.complications))
        .collect();
    assert_eq!(
        shoot,
        vec![
            ("target_unaware", 1, 0),
            ("short_range", 1, 0),
            ("long_range", -1, 0),
            ("avoid_cover", 0, 2),
            ("defensive_shot", 0, 1),
            ("into_combat", -3, 0)
        ]
    );
    let f = &rs.warband.fear;
    assert_eq!((f.complications, f.flee_at_courage_times), (1, 2));
    assert_eq!(
        (
            f.friend_down.fear,
            f.friend_down_by_two_fear.fear,
            f.own_leader_down.fear,
            f.enemy_totem.fear
        ),
        (1, 2, 1, 1)
    );
    assert!(f.friend_down.ask.es.contains("15 cm"));
    assert_eq!(
        (
            rs.warband.leader.vp_per_kill,
            rs.warband.leader.vp_enemy_leader
        ),
        (1, 1)
    );
    assert_eq!(rs.warband.totem.rerolls_per_turn, 1);
    let terrain: Vec<(&str, i32, i32, i32)> = rs
        .warband
        .terrain
        .iter()
        .map(|t| (t.id.as_str(), t.touch_fear, t.end_fear, t.end_toughness))
        .collect();
    assert_eq!(
        terrain,
        vec![
            ("tainted", 0, 0, -1),
            ("water", 0, 1, 0),
            ("icy", 0, 0, 0),
            ("cursed", 1, 1, 0),
            ("volcanic", 0, 0, -2)
        ]
    );
}
