//! Issue 12 ★: the chance of each attack option, checked against odds
//! counted by hand (every face of every die enumerated here, independently
//! of the core's convolution).

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{Action, Game, ModelRef, Offer};
use impia::core::odds::Prob;

/// The number of ways, out of 10 × 10, that `x + d10 >= y + d10` (ties
/// count for the left side), and that it is strictly greater.
fn count_ge(x: i32, y: i32) -> (u64, u64) {
    let (mut ge, mut gt) = (0, 0);
    for i in 1..=10 {
        for j in 1..=10 {
            if x + i >= y + j {
                ge += 1;
            }
            if x + i > y + j {
                gt += 1;
            }
        }
    }
    (ge, gt)
}

/// R27–R29: the chance a hit of Strength `s`, Penetration `pen` puts down a
/// model of Toughness `t` and Armour `armour`, the hitter rolling as the
/// active side (it wins ties, R02).
fn hit_by_hand(s: i32, pen: i32, t: i32, armour: i32, hitter_active: bool) -> Prob {
    let def = t + (armour - pen).max(0);
    if hitter_active {
        Prob::new(count_ge(s, def).0, 100)
    } else {
        Prob::new(count_ge(s, def).1, 100)
    }
}

fn target_of(offer: &Offer, m: ModelRef) -> &impia::core::game::Target {
    offer
        .targets
        .iter()
        .find(|t| t.model == m)
        .unwrap_or_else(|| panic!("{m} is not a target of {}", offer.id))
}

/// Ulrak (a0) activated and engaged with Vask (b0), nobody frightened.
fn ulrak_engaged_with_vask() -> Game {
    let mut g = game();
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
    g
}

#[test]
fn r23_fight_offer_gives_the_exact_chance_each_side_is_put_down() {
    let g = ulrak_engaged_with_vask();
    let st = g.state();
    let (u, v) = (st.model(a(0)).expect("a0"), st.model(b(0)).expect("b0"));
    let (uw, vw) = (&u.profile.melee[0], &v.profile.melee[0]);
    let offers = g.offers();
    let fight = offers
        .offers
        .iter()
        .find(|o| o.id == "fight" && o.allowed)
        .expect("a fight is offered");
    let t = target_of(fight, b(0));

    // R23: the higher Combat total hits, a tie hits both.
    let (ge, _) = count_ge(uw.combat, vw.combat);
    let (ge_v, _) = count_ge(vw.combat, uw.combat);
    // The hit rolls in Ulrak's activation: Ulrak's hit is active, Vask's
    // hit on Ulrak passive (R02).
    let down = Prob::new(ge, 100)
        * hit_by_hand(
            uw.strength,
            uw.penetration,
            v.toughness(),
            v.profile.armour,
            true,
        );
    let attacker_down = Prob::new(ge_v, 100)
        * hit_by_hand(
            vw.strength,
            vw.penetration,
            u.toughness(),
            u.profile.armour,
            false,
        );
    assert_eq!(t.p_down, Some(down));
    assert_eq!(t.p_attacker_down, Some(attacker_down));
    assert!(down > Prob::new(0, 1) && down < Prob::new(1, 1));
}

#[test]
fn r22_brutal_assault_chance_counts_the_advantage_die() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let st = g.state();
    let (u, o) = (st.model(a(0)).expect("a0"), st.model(b(2)).expect("b2"));
    let (uw, ow) = (&u.profile.melee[0], &o.profile.melee[0]);
    let offers = g.offers();
    let brutal = offers
        .offers
        .iter()
        .find(|o| {
            o.id == "assault"
                && o.allowed
                && o.targets
                    .iter()
                    .any(|t| matches!(t.action, Action::Assault(act::Assault { brutal: true, .. })))
        })
        .expect("a brutal assault is offered");
    let t = target_of(brutal, b(2));
    // R20 +1 to Combat for the Assault, R22 one advantage: + 1d3.
    let mut ge = 0u64;
    for d3 in 1..=3 {
        ge += count_ge(uw.combat + 1 + d3, ow.combat).0;
    }
    let down = Prob::new(ge, 300)
        * hit_by_hand(
            uw.strength,
            uw.penetration,
            o.toughness(),
            o.profile.armour,
            true,
        );
    assert_eq!(t.p_down, Some(down));
}

#[test]
fn r26_shoot_offer_chains_the_accuracy_check_and_the_hit() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let st = g.state();
    let (k, v) = (st.model(a(2)).expect("a2"), st.model(b(0)).expect("b0"));
    let bow = &k.profile.ranged[0];
    let offers = g.offers();
    let shoot = offers
        .offers
        .iter()
        .find(|o| o.id == "shoot" && o.allowed)
        .expect("a shot is offered");
    let t = target_of(shoot, b(0));
    // R01: the d10 at most Accuracy (medium range, no modifier).
    let hits = (1..=10).filter(|d| *d <= k.profile.stats.accuracy).count() as u64;
    let down = Prob::new(hits, 10)
        * hit_by_hand(
            bow.strength[1],
            bow.penetration[1],
            v.toughness(),
            v.profile.armour,
            true,
        );
    assert_eq!(t.p_down, Some(down));
    assert_eq!(t.p_attacker_down, None, "a shot puts no shooter Down");
}

