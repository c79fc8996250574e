//! Issue 24: the rules exactly as the summary writes them (rules 4), each
//! against the same step played with rules 3, which new games no longer
//! get; and the words that misled (the hit's sentence, Savage's fall, the
//! offers' text, the dark forces after `start_turn`).

use crate::cli_support::impia;
use impia::core::game::act;

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::{
    Action, CheckOptions, Game, GameSetup, HitOptions, HitSource, ModelRef, Now, ShootOptions,
    Side, SpellChoice, Status,
};
use impia::core::roster::SpellHit;
use impia::core::tables::Stat;
use impia::core::text::Lang;

/// Vask (b0) has Imposing presence and Survival instinct; Grim (a4) a
/// Dreadful aspect.
fn setup_with(rules_version: u32) -> GameSetup {
    let mut ra = roster_a();
    ra.models[4].upgrades.push("dreadful_aspect".into());
    let mut rb = roster_b();
    rb.models[0].upgrades.push("imposing_presence".into());
    rb.models[0].upgrades.push("survival_instinct".into());
    GameSetup::new(ra, rb)
        .with_seed(7)
        .with_players("Ana", "Beto")
        .with_rules(rules_version)
}

fn new_game(rules_version: u32) -> Game {
    Game::new(setup_with(rules_version), &rules())
}

