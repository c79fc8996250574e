//! Issue 34: the app's forms of a roll with no targets (a Disengage, an
//! attribute check) show the core's price of their draft, the value a
//! phone gets (`PriceView`): every source and each figure in the core's
//! words with its exact odds; and their Roll button sends that draft.

use crate::game_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use impia::core::game::act;
use impia::core::game::{Action, CheckView, Game, PriceView};
use impia::core::tables::Stat;
use impia::core::text::Lang;
use impia::ui::ImpiaApp;

fn harness(game: Game) -> Harness<'static, ImpiaApp> {
    app_harness(game_app(game, Lang::En), [1280.0, 1600.0])
}

/// Every line the app should show of `check`: each source (as "• …") and
/// each figure with its exact odds, once per time the check has it.
fn lines(check: &CheckView) -> Vec<String> {
    let rolls = match check {
        CheckView::Check {
            sources, figures, ..
        } => vec![(sources, figures)],
        CheckView::Opposed(c) => vec![(&c.sources, &c.figures)],
        CheckView::Disengage { rolls } => rolls.iter().map(|c| (&c.sources, &c.figures)).collect(),
    };
    rolls
        .into_iter()
        .flat_map(|(sources, figures)| {
            let s = sources.iter().map(|s| format!("• {s}"));
            let f = figures
                .iter()
                .map(|f| format!("{}: {}", f.text, f.odds.exact()));
            s.chain(f).collect::<Vec<_>>()
        })
        .collect()
}

/// Each of `expected` is on screen at least as often as it is expected.
fn assert_shown(h: &Harness<'static, ImpiaApp>, expected: &[String]) {
    assert!(!expected.is_empty());
    for line in expected {
        let want = expected.iter().filter(|x| *x == line).count();
        let shown = h.query_all_by_label_contains(line).count();
        assert!(shown >= want, "{line:?}: shown {shown}, expected {want}");
    }
}

/// The roll just made: the one waiting, or the log's last action.
fn rolled(h: &Harness<'static, ImpiaApp>) -> Action {
    let g = h.state().game.game.as_ref().expect("a game");
    g.pending()
        .map(|p| p.action.clone())
        .or_else(|| g.actions().last().cloned())
        .expect("an action")
}

#[test]
fn r25_the_disengage_form_shows_each_roll_as_the_phones_get_it_and_rolls_it() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    for i in 0..2 {
        ok(
            &mut g,
            Action::SetEngaged(act::SetEngaged {
                a: a(0),
                b: b(i),
                engaged: true,
            }),
        );
    }
    let draft = Action::Disengage(act::Disengage {
        model: a(0),
        rolls: Vec::new(),
    });
    let price = PriceView::of(&g, &draft, Lang::En).expect("a Disengage priced");
    let check = price.check.expect("its checks");
    assert!(matches!(&check, CheckView::Disengage { rolls } if rolls.len() == 2));
    let mut h = harness(g);
    h.run();
    h.key_press(egui::Key::D);
    h.run();
    assert_shown(&h, &lines(&check));
    h.get_by_label_contains("Roll  [Space]").click();
    h.run();
    assert!(
        matches!(rolled(&h), Action::Disengage(d) if d.model == a(0) && d.rolls.len() == 2),
        "{:?}",
        h.state().game.message
    );
}

#[test]
fn r01_the_attribute_check_form_shows_the_checks_price_and_rolls_it() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let draft = Action::Check(act::Check {
        model: a(0),
        stat: Stat::Agility,
        modifier: 0,
        reason: String::new(),
        options: Default::default(),
        roll: None,
    });
    let price = PriceView::of(&g, &draft, Lang::En).expect("a check priced");
    let check = price.check.expect("its check");
    let mut h = harness(g);
    h.run();
    h.key_press(egui::Key::C);
    h.run();
    assert_shown(&h, &lines(&check));
    h.get_by_label_contains("Roll  [Space]").click();
    h.run();
    assert!(
        matches!(rolled(&h), Action::Check(c) if c.model == a(0) && c.stat == Stat::Agility),
        "{:?}",
        h.state().game.message
    );
}
