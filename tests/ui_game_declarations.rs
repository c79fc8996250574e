//! Issue 27 (1) and issue 23: beside each target, the Game view's figures
//! are those of exactly the roll its button makes: declaring an option
//! moves the win odds and the chance to put Down together, and a shot's
//! chance to put Down follows its range band. Checked against the core's
//! price of that draft and, for the blowpipe, against odds counted by hand.

use crate::game_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use impia::core::game::act;
use impia::core::game::{Action, Game, GameSetup, Prepared, Status};
use impia::core::odds::{Odds, Prob};
use impia::core::text::Lang;
use impia::ui::ImpiaApp;

fn app(game: Game) -> ImpiaApp {
    game_app(game, Lang::En)
}

fn harness(app: ImpiaApp) -> Harness<'static, ImpiaApp> {
    app_harness(app, [1280.0, 800.0])
}

fn the_game<'a>(h: &'a Harness<'static, ImpiaApp>) -> &'a Game {
    h.state().game.game.as_ref().expect("a game")
}

/// The figures beside the one target on show (a label keeps its text as
/// its AccessKit value).
fn target_line(h: &Harness<'static, ImpiaApp>) -> String {
    let n = h.get_by_label_contains("is put Down");
    let n = n.accesskit_node();
    n.value().or_else(|| n.label()).unwrap_or_default()
}

/// Vask (b0) the one enemy left on the table: the form shows one target.
fn only_vask(g: &mut Game) {
    for i in 1..5 {
        ok(
            g,
            Action::SetStatus(act::SetStatus {
                model: b(i),
                status: Status::Removed,
            }),
        );
    }
}

/// The words the view shows for a chance (its "%" kept with its number).
fn pct(p: Prob) -> String {
    Odds(p).percent(Lang::En).replace(' ', "\u{a0}")
}

/// The number of ways, out of 10 × 10, that `x + d10 >= y + d10`.
fn count_ge(x: i32, y: i32) -> u64 {
    let mut n = 0;
    for i in 1..=10 {
        for j in 1..=10 {
            if x + i >= y + j {
                n += 1;
            }
        }
    }
    n
}

/// Ulrak (a0) engaged with Vask (b0) only; Tuk (b1) has Imposing presence
/// and stands apart: the players may declare him within 10 cm (R42).
fn fight_game() -> Game {
    let mut rb = roster_b();
    rb.models[1].upgrades.push("imposing_presence".into());
    let mut g = Game::new(GameSetup::new(roster_a(), rb).with_seed(7), &rules());
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
fn the_fight_forms_win_odds_and_down_chance_should_change_together_when_an_option_is_declared() {
    let mut h = harness(app(fight_game()));
    h.run();
    h.get_by_label("Fight (1 DP)  [F]").click();
    h.run();
    let before = target_line(&h);
    // The figures of the plain fight, from the core's price.
    let plain = Action::Fight(act::Fight {
        attacker: a(0),
        defender: b(0),
        options: Default::default(),
        roll: None,
    });
    let p0 = the_game(&h).price(&plain).expect("priced");
    let (win0, down0) = (p0.win.expect("win"), p0.down.expect("down"));
    assert!(before.contains(&format!("wins: {}", pct(win0))), "{before}");
    assert!(
        before.contains(&format!("is put Down: {}", pct(down0))),
        "{before}"
    );
    // Tuk declared within 10 cm: one complication on Ulrak's Combat.
    h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "Tuk")
        .click();
    h.run();
    let after = target_line(&h);
    let mut near = plain.clone();
    if let Action::Fight(act::Fight { options, .. }) = &mut near {
        options.imposing = vec![b(1)];
    }
    let p1 = the_game(&h).price(&near).expect("priced");
    let (win1, down1) = (p1.win.expect("win"), p1.down.expect("down"));
    assert!(
        win1 < win0 && down1 < down0,
        "{win1} {win0} {down1} {down0}"
    );
    assert!(after.contains(&format!("wins: {}", pct(win1))), "{after}");
    assert!(
        after.contains(&format!("is put Down: {}", pct(down1))),
        "{after}"
    );
    // The attacker's own risk is on the line, labelled, and rises.
    let risk = p1.attacker_down.expect("a fight's risk");
    assert!(
        after.contains(&format!("is put Down: {}", pct(risk))),
        "{after}"
    );
    assert!(Some(risk) > p0.attacker_down);
    // The button rolls that very draft.
    h.get_by_label("🎲 Vask").click();
    h.run();
    let pending = the_game(&h)
        .pending()
        .expect("the fight waits")
        .action
        .clone();
    assert!(
        matches!(&pending, Action::Fight(act::Fight { options, .. }) if options.imposing == vec![b(1)]),
        "{pending:?}"
    );
}

