//! Issue 23: the Game view renders the Aimed shot (R26) as the core
//! declares it on the one Shoot offer: a tick labelled from its row, whose
//! figures and roll are those of the draft with it declared.

use crate::game_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use impia::core::game::act;
use impia::core::game::draft::AIMED_SHOT;
use impia::core::game::{Action, DeclKey, Game, Status};
use impia::core::odds::Odds;
use impia::core::text::Lang;
use impia::ui::ImpiaApp;

fn harness(game: Game) -> Harness<'static, ImpiaApp> {
    app_harness(game_app(game, Lang::En), [1280.0, 1600.0])
}

fn the_game<'a>(h: &'a Harness<'static, ImpiaApp>) -> &'a Game {
    h.state().game.game.as_ref().expect("a game")
}

fn target_line(h: &Harness<'static, ImpiaApp>) -> String {
    let n = h.get_by_label_contains("succeeds");
    let n = n.accesskit_node();
    n.value().or_else(|| n.label()).unwrap_or_default()
}

#[test]
fn r26_the_shot_form_ticks_the_aimed_shot_the_core_declares_and_rolls_it() {
    let mut g = game();
    for i in 1..5 {
        ok(
            &mut g,
            Action::SetStatus(act::SetStatus {
                model: b(i),
                status: Status::Removed,
            }),
        );
    }
    turn(&mut g, 4);
    skip_to(&mut g, a(2));
    let offers = g.offers();
    let shot = offers
        .offers
        .iter()
        .find(|o| o.id == "shoot" && o.model == Some(a(2)))
        .expect("Kel's shot");
    let t = shot.targets.first().expect("Vask");
    let label = t
        .declarations
        .iter()
        .find(|d| d.key == DeclKey::Row(AIMED_SHOT.into()))
        .expect("the aimed shot declared")
        .label
        .en
        .clone();
    let plain = g.price(&t.draft).expect("priced");
    let mut on = t.draft.clone();
    if let Action::Shoot(act::Shoot { options, .. }) = &mut on {
        options.aimed = true;
    }
    let aimed = g.price(&on).expect("priced");
    let mut h = harness(g);
    h.run();
    h.get_by_label_contains("Shoot (").click();
    h.run();
    let before = target_line(&h);
    let win0 = Odds(plain.win.expect("win"))
        .percent(Lang::En)
        .replace(' ', "\u{a0}");
    assert!(before.contains(&format!("succeeds: {win0}")), "{before}");
    h.get_by_role_and_label(egui::accesskit::Role::CheckBox, &label)
        .click();
    h.run();
    let after = target_line(&h);
    assert_ne!(before, after);
    let win1 = Odds(aimed.win.expect("win"))
        .percent(Lang::En)
        .replace(' ', "\u{a0}");
    assert!(after.contains(&format!("succeeds: {win1}")), "{after}");
    h.get_by_label("🎲 Vask").click();
    h.run();
    let game = the_game(&h);
    let shot = game
        .pending()
        .map(|p| p.action.clone())
        .or_else(|| game.actions().last().cloned())
        .expect("the shot");
    assert!(
        matches!(&shot, Action::Shoot(act::Shoot { options, .. }) if options.aimed),
        "{shot:?}"
    );
}
