//! Issue 27: the clicks a whole first turn takes, counted on the real Game
//! view at 1280×800 (every input is a click on a button found by its
//! label, as a player would). Each model that can assaults after a Move and
//! rolls its hit; the others end their activation at once.

use crate::game_support::{app_harness, game_app};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use impia::core::game::act;
use impia::core::game::{Action, GameSetup, Host, ModelRef, Now};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::ImpiaApp;

fn now(h: &Harness<'static, ImpiaApp>) -> Now {
    h.state().game.game.as_ref().expect("a game").now()
}

/// Click the button whose label is `label` (a card may carry the same
/// words: the button is the one with the button's role).
fn click(h: &mut Harness<'static, ImpiaApp>, label: &str, exact: bool) {
    let node = if exact {
        h.get_all_by_label(label)
            .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
    } else {
        h.get_all_by_label_contains(label)
            .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
    };
    let node = node.unwrap_or_else(|| panic!("no button {label:?} at {:?}", now(h)));
    assert!(
        !node.accesskit_node().is_disabled(),
        "{label:?} disabled at {:?}",
        now(h)
    );
    node.click();
    h.run();
}

#[test]
fn a_whole_first_turn_should_take_a_counted_number_of_clicks() {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let models = a.models.len() + b.models.len();
    let setup = GameSetup::new(a, b)
        .with_seed(11)
        .with_players("Ana", "Bea");
    let app = game_app(Host::new(setup, &rules).into_game(), Lang::En);
    let mut h = app_harness(app, [1280.0, 800.0]);
    h.run();
    let (mut clicks, mut activation_clicks) = (0, Vec::new());
    let mut moved: Vec<ModelRef> = Vec::new();
    let mut assaulted: Vec<ModelRef> = Vec::new();
    let mut this_activation = 0;
    for _ in 0..400 {
        let n = now(&h);
        let g = h.state().game.game.as_ref().expect("a game");
        match n {
            Now::StartTurn { turn } if turn > 1 => break,
            Now::StartTurn { .. } => click(&mut h, "Roll the Dark Forces", false),
            Now::ChangeRound { .. } => click(&mut h, "Done changing for", false),
            Now::RollOff { .. } => click(&mut h, "Roll off", false),
            Now::ChooseStart { .. } => click(&mut h, "Starts:", false),
            Now::Rolled => click(&mut h, "✔ Accept the roll  [Enter]", true),
            Now::ResolveHits { .. } => click(&mut h, "🎲 Roll  [Space]", true),
            Now::Pick { models, .. } => {
                let name = g.state().name(models[0]);
                this_activation = 0;
                click(&mut h, &name, true);
            }
            Now::Acting { .. } => {
                let me = g.state().actor().expect("an actor");
                let offers = g.offers();
                let target = offers
                    .allowed()
                    .filter(|o| {
                        matches!(
                            o.action,
                            Action::Assault(act::Assault { brutal: false, .. })
                        )
                    })
                    .find_map(|o| o.targets.first().map(|t| t.model));
                let can_move = offers.allowed().any(|o| o.id == "move");
                match target {
                    Some(_) if !moved.contains(&me) && can_move => {
                        moved.push(me);
                        click(&mut h, "Move (1 DP)  [M]", true);
                    }
                    Some(t) if !assaulted.contains(&me) => {
                        assaulted.push(me);
                        let name = g.state().name(t);
                        click(&mut h, "Assault (1 DP)  [A]", true);
                        this_activation += 1;
                        clicks += 1;
                        click(&mut h, &format!("🎲 {name}"), true);
                        // The click rolled: the target was in view and
                        // took the click (after a Move the form's targets
                        // were below the centre at 1280×800).
                        assert!(matches!(now(&h), Now::Rolled), "{:?}", now(&h));
                    }
                    _ => {
                        click(&mut h, "End activation  [E]", true);
                        this_activation += 1;
                        clicks += 1;
                        activation_clicks.push(this_activation);
                        continue;
                    }
                }
            }
            other => panic!("unexpected in the first turn: {other:?}"),
        }
        clicks += 1;
        this_activation += 1;
    }
    assert!(
        matches!(now(&h), Now::StartTurn { turn: 2 }),
        "{:?}",
        now(&h)
    );
    let assaults = assaulted.len();
    println!(
        "first turn of a {models}-model game: {clicks} clicks; {assaults} assaults; clicks per activation {activation_clicks:?}"
    );
    // Every model still in play acted once, each activation ended by its
    // own click, and took at least the pick and the end.
    let st = h.state().game.game.as_ref().expect("a game").state();
    let out = st.models().filter(|(_, m)| !m.status.in_play()).count();
    assert_eq!(activation_clicks.len() + out, models, "{out} out of play");
    assert!(
        activation_clicks.iter().all(|&c| c >= 2),
        "{activation_clicks:?}"
    );
    assert!(assaults >= 1, "no assault: the count says nothing of one");
    // One activation of Move + Assault + the hit: pick, Move, Assault, the
    // target, accept, roll the hit, accept, end.
    assert!(activation_clicks.contains(&8), "{activation_clicks:?}");
}