/// Kel (a2, warrior: Accuracy 3, bow at medium range: Strength 3,
/// Penetration 2) shoots Vask (b0, hero: Toughness 4, no armour) who has
/// Imposing presence (R42), in a rules-4 game.
fn kel_shoots_an_imposing_vask() -> Game {
    let mut rb = roster_b();
    rb.models[0].upgrades.push("imposing_presence".into());
    let mut g = Game::new(
        impia::core::game::GameSetup::new(roster_a(), rb).with_seed(7),
        &rules(),
    );
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    g
}

#[test]
fn r42_imposing_shot_far_and_near_chances_against_a_hand_count() {
    let g = kel_shoots_an_imposing_vask();
    let st = g.state();
    let (k, v) = (st.model(a(2)).expect("a2"), st.model(b(0)).expect("b0"));
    assert_eq!(
        (k.profile.stats.accuracy, v.toughness(), v.profile.armour),
        (3, 4, 0)
    );
    assert_eq!(
        (
            k.profile.ranged[0].strength[1],
            k.profile.ranged[0].penetration[1]
        ),
        (3, 2)
    );
    // Counted by hand. The hit: 1d10 + 3 against 1d10 + 4 + max(0, 0 − 2),
    // Kel's activation so Kel is active and wins ties (R02): he needs his
    // d10 above Vask's: 45 of the 100 pairs.
    // Far (nothing declared, R42 rules 4: beyond 10 cm): d10 ≤ 3, 3/10;
    // Down = 3/10 × 45/100 = 27/200.
    // Near (Vask declared within 10 cm): one complication, the d3 taken
    // from the target (R04): d3 1 → d10 ≤ 2, d3 2 → d10 ≤ 1, d3 3 → never:
    // (2 + 1 + 0) / 30 = 1/10; Down = 1/10 × 45/100 = 9/200.
    assert_eq!(hit_by_hand(3, 2, 4, 0, true), Prob::new(45, 100));
    let offers = g.offers();
    let shoot = offers
        .offers
        .iter()
        .find(|o| o.id == "shoot" && o.model == Some(a(2)) && o.allowed)
        .expect("a shot is offered");
    assert_eq!(target_of(shoot, b(0)).p_down, Some(Prob::new(27, 200)));
    // The same shot declared near: its chance as the core gives it for the
    // action with Vask in its `imposing` list.
    let mut near = target_of(shoot, b(0)).action.clone();
    if let Action::Shoot(act::Shoot { options, .. }) = &mut near {
        options.imposing = vec![b(0)];
    }
    let p = g.chances(&near).expect("a chance");
    assert_eq!(p.down, Prob::new(9, 200));
}

#[test]
fn non_attack_offers_carry_no_chance() {
    let g = ulrak_engaged_with_vask();
    for o in g.offers().offers {
        if !matches!(o.id, "assault" | "fight" | "shoot" | "breath") {
            assert!(
                o.targets.iter().all(|t| t.p_down.is_none()),
                "{} has a chance",
                o.id
            );
        }
    }
}

#[test]
fn game_offers_json_gives_each_attack_target_its_chance_and_its_check_with_sources() {
    let mut g = ulrak_engaged_with_vask();
    let want = g
        .offers()
        .offers
        .iter()
        .find(|o| o.id == "fight" && o.allowed)
        .and_then(|o| o.targets.first().cloned())
        .expect("a fight target");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("g.yaml");
    g.save(&path).expect("saved");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "offers", "--json", "--lang", "en"])
        .arg(&path)
        .output()
        .expect("run impia");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let fight = v["offers"]
        .as_array()
        .and_then(|a| {
            a.iter()
                .find(|o| o["id"] == "fight" && o["allowed"] == true)
        })
        .expect("the fight offer");
    let t = &fight["targets"][0];
    let p = want.p_down.expect("a chance");
    assert_eq!(
        t["p_down"]["exact"],
        format!("{}/{}", p.numer(), p.denom()).as_str()
    );
    assert!(t["p_attacker_down"]["value"].as_f64().is_some());
    let sources = t["check"]["sources"].as_array().expect("sources");
    assert!(
        sources
            .iter()
            .any(|s| s.as_str().is_some_and(|s| s.contains("Ulrak")))
    );
    assert!(t["check"]["odds"]["active_wins"]["exact"].is_string());
}