fn refused(g: &mut Game, action: Action) -> String {
    match g.apply(action) {
        Ok(()) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

fn plain_accept() -> Action {
    Action::Accept(act::Accept {
        witnesses: None,
        stray: None,
        within_30cm: None,
    })
}

#[test]
fn new_games_are_rules_4() {
    let g = Game::new(setup(7), &rules());
    assert_eq!(g.setup().rules, 4);
    assert!(g.setup().exact_rules());
    assert!(!setup(7).with_rules(3).exact_rules());
}

// --- 1. R42 Imposing presence on a shot ---

#[test]
fn r42_imposing_shot_beyond_10cm_takes_no_complication_unless_declared_near() {
    for (version, far) in [(4, 0), (3, 1)] {
        let mut g = new_game(version);
        turn(&mut g, 4);
        skip_to(&mut g, a(2));
        // Kel shoots Vask with nothing declared: rules 4 reads it as beyond
        // 10 cm; rules 3 counted the target at any range.
        let p = g.shoot_check(a(2), b(0), &ShootOptions::default()).unwrap();
        assert_eq!(p.spec.complications, far, "rules {version}");
        // Declared within 10 cm: one complication in both.
        let near = ShootOptions {
            imposing: vec![b(0)],
            ..Default::default()
        };
        let p = g.shoot_check(a(2), b(0), &near).unwrap();
        assert_eq!(p.spec.complications, 1, "rules {version}");
    }
    // The offer's chance follows, and the offer names who may be declared.
    let mut g = new_game(4);
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let offers = g.offers();
    let shoot = offers
        .offers
        .iter()
        .find(|o| o.id == "shoot" && o.model == Some(a(2)) && o.allowed)
        .expect("a shot is offered");
    assert_eq!(shoot.choices, vec![b(0)]);
    let far = g.shoot_check(a(2), b(0), &ShootOptions::default()).unwrap();
    let t = shoot.targets.iter().find(|t| t.model == b(0)).unwrap();
    assert_eq!(far.spec.complications, 0);
    assert!(t.p_down.is_some());
}

#[test]
fn r42_imposing_in_contact_still_counts_by_itself_in_rules_4() {
    let mut g = new_game(4);
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let p = g
        .assault_check(a(0), b(0), false, &Default::default())
        .unwrap();
    assert_eq!(p.spec.active.complications, 1);
}

// --- 2. R26 the stray shot ---

/// Kel (a2) shoots Tuk (b1), engaged with `friends`, and misses only
/// because of the −3: the pending roll waits.
pub(crate) fn stray_miss(version: u32, friends: &[ModelRef]) -> Game {
    let mut g = new_game(version);
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    for f in friends {
        ok(
            &mut g,
            Action::SetEngaged(act::SetEngaged {
                a: *f,
                b: b(1),
                engaged: true,
            }),
        );
    }
    let p = g
        .shoot_check(a(2), b(1), &ShootOptions::default())
        .expect("Kel may shoot Tuk");
    let target = p.spec.value + p.spec.modifier;
    // A d10 one above the target: a miss, a hit without the −3.
    let roll = typed_check(p.spec, (target + 1) as u32);
    assert!(!roll.success());
    g.apply(Action::Shoot(act::Shoot {
        shooter: a(2),
        target: b(1),
        options: ShootOptions::default(),
        roll: Some(roll),
        stray: None,
    }))
    .expect("the shot is rolled");
    assert!(g.pending().is_some());
    g
}

fn stray_hits(g: &Game) -> Vec<ModelRef> {
    g.state()
        .pending_hits
        .iter()
        .filter(|h| h.source == HitSource::StrayShot)
        .map(|h| h.target)
        .collect()
}

#[test]
fn r26_stray_shot_hits_the_one_engaged_friend_by_itself_on_a_plain_accept() {
    let mut g = stray_miss(4, &[a(1)]);
    g.apply(plain_accept()).unwrap();
    assert_eq!(stray_hits(&g), vec![a(1)]);
    // The history says whom it hit.
    let line = g.log().last().unwrap().describe(Lang::En).to_string();
    assert!(line.contains("hits its friend Brann"), "{line}");
    // Rules 3: the plain accept dropped it.
    let mut old = stray_miss(3, &[a(1)]);
    old.apply(plain_accept()).unwrap();
    assert!(stray_hits(&old).is_empty());
}

#[test]
fn r26_stray_shot_with_several_engaged_friends_takes_one_of_those_only() {
    let mut g = stray_miss(4, &[a(1), a(4)]);
    // No accept drops it: the plain one is refused and says whom to pick.
    let e = refused(&mut g, plain_accept());
    assert!(
        e.starts_with("R26") && e.contains("Brann") && e.contains("Grim"),
        "{e}"
    );
    // A friend not engaged with the target cannot be named.
    let e = refused(
        &mut g,
        Action::Accept(act::Accept {
            witnesses: None,
            stray: Some(a(3)),
            within_30cm: None,
        }),
    );
    assert!(e.starts_with("R26"), "{e}");
    // The offers agree: the plain accept refused, the stray targets are
    // exactly the engaged friends.
    let offers = g.offers();
    let accepts: Vec<_> = offers.offers.iter().filter(|o| o.id == "accept").collect();
    assert!(accepts.iter().all(|o| o.targets.is_empty() || o.allowed));
    assert!(accepts.iter().any(|o| o.targets.is_empty() && !o.allowed));
    let mut named: Vec<ModelRef> = accepts
        .iter()
        .flat_map(|o| o.targets.iter().map(|t| t.model))
        .collect();
    named.sort();
    assert_eq!(named, vec![a(1), a(4)]);
    g.apply(Action::Accept(act::Accept {
        witnesses: None,
        stray: Some(a(4)),
        within_30cm: None,
    }))
    .unwrap();
    assert_eq!(stray_hits(&g), vec![a(4)]);
}

// --- 3. R41 Dreadful aspect: one check per enemy per activation ---

fn dreadful_check(m: ModelRef, creature: ModelRef) -> Action {
    Action::Check(act::Check {
        model: m,
        stat: Stat::Courage,
        modifier: 0,
        reason: String::new(),
        options: CheckOptions {
            dreadful: Some(creature),
            ..Default::default()
        },
        roll: None,
    })
}

#[test]
fn r41_dreadful_check_is_refused_on_its_second_try_in_the_same_activation() {
    for version in [4, 3] {
        let mut g = new_game(version);
        turn(&mut g, 4);
        skip_to(&mut g, b(2));
        g.act(dreadful_check(b(2), a(4))).unwrap();
        accept(&mut g);
        // The offers hide the second check in both.
        let offered = g.offers().offers.iter().any(|o| {
            o.id == "check"
                && o.targets
                    .iter()
                    .any(|t| matches!(&t.action, Action::Check(act::Check { options, .. }) if options.dreadful == Some(a(4))))
        });
        assert!(!offered, "rules {version}");
        let second = g.act(dreadful_check(b(2), a(4)));
        if version == 4 {
            let e = second.expect_err("a second check").to_string();
            assert!(e.starts_with("R41"), "{e}");
        } else {
            // Rules 3 let it be tried again (as its games were played).
            assert!(second.is_ok());
        }
    }
}

// --- 4. R19 loot of any carried item ---

/// Ulrak (a0) acting; `body` Down.
fn looting(version: u32, body: ModelRef) -> Game {
    let mut g = new_game(version);
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetStatus(act::SetStatus {
            model: body,
            status: Status::Down,
        }),
    );
    g
}

fn loot(g: &mut Game, looter: ModelRef, body: ModelRef, item: &str) -> Result<(), String> {
    g.apply(Action::Loot(act::Loot {
        model: looter,
        body,
        item: item.into(),
    }))
    .map_err(|e| e.to_string())
}

#[test]
fn r19_loot_a_shield_moves_its_armour_and_combat_to_the_looter() {
    let mut g = looting(4, b(2));
    let (u0, o0) = (
        g.state().model(a(0)).unwrap().clone(),
        g.state().model(b(2)).unwrap().clone(),
    );
    loot(&mut g, a(0), b(2), "shield").unwrap();
    let (u, o) = (
        g.state().model(a(0)).unwrap(),
        g.state().model(b(2)).unwrap(),
    );
    // R37 shield: +2 Armour, −1 Combat (with every melee weapon).
    assert_eq!(u.profile.armour, u0.profile.armour + 2);
    assert_eq!(u.profile.stats.combat, u0.profile.stats.combat - 1);
    assert_eq!(u.profile.melee[0].combat, u0.profile.melee[0].combat - 1);
    assert_eq!(o.profile.armour, o0.profile.armour - 2);
    assert_eq!(o.profile.stats.combat, o0.profile.stats.combat + 1);
    assert_eq!(o.profile.melee[0].combat, o0.profile.melee[0].combat + 1);
    // It is gone from the body: a second loot is refused.
    let e = loot(&mut g, a(0), b(2), "Escudo").unwrap_err();
    assert!(e.starts_with("R19"), "{e}");
}

#[test]
fn r19_loot_an_armour_gives_the_looter_its_armour() {
    let mut g = new_game(4);
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    ok(
        &mut g,
        Action::SetStatus(act::SetStatus {
            model: a(0),
            status: Status::Down,
        }),
    );
    let before = g.state().model(a(1)).unwrap().profile.armour;
    loot(&mut g, a(1), a(0), "leather_scales").unwrap();
    // R36 leather or scales: Armour 4.
    assert_eq!(g.state().model(a(1)).unwrap().profile.armour, before + 4);
    assert_eq!(g.state().model(a(0)).unwrap().profile.armour, 0);
}

#[test]
fn r19_loot_an_item_the_body_lacks_is_refused_before_any_dp() {
    let mut g = looting(4, b(1));
    let pool0 = pool(&g, Side::A) + g.state().model(a(0)).unwrap().own_total();
    let e = loot(&mut g, a(0), b(1), "shield").unwrap_err();
    assert!(e.starts_with("R19"), "{e}");
    let e = loot(&mut g, a(0), b(1), "Cuero o escamas").unwrap_err();
    assert!(e.starts_with("R19"), "{e}");
    assert_eq!(
        pool(&g, Side::A) + g.state().model(a(0)).unwrap().own_total(),
        pool0
    );
    // Rules 3 took the words and charged the DP, as its games were played.
    let mut old = looting(3, b(1));
    loot(&mut old, a(0), b(1), "shield").unwrap();
}

// --- 5. R42 Survival instinct needs a friend Down ---

#[test]
fn r42_survival_instinct_is_refused_unless_a_friend_is_down() {
    let claim = HitOptions {
        survival_instinct: true,
        ..Default::default()
    };
    for version in [4, 3] {
        let mut g = new_game(version);
        ulrak_hits_vask(&mut g);
        let r = g.hit_check(a(0), b(0), &claim);
        if version == 4 {
            let e = r.expect_err("no friend Down").to_string();
            assert!(e.starts_with("R42"), "{e}");
        } else {
            assert!(r.is_ok());
        }
        ok(
            &mut g,
            Action::SetStatus(act::SetStatus {
                model: b(3),
                status: Status::Down,
            }),
        );
        let p = g.hit_check(a(0), b(0), &claim).expect("a friend is Down");
        assert_eq!(p.spec.passive.advantages, 1, "rules {version}");
    }
}

// --- 6. The hit's sentence names each total ---

fn last_hit_line(g: &Game) -> (String, (i32, i32)) {
    let e = g
        .log()
        .rev()
        .find(|e| matches!(e.action, Action::ResolveHit(_)))
        .expect("a hit in the log");
    let Action::ResolveHit(act::ResolveHit { roll: Some(r), .. }) = e.action else {
        panic!("a rolled hit");
    };
    (e.describe(Lang::En).to_string(), r.totals())
}

#[test]
fn r27_hit_sentence_puts_each_total_next_to_its_side() {
    // Ulrak's hit on Vask in Ulrak's activation: Ulrak rolls as active.
    let mut g = new_game(4);
    ulrak_hits_vask(&mut g);
    hit(&mut g, a(0), b(0), 1, 10, vec![]);
    let (line, (act, pas)) = last_hit_line(&g);
    assert!(
        line.contains(&format!("Ulrak {act} against Vask {pas}")),
        "{line}"
    );
    // Vask's hit on Ulrak in Ulrak's activation: the target rolls active,
    // its total still beside its own name.
    let mut g = new_game(4);
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    fight(&mut g, a(0), b(0), 1, 10);
    hit(&mut g, b(0), a(0), 1, 10, vec![]);
    let (line, (act, pas)) = last_hit_line(&g);
    assert!(line.starts_with("Hit by Vask on Ulrak"), "{line}");
    assert!(
        line.contains(&format!("Ulrak {act} against Vask {pas}")),
        "{line}"
    );
}

// --- 7, 8. The CLI's words ---

fn out(o: &std::process::Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn r42_savage_down_but_acting_shows_its_pending_fall_in_cli_status() {
    let mut rb = roster_b();
    rb.models[0].upgrades.push("savage".into());
    let mut g = Game::new(GameSetup::new(roster_a(), rb).with_seed(7), &rules());
    ulrak_hits_vask(&mut g);
    hit(&mut g, a(0), b(0), 10, 1, vec![]);
    assert!(g.state().model(b(0)).unwrap().savage_fall);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    g.save(&path).unwrap();
    let p = path.display().to_string();
    let text = out(&impia(&["game", "status", &p, "--lang", "en"]));
    let vask = text
        .lines()
        .find(|l| l.contains("Vask"))
        .expect("Vask's line");
    assert!(
        vask.contains("Savage: Down at the end of its activation"),
        "{text}"
    );
    let ulrak = text
        .lines()
        .find(|l| l.contains("Ulrak"))
        .expect("Ulrak's line");
    assert!(!ulrak.contains("Savage"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&out(&impia(&["game", "status", &p, "--json"]))).unwrap();
    let models = json["sides"][1]["models"].as_array().unwrap();
    assert!(
        models[0]["pending_fall"]
            .as_str()
            .is_some_and(|s| s.contains("R42"))
    );
    assert!(models[1].get("pending_fall").is_none());
}

#[test]
fn r09_offers_text_gives_each_round_change_its_step() {
    let mut g = new_game(4);
    start_turn(&mut g, 4);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    g.save(&path).unwrap();
    drop(g);
    let p = path.display().to_string();
    let text = out(&impia(&["game", "offers", &p, "--lang", "en"]));
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("Ulrak change_round"))
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].contains("change_round +1"), "{text}");
    assert!(lines[1].contains("change_round -1"), "{text}");
    let mut all: Vec<&str> = text.lines().collect();
    let n = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), n, "no two identical lines: {text}");
}