#[test]
fn the_assault_after_a_move_should_show_the_odds_of_the_pre_filled_roll() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    only_vask(&mut g);
    ok(&mut g, Action::Move(act::Move { model: a(0) }));
    let mut h = harness(app(g));
    h.run();
    h.get_by_label("Assault (1 DP)  [A]").click();
    h.run();
    let offers = the_game(&h).offers();
    let o = offers
        .offers
        .iter()
        .find(|o| {
            o.id == "assault"
                && matches!(
                    o.action,
                    Action::Assault(act::Assault { brutal: false, .. })
                )
        })
        .expect("an assault");
    let t = o.targets.first().expect("a target");
    let p = the_game(&h).price(&t.draft).expect("priced");
    let name = the_game(&h).state().name(t.model);
    let line = target_line(&h);
    assert!(
        line.contains(&format!("wins: {}", pct(p.win.expect("win")))),
        "{line}"
    );
    assert!(
        line.contains(&format!("is put Down: {}", pct(p.down.expect("down")))),
        "{name}: {line}"
    );
    let plain = the_game(&h).price(&t.action).expect("priced");
    assert_ne!(plain.down, p.down, "the +1 of the Move is in the roll");
}

/// Kel (a2, Accuracy 3) carries a blowpipe (Strength 3/2/1, Penetration
/// 1, poison Strength 2) and shoots Vask (b0: Toughness 4, no armour).
fn blowpipe_game() -> Game {
    let mut ra = roster_a();
    ra.models[2].weapons = vec!["blowpipe".into()];
    let mut g = Game::new(GameSetup::new(ra, roster_b()).with_seed(7), &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    only_vask(&mut g);
    g
}

#[test]
fn the_blowpipes_down_chance_should_change_with_range() {
    let g = blowpipe_game();
    let (kel, vask) = (
        g.state().model(a(2)).expect("Kel"),
        g.state().model(b(0)).expect("Vask"),
    );
    let pipe = &kel.profile.ranged[0];
    assert_eq!(
        (
            kel.profile.stats.accuracy,
            vask.toughness(),
            vask.profile.armour
        ),
        (3, 4, 0)
    );
    assert_eq!((pipe.strength, pipe.penetration), ([3, 2, 1], [1, 1, 1]));
    // By hand: d10 at most Accuracy + band (short +1, long −1), then the
    // dart's hit (Kel active, wins ties: S + d10 ≥ 4 + d10), and if it
    // stands the poison's (Strength 2): Down = acc × (1 − (1 − w)(1 − p)).
    let poison = Prob::new(count_ge(2, 4), 100);
    let one = Prob::new(1, 1);
    let by_hand = |acc: u64, s: i32| {
        let w = Prob::new(count_ge(s, 4), 100);
        Prob::new(acc, 10) * (one - (one - w) * (one - poison))
    };
    let want = [
        ("Short range (+1)", by_hand(4, 3)),
        ("Medium range", by_hand(3, 2)),
        ("Long range (-1)", by_hand(2, 1)),
    ];
    let mut h = harness(app(g));
    h.run();
    h.get_by_label("Shoot (1 DP)  [S]").click();
    h.run();
    let mut seen = Vec::new();
    for (band, down) in want {
        h.get_by_label(band).click();
        h.run();
        let line = target_line(&h);
        assert!(
            line.contains(&format!("is put Down: {}", pct(down))),
            "{band}: {line}, want {}",
            pct(down)
        );
        seen.push(down);
    }
    assert!(seen[0] > seen[1] && seen[1] > seen[2], "{seen:?}");
    // The check the long shot makes is the one counted above.
    let mut long = Action::Shoot(act::Shoot {
        shooter: a(2),
        target: b(0),
        options: Default::default(),
        roll: None,
        stray: None,
    });
    if let Action::Shoot(act::Shoot { options, .. }) = &mut long {
        options.band = impia::core::game::RangeBand::Long;
    }
    let Ok(Prepared::Check(c)) = the_game(&h).prepare(&long) else {
        panic!("a check");
    };
    assert_eq!(c.odds().0, Prob::new(2, 10));
}
