//! Issue 33, what the lead left: the defender's weapon is the defender's
//! choice (a declaration of its own side, asked only where it has more
//! than one close combat weapon), and a roll the laptop undid stays in the
//! report while it may still be redone. Through `Game` directly;
//! `serve_fair_answers.rs` sends the same through HTTP.

use impia::core::game::act;
use impia::core::game::rights::{Asked, Field, Refused};
use impia::core::game::{
    Action, DeclKey, DeclKind, Declared, FightOptions, Game, GameSetup, Side, Taker, report,
};
use impia::core::text::Lang;

use crate::game_support::*;

/// Vask (b0) carries a heavy mace and a small blade.
pub fn two_weapons_setup() -> GameSetup {
    let mut rb = roster_b();
    rb.models[0].weapons.push("small_blade".into());
    GameSetup::new(roster_a(), rb)
        .with_seed(7)
        .with_players("Ana", "Beto")
}

/// a0 in its activation, Vask with two weapons.
pub fn acting_against_two_weapons() -> Game {
    let mut g = Game::new(two_weapons_setup(), &rules());
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g
}

fn assault(options: FightOptions) -> Action {
    Action::Assault(act::Assault {
        attacker: a(0),
        defender: b(0),
        brutal: false,
        options,
        roll: None,
    })
}

#[test]
fn r23_the_defenders_weapon_is_asked_of_the_defender_only_when_it_has_a_choice() {
    let g = acting_against_two_weapons();
    let plain = assault(FightOptions::default());
    let decls = g.declarations(&plain);
    let weapon = decls
        .iter()
        .find(|d| d.key == DeclKey::Weapon(b(0)))
        .expect("Vask's weapon is asked");
    let DeclKind::Pick { choices, many } = &weapon.kind else {
        panic!("a pick: {weapon:?}");
    };
    assert!(!many);
    let ids: Vec<&str> = choices.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["heavy_mace", "small_blade"]);
    assert_eq!(weapon.label(Lang::En), "Weapon (Vask)");
    assert_eq!(weapon.label(Lang::Es), "Arma (Vask)");
    // Ulrak has one weapon: nothing to choose, nothing asked.
    assert!(!decls.iter().any(|d| d.key == DeclKey::Weapon(a(0))));

    // A's Roll waits for Beto's pick, and says so.
    let Ok(Asked::Wait(w)) = g.ask(Side::A, &plain, &[]) else {
        panic!("waits: {:?}", g.ask(Side::A, &plain, &[]));
    };
    assert_eq!((w.by, w.from), (Side::A, Side::B));
    assert_eq!(w.needs, vec![Field::Weapon { model: b(0) }]);
    let text = w.text(&g, Lang::En);
    assert!(text.contains("waiting for Beto: Vask's weapon"), "{text}");
    assert!(w.text(&g, Lang::Es).contains("el arma de Vask"));

    // A may not pick it: the sentence names whose choice it is.
    let picked = g
        .declare(
            &plain,
            &DeclKey::Weapon(b(0)),
            Declared::Picks(vec!["small_blade".into()]),
        )
        .expect("declared");
    let Err(Refused::Denied(d)) = g.ask(Side::A, &picked, &[]) else {
        panic!("refused");
    };
    assert_eq!(
        (d.field, d.owner),
        (Field::Weapon { model: b(0) }, Taker::B)
    );
    assert_eq!(d.message(&g, Lang::En), "Vask's weapon is Beto's choice");

    // B answers with its pick; the game rolls, with the small blade.
    let full = g.complete(&w, Side::B, &picked, &[]).expect("B's answer");
    let Action::Assault(x) = &full else {
        panic!("{full:?}")
    };
    assert_eq!(x.options.defender_weapon.as_deref(), Some("small_blade"));
    let mut g = g;
    g.act(full).expect("applied");
    let Some(Action::Assault(x)) = g.pending().map(|p| p.action.clone()) else {
        panic!("the assault waits: {:?}", g.pending());
    };
    assert!(x.roll.is_some(), "rolled");
    assert_eq!(x.options.defender_weapon.as_deref(), Some("small_blade"));
}

#[test]
fn r23_a_defender_with_one_weapon_is_not_asked_and_the_laptop_may_set_both() {
    let mut g = game();
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    let plain = assault(FightOptions::default());
    assert!(
        !g.declarations(&plain)
            .iter()
            .any(|d| matches!(d.key, DeclKey::Weapon(_)))
    );
    assert!(matches!(g.ask(Side::A, &plain, &[]), Ok(Asked::Apply(_))));
    // The laptop, the referee, sets both sides' weapons.
    let mut g = acting_against_two_weapons();
    g.act(assault(FightOptions {
        weapon: Some("medium_blade".into()),
        defender_weapon: Some("small_blade".into()),
        ..Default::default()
    }))
    .expect("the laptop's assault");
    assert!(g.pending().is_some());
}

#[test]
fn a_roll_the_laptop_undid_stays_in_the_report_while_it_may_be_redone() {
    let mut g = game();
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g.act(assault(FightOptions::default())).expect("R20");
    let line = g.last_line(Lang::En).expect("a line");
    assert!(g.undo().expect("undone"), "the laptop undoes");
    assert!(g.can_redo());
    let story = |g: &Game, l: Lang| -> Vec<String> {
        report::report(g, l)
            .expect("a report")
            .turns
            .iter()
            .flat_map(|t| t.story(l))
            .collect()
    };
    let en = story(&g, Lang::En);
    assert!(
        en.contains(&format!("↶ {line} — taken back by the laptop")),
        "{en:?}"
    );
    assert!(
        story(&g, Lang::Es)
            .iter()
            .any(|s| s.ends_with("— retirada por el ordenador")),
    );
    // Redone, it is in the log again, not taken back.
    assert!(g.redo().expect("redone"));
    assert!(!story(&g, Lang::En).iter().any(|s| s.starts_with('↶')));
    // Undone again and dropped by a new roll: the same words, kept in the
    // file's undone list.
    assert!(g.undo().expect("undone"));
    g.act(assault(FightOptions::default()))
        .expect("rolled again");
    assert!(!g.can_redo());
    let en = story(&g, Lang::En);
    assert!(
        en.contains(&format!("↶ {line} — taken back by the laptop")),
        "{en:?}"
    );
}

#[test]
fn the_app_log_marks_a_roll_the_laptop_undid_while_it_may_be_redone() {
    use crate::game_support::{app_harness, game_app};
    use egui_kittest::kittest::Queryable as _;
    let mut g = game();
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    g.act(assault(FightOptions::default())).expect("R20");
    assert!(g.undo().expect("undone"));
    for (lang, words) in [
        (Lang::En, "— taken back by the laptop"),
        (Lang::Es, "— retirada por el ordenador"),
    ] {
        let line = g.describe(&g.redo_list()[0], lang);
        let mut h = app_harness(game_app(g.clone(), lang), [1280.0, 900.0]);
        h.run();
        h.get_by_label_contains(&format!("{line} {words}"));
    }
}