#[test]
fn r39_start_turn_text_says_what_the_dark_forces_gave() {
    let mut g = new_game(4);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    g.save(&path).unwrap();
    // The game's lock goes with it: the command below writes the file.
    drop(g);
    let p = path.display().to_string();
    let text = out(&impia(&[
        "game",
        "act",
        &p,
        "--lang",
        "en",
        "--action",
        r#"{"action":"start_turn","dark_forces":[7]}"#,
    ]));
    let g = Game::load(&path, &rules()).unwrap();
    let line = g.log().last().unwrap().describe(Lang::En).to_string();
    assert!(line.contains('7') && line.contains("fear"), "{line}");
    assert!(text.contains(&line), "{text}");
}

// --- 9. Custom spells with a hit; the simulator reaches every kind ---

#[test]
fn r38_custom_spell_may_declare_a_hit() {
    let custom = SpellChoice::Custom {
        name: "Rayo".into(),
        level: 1,
        cost: 1,
        hit: Some(SpellHit {
            strength: 4,
            penetration: 1,
        }),
    };
    let cast = Action::CastSpell(act::CastSpell {
        caster: a(3),
        spell: custom,
        target: None,
        within_15cm: Vec::new(),
        backlash: vec![2],
        within_30cm: Vec::new(),
        targets: vec![b(1)],
    });
    let mut g = new_game(4);
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    ok(&mut g, cast.clone());
    let h = g.state().pending_hits.first().expect("the spell's hit");
    assert_eq!(
        (h.attacker, h.target, h.strength, h.penetration),
        (a(3), b(1), 4, 1)
    );
    assert_eq!(h.source, HitSource::Spell);
    // Before it, a custom spell carried no hit: with rules 2 it still has
    // none, and naming hit targets is refused.
    let mut old = new_game(2);
    turn(&mut old, 4);
    skip_to(&mut old, a(3));
    let e = refused(&mut old, cast);
    assert!(e.starts_with("R38"), "{e}");
}

