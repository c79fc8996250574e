//! Issue 12, the rest: a spell's hit (R38), a looted weapon joining the
//! looter (R19) and a mystic herb burnt by choice (R37), each in a new game
//! (rules 3) against the same game played with rules 2.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{
    Action, FightOptions, Game, GameSetup, ShootOptions, Side, SpellChoice, Status,
};
use impia::core::odds::opposed;
use impia::core::roster::{Spell, SpellHit};

fn refusal(g: &mut Game, action: Action) -> String {
    match g.act(action) {
        Ok(()) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

// --- R38: a spell that declares a hit ---

/// Mira (a3, sorcerer) knows "Rayo" (a Strength 4, Penetration 1 hit) and
/// "Niebla" (no hit); Sarn (b4) gets Arcane void.
fn spell_game(version: u32) -> Game {
    let mut ra = roster_a();
    ra.models[3].spells = vec![
        Spell {
            effect: Default::default(),
            name: "Rayo".into(),
            level: 1,
            cost: 1,
            text: "Impacto de Fuerza 4".into(),
            hit: Some(SpellHit {
                strength: 4,
                penetration: 1,
            }),
        },
        Spell {
            effect: Default::default(),
            name: "Niebla".into(),
            level: 1,
            cost: 1,
            text: String::new(),
            hit: None,
        },
    ];
    let mut rb = roster_b();
    rb.models[4].upgrades.push("arcane_void".into());
    let setup = GameSetup::new(ra, rb).with_seed(7).with_rules(version);
    let mut g = Game::new(setup, &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    g
}

fn cast(index: usize, targets: Vec<impia::core::game::ModelRef>) -> Action {
    Action::CastSpell(act::CastSpell {
        caster: a(3),
        spell: SpellChoice::Known { index },
        target: None,
        within_15cm: Vec::new(),
        // 1 + level 1 + fear 0: the backlash does nothing.
        backlash: vec![1],
        within_30cm: Vec::new(),
        targets,
    })
}

#[test]
fn r38_a_spell_that_declares_a_hit_queues_it_on_every_model_it_names() {
    let mut g = spell_game(3);
    // The offer lists each target alone with its chance to go Down.
    let offers = g.offers();
    let offer = offers
        .offers
        .iter()
        .find(|o| o.action == cast_ready(0))
        .expect("Rayo offered");
    let p_vask = offer
        .targets
        .iter()
        .find(|t| t.model == b(0))
        .and_then(|t| t.p_down)
        .expect("Vask with his chance");
    assert!(
        offer.targets.iter().all(|t| t.model != b(4)),
        "Arcane void is no target"
    );
    ok(&mut g, cast(0, vec![b(0), b(1)]));
    let hits: Vec<_> = g
        .state()
        .pending_hits
        .iter()
        .map(|h| (h.attacker, h.target, h.strength, h.penetration))
        .collect();
    assert_eq!(hits, vec![(a(3), b(0), 4, 1), (a(3), b(1), 4, 1)]);
    // The offer's chance is the hit's own: Strength 4 against Vask, exactly.
    let prep = g
        .hit_check(a(3), b(0), &Default::default())
        .expect("the spell's hit");
    assert_eq!(prep.spec.active.value, 4);
    let odds = opposed(&prep.spec);
    let want = if prep.active == Some(a(3)) {
        odds.active_wins.0
    } else {
        odds.passive_wins.0
    };
    assert_eq!(p_vask, want);
    // Rolled like any hit: Vask goes Down.
    hit(&mut g, a(3), b(0), 10, 1, vec![]);
    assert_eq!(g.state().model(b(0)).unwrap().status, Status::Down);
}

/// The ready action of the spell offer (no targets).
fn cast_ready(index: usize) -> Action {
    Action::CastSpell(act::CastSpell {
        caster: a(3),
        spell: SpellChoice::Known { index },
        target: None,
        within_15cm: Vec::new(),
        backlash: Vec::new(),
        within_30cm: Vec::new(),
        targets: Vec::new(),
    })
}

#[test]
fn r38_hit_targets_are_refused_without_a_declared_hit_or_in_old_games() {
    let mut g = spell_game(3);
    let e = refusal(&mut g, cast(1, vec![b(0)]));
    assert!(e.starts_with("R38"), "{e}");
    let e = refusal(&mut g, cast(0, vec![b(4)]));
    assert!(e.starts_with("R42"), "Arcane void: {e}");
    // Rules 2: the players resolved a spell's hit by hand.
    let mut old = spell_game(2);
    let offers = old.offers();
    let offer = offers.offers.iter().find(|o| o.action == cast_ready(0));
    assert!(offer.is_some_and(|o| o.targets.is_empty()));
    let e = refusal(&mut old, cast(0, vec![b(0)]));
    assert!(e.starts_with("R38"), "{e}");
    ok(&mut old, cast(0, Vec::new()));
    assert!(old.state().pending_hits.is_empty());
}

// --- R19: a looted weapon joins the looter ---

/// Ulrak (a0) in his activation; Orm (b2: mace, shield) and Tuk (b1:
/// thrown weapons, small blade) are Down.
fn loot_game(version: u32) -> Game {
    let setup = GameSetup::new(roster_a(), roster_b())
        .with_seed(7)
        .with_rules(version);
    let mut g = Game::new(setup, &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    for m in [b(1), b(2)] {
        ok(
            &mut g,
            Action::SetStatus(act::SetStatus {
                model: m,
                status: Status::Down,
            }),
        );
    }
    g
}

fn loot(m: impia::core::game::ModelRef, body: impia::core::game::ModelRef, item: &str) -> Action {
    Action::Loot(act::Loot {
        model: m,
        body,
        item: item.into(),
    })
}

#[test]
fn r19_a_looted_weapon_leaves_the_body_and_the_looter_fights_with_it() {
    let mut g = loot_game(3);
    let stats = g.state().model(a(0)).unwrap().profile.stats;
    ok(&mut g, loot(a(0), b(2), "mace"));
    let ulrak = g.state().model(a(0)).unwrap().profile.clone();
    let mace = ulrak
        .melee
        .iter()
        .find(|l| l.id == "mace")
        .expect("the mace joins Ulrak");
    // Rebuilt on Ulrak's own Combat and Strength (mace: +0, +2, Pen 1).
    assert_eq!(
        (mace.combat, mace.strength, mace.penetration),
        (stats.combat, stats.strength + 2, 1)
    );
    assert_eq!(ulrak.melee[0].id, "medium_blade", "his own stays first");
    let orm = g.state().model(b(2)).unwrap().profile.clone();
    assert!(orm.melee.iter().all(|l| l.id != "mace"), "Orm loses it");
    // Ulrak fights with it.
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    let with_mace = FightOptions {
        weapon: Some("mace".into()),
        ..Default::default()
    };
    let p = g
        .fight_check(a(0), b(0), &with_mace)
        .expect("fights with it");
    assert_eq!(p.spec.active.value, mace.combat);
    // Rules 2: the players applied a loot by hand; the profile stays.
    let mut old = loot_game(2);
    ok(&mut old, loot(a(0), b(2), "mace"));
    let ulrak = &old.state().model(a(0)).unwrap().profile;
    assert!(ulrak.melee.iter().all(|l| l.id != "mace"));
}

#[test]
fn r19_a_looted_ranged_weapon_shoots_with_the_looter_strength() {
    let mut g = loot_game(3);
    let tuk = g.state().model(b(1)).unwrap().profile.clone();
    let thrown = tuk.ranged[0].clone();
    ok(&mut g, loot(a(0), b(1), "Armas arrojadas"));
    let ulrak = g.state().model(a(0)).unwrap().profile.clone();
    let line = ulrak
        .ranged
        .iter()
        .find(|l| l.id == "thrown_weapons")
        .expect("named by its Spanish name");
    // Thrown weapons add the thrower's Strength: Ulrak's now, not Tuk's.
    for band in 0..3 {
        assert_eq!(
            line.strength[band],
            thrown.strength[band] - tuk.stats.strength + ulrak.stats.strength
        );
    }
    assert!(g.state().model(b(1)).unwrap().profile.ranged.is_empty());
    let shot = ShootOptions {
        weapon: Some("thrown_weapons".into()),
        ..Default::default()
    };
    g.shoot_check(a(0), b(3), &shot).expect("shoots with it");
}

#[test]
fn r19_an_item_the_body_does_not_carry_is_refused_and_costs_nothing() {
    let mut g = loot_game(3);
    let dp = |g: &Game| pool(g, Side::A) + g.state().model(a(0)).unwrap().own_dp;
    let before = dp(&g);
    let e = refusal(&mut g, loot(a(0), b(2), "heavy_blade"));
    assert!(e.starts_with("R19"), "{e}");
    // Orm fights with his mace: no unarmed line to take.
    let e = refusal(&mut g, loot(a(0), b(2), "unarmed"));
    assert!(e.starts_with("R19"), "{e}");
    assert_eq!(dp(&g), before);
    // Something the game does not track stays words in the history.
    ok(&mut g, loot(a(0), b(2), "un amuleto"));
    assert_eq!(dp(&g), before - 1);
}

// --- R37: burning a mystic herb by choice ---

#[test]
fn r37_a_burnt_herb_is_own_dp_spent_first_and_lost_at_the_next_turn() {
    let mut g = loot_game(3);
    let ulrak = |g: &Game| {
        let x = g.state().model(a(0)).unwrap();
        (x.own_dp, x.herbs)
    };
    let (own, herbs) = ulrak(&g);
    assert_eq!(herbs, 1, "Ulrak carries one herb");
    let offers = g.offers();
    let use_herb = offers.find("use_herb").expect("offered with a herb left");
    assert!(use_herb.allowed && use_herb.dp == 0);
    ok(&mut g, Action::UseHerb(act::UseHerb { model: a(0) }));
    assert_eq!(ulrak(&g), (own + 1, 0));
    assert!(g.offers().find("use_herb").is_none(), "none left");
    // Two moves: paid from his own DP (the Leader's and the herb's), the
    // pool untouched.
    let pool_before = pool(&g, Side::A);
    for _ in 0..own + 1 {
        ok(&mut g, Action::Move(act::Move { model: a(0) }));
    }
    assert_eq!(pool(&g, Side::A), pool_before);
    let e = refusal(&mut g, Action::UseHerb(act::UseHerb { model: a(0) }));
    assert!(e.starts_with("R37"), "{e}");
    // A herb burnt and not spent lapses with the turn, like the Leader's DP.
    let mut h = loot_game(3);
    ok(&mut h, Action::UseHerb(act::UseHerb { model: a(0) }));
    end(&mut h, a(0));
    finish_turn(&mut h);
    start_turn(&mut h, 4);
    assert_eq!(ulrak(&h), (own, 0));
    // Rules 2: no such choice; the herb is paid last, as then.
    let mut old = loot_game(2);
    assert!(old.offers().find("use_herb").is_none());
    assert!(refusal(&mut old, Action::UseHerb(act::UseHerb { model: a(0) })).contains("use_herb"));
}
