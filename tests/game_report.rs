//! Issue 15: the end of a game and its report, checked exactly on a
//! scripted game; the luck figures against odds counted by hand.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::report::report;
use impia::core::game::{Action, Now, Side, Status};
use impia::core::text::Lang;

/// Ways out of 100 that `x + d10 >= y + d10`, and that it is strictly more.
fn count_ge(x: i32, y: i32) -> (u64, u64) {
    let (mut ge, mut gt) = (0, 0);
    for i in 1..=10 {
        for j in 1..=10 {
            ge += u64::from(x + i >= y + j);
            gt += u64::from(x + i > y + j);
        }
    }
    (ge, gt)
}

/// Turn 1, dark forces 4; Ulrak (Leader) fights Vask (Leader), wins and
/// puts him Down; the players end the game.
fn scripted() -> impia::core::game::Game {
    let mut g = game();
    ulrak_hits_vask(&mut g);
    hit(&mut g, a(0), b(0), 10, 1, vec![]);
    ok(&mut g, Action::EndGame(act::EndGame {}));
    g
}

#[test]
fn a_scripted_game_report_tells_the_turn_the_down_the_vp_and_the_winner() {
    let g = scripted();
    assert!(matches!(
        g.now(),
        Now::Ended {
            winner: Some(Side::A)
        }
    ));
    let r = report(&g, Lang::En).expect("the report");
    assert_eq!(r.state, "ended");
    assert_eq!(r.result, "a");
    assert_eq!(r.winner.as_deref(), Some("Hijos del Lobo"));
    // R32: the Leader put the enemy Leader Down: 1 + 1 VP.
    assert_eq!(r.vp.get("a"), Some(&2));
    assert_eq!(r.vp.get("b"), Some(&0));
    assert_eq!(r.turns.len(), 1);
    let t = &r.turns[0];
    assert_eq!(t.turn, 1);
    assert_eq!(t.dark_forces.as_ref().map(|d| d.total), Some(4));
    assert!(!t.dark_forces.as_ref().unwrap().text.is_empty());
    assert_eq!(t.downs.len(), 1);
    assert_eq!(t.downs[0].model, "Vask");
    assert_eq!(t.downs[0].by.as_deref(), Some("Ulrak"));
    assert_eq!(t.vp, [2, 0]);
    let (sa, sb) = (&r.sides[0], &r.sides[1]);
    assert_eq!((sa.vp.kills, sa.vp.total), (2, 2));
    assert_eq!(sa.downs_by, vec![("Ulrak".to_string(), 1)]);
    assert_eq!((sb.down, sb.standing, sb.lost), (1, 4, 1));
    assert_eq!(sa.player, "Ana");
    // Ulrak paid the Fight (1 DP).
    assert_eq!(sa.dp_spent, 1);
}

#[test]
fn the_luck_of_the_dice_is_the_sum_of_the_exact_chances() {
    let g = scripted();
    let st = g.state();
    let (u, v) = (st.model(a(0)).unwrap(), st.model(b(0)).unwrap());
    let (uw, vw) = (&u.profile.melee[0], &v.profile.melee[0]);
    // R23: each side hits on a higher total or a tie.
    let p_u_hits = count_ge(uw.combat, vw.combat).0 as f64 / 100.0;
    let p_v_hits = count_ge(vw.combat, uw.combat).0 as f64 / 100.0;
    // R27: Ulrak's hit in his own activation: he wins ties.
    let def = v.toughness() + (v.profile.armour - uw.penetration).max(0);
    let p_down = count_ge(uw.strength, def).0 as f64 / 100.0;
    let r = report(&g, Lang::Es).expect("the report");
    let (ana, beto) = (&r.luck[0], &r.luck[1]);
    assert_eq!((ana.rolls, ana.actual), (2, 2));
    assert!((ana.expected - (p_u_hits + p_down)).abs() < 1e-9, "{ana:?}");
    assert_eq!((beto.rolls, beto.actual), (2, 0));
    assert!(
        (beto.expected - (p_v_hits + (1.0 - p_down))).abs() < 1e-9,
        "{beto:?}"
    );
    // The luckiest of Ana: what happened against the lower odds.
    let luckiest = ana.luckiest.as_ref().expect("a lucky roll");
    assert!((luckiest.chance.value() - p_u_hits.min(p_down)).abs() < 1e-9);
    // Beto's worst: what failed against the higher odds, in words.
    let unluckiest = beto.unluckiest.as_ref().expect("an unlucky roll");
    assert!(unluckiest.text.contains("Vask"), "{}", unluckiest.text);
}

#[test]
fn ending_the_game_stops_play_and_undo_reopens_it() {
    let mut g = scripted();
    let e = g
        .apply(Action::Move(act::Move { model: a(1) }))
        .expect_err("nothing after the end");
    assert!(e.message(Lang::En).contains("over"), "{e}");
    g.apply(Action::Note(act::Note {
        text: "buena partida".into(),
    }))
    .expect("notes still go in");
    g.undo().expect("undo the note");
    g.undo().expect("undo the end");
    assert!(!matches!(g.now(), Now::Ended { .. }));
    let r = report(&g, Lang::En).expect("the report");
    assert_eq!(
        (r.state, r.result, r.winner.clone()),
        ("playing", "playing", None)
    );
}

#[test]
fn a_warband_with_no_model_standing_ends_a_new_game_by_itself() {
    let mut g = game();
    turn(&mut g, 4);
    for i in 0..5 {
        assert!(!matches!(g.now(), Now::Ended { .. }));
        ok(
            &mut g,
            Action::SetStatus(act::SetStatus {
                model: b(i),
                status: Status::Down,
            }),
        );
    }
    // VP 0–0: a draw, as the summary decides by VP.
    assert_eq!(g.now(), Now::Ended { winner: None });
    // Rules 2 games ended only by the players.
    let mut old = impia::core::game::Game::new(setup(7).with_rules(2), &rules());
    turn(&mut old, 4);
    for i in 0..5 {
        ok(
            &mut old,
            Action::SetStatus(act::SetStatus {
                model: b(i),
                status: Status::Down,
            }),
        );
    }
    assert!(!matches!(old.now(), Now::Ended { .. }));
}

/// Issue 32: the report in both languages comes from one replay of the
/// log (a shared game's end replayed it once per language), and each is
/// the report built in that language alone, over random games with
/// actions taken back.
#[test]
fn both_languages_reports_from_one_replay_equal_each_built_alone() {
    use impia::core::dice::Roller;
    use impia::core::game::{report::reports, sim};
    for seed in 1..=3 {
        let mut g = game();
        let mut rng = Roller::seeded(seed);
        for k in 0..400 {
            if sim::step(&mut g, &mut rng).is_err() {
                break;
            }
            if k % 97 == 0 {
                g.undo().expect("undo");
            }
        }
        let [es, en] = reports(&g).expect("replays");
        assert_eq!(es, report(&g, Lang::Es).expect("es"), "seed {seed}");
        assert_eq!(en, report(&g, Lang::En).expect("en"), "seed {seed}");
        assert!(!es.turns.is_empty() && es.turns.len() == en.turns.len());
    }
}