#[test]
fn r42_r26_the_simulator_takes_headstrong_rerolls_and_defensive_shots() {
    let mut ra = roster_a();
    // Mira knows no spell: she casts "level N" ones, with a hit or not.
    ra.models[3].spells.clear();
    ra.models[1].upgrades.push("headstrong".into());
    ra.models[0].upgrades.push("headstrong".into());
    let mut rb = roster_b();
    rb.models[0].upgrades.push("headstrong".into());
    rb.models[4].upgrades.push("headstrong".into());
    let (mut headstrong, mut defensive, mut custom_hit) = (0, 0, 0);
    for seed in 1..=3u64 {
        let setup = GameSetup::new(ra.clone(), rb.clone()).with_seed(seed);
        let mut g = Game::new(setup, &rules());
        let mut rng = Roller::seeded(seed);
        let mut actor: Option<ModelRef> = None;
        for _ in 0..2500 {
            if let Now::Acting { model, .. } = g.now() {
                actor = Some(model);
            }
            let n = g.actions().len();
            impia::core::game::sim::step(&mut g, &mut rng).expect("a random step");
            for a in &g.actions()[n..] {
                match a {
                    Action::HeadstrongReroll(_) => headstrong += 1,
                    Action::Shoot(act::Shoot {
                        shooter, options, ..
                    }) if options.options.contains_key("defensive_shot")
                        && Some(*shooter) != actor =>
                    {
                        defensive += 1
                    }
                    Action::CastSpell(act::CastSpell {
                        spell: SpellChoice::Custom { hit: Some(_), .. },
                        ..
                    }) => custom_hit += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(headstrong > 0, "no Headstrong re-roll taken");
    assert!(defensive > 0, "no defensive shot taken");
    assert!(custom_hit > 0, "no custom spell with a hit cast");
}
