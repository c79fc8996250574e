//! Issue 34, the last words the app wrote itself: the warning that a model
//! flees when its activation ends (R31) and the DP the acting model can
//! spend (R10–R12) are the core's sentences, carried in the snapshot a
//! phone seat receives (`offers[].warning`, `acting.dp_available`), and
//! the app shows the very same ones.

use crate::game_support::*;
use crate::serve_support::figures::pages;
use egui_kittest::kittest::Queryable as _;
use impia::core::game::act;
use impia::core::game::{Action, BeastChoice, Game, ModelRef, Now, Side, sim};
use impia::core::text::Lang;
use serde_json::Value;

/// Seat A's page state in `l`.
fn seat_a(g: &Game, l: Lang) -> Value {
    pages(g, l)
        .into_iter()
        .find(|p| p["seat"] == "a")
        .expect("seat A's state")
}

/// The End activation offer's warning on seat A's page, if any.
fn end_warning(page: &Value) -> Option<String> {
    let offers = page["offers"]["offers"].as_array().expect("offers");
    let end = offers
        .iter()
        .find(|o| o["id"] == "end_activation")
        .expect("an End activation offer");
    end.get("warning")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// a(0) acting in the first turn.
fn acting() -> Game {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    g
}

#[test]
fn r31_the_app_and_a_phone_seat_say_one_flight_warning() {
    let mut g = acting();
    // Calm: no warning anywhere.
    for l in [Lang::Es, Lang::En] {
        assert_eq!(end_warning(&seat_a(&g, l)), None);
    }
    let mut h = app_harness(game_app(g.clone(), Lang::En), [1280.0, 1000.0]);
    h.run();
    assert!(h.query_by_label_contains("flee the battle").is_none());

    // Fear at twice its Courage: ending the activation now, it flees.
    fear_at_twice_courage(&mut g, a(0));
    for (l, words) in [
        (
            Lang::Es,
            "¡Con este Pavor huirá de la batalla al terminar! (R31)",
        ),
        (
            Lang::En,
            "With this fear it will flee the battle when it ends! (R31)",
        ),
    ] {
        let said = end_warning(&seat_a(&g, l)).expect("the phone's warning");
        assert_eq!(said, words);
        let mut h = app_harness(game_app(g.clone(), l), [1280.0, 1000.0]);
        h.run();
        h.get_by_label(&said);
    }
}

#[test]
fn r10_r12_the_app_and_a_phone_seat_say_one_dp_available_sentence() {
    let g = acting();
    let dp = g.dp_available(a(0));
    assert!(dp > 1, "the fixture's pool: {dp}");
    for (l, words) in [
        (Lang::Es, format!("{dp} PD disponibles")),
        (Lang::En, format!("{dp} DP available")),
    ] {
        let page = seat_a(&g, l);
        let said = page["acting"]["dp_available"]
            .as_str()
            .expect("the phone's DP available");
        assert_eq!(said, words);
        let mut h = app_harness(game_app(g.clone(), l), [1280.0, 1000.0]);
        h.run();
        h.get_by_label(said);
    }
}

/// Regression: a beast's activation read "2147483647 DP available" in the
/// app (a beast's DP have no limit, held as `i32::MAX`).
#[test]
fn r10_a_beasts_activation_shows_no_dp_figure() {
    let mut g = Game::new(setup(7).with_beast(sim::sample_beast()), &rules());
    start_turn(&mut g, 8);
    ok(
        &mut g,
        Action::BeastAppears(act::BeastAppears {
            beast: BeastChoice::Bestiary { index: 0 },
        }),
    );
    no_changes(&mut g);
    let beast = ModelRef::beast(0);
    // Every warband model ends its activation; then the beast acts.
    for _ in 0..20 {
        match g.now() {
            Now::Pick { models, .. } if models.contains(&beast) => break,
            Now::Pick { models, .. } => {
                ok(&mut g, Action::Activate(act::Activate { model: models[0] }));
                end(&mut g, models[0]);
            }
            Now::RollOff { .. } => ok(
                &mut g,
                Action::RollOff(act::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(Side::A),
                }),
            ),
            now => panic!("{now:?}"),
        }
    }
    ok(&mut g, Action::Activate(act::Activate { model: beast }));
    assert_eq!(g.state().actor(), Some(beast));
    let mut h = app_harness(game_app(g.clone(), Lang::En), [1280.0, 1000.0]);
    h.run();
    assert!(h.query_by_label_contains(&i32::MAX.to_string()).is_none());
    h.get_by_label("DP: no limit (beast)");
}

/// The status model `m` on seat A's page in `l`.
fn status_model(g: &Game, l: Lang, m: ModelRef) -> Value {
    let page = seat_a(g, l);
    page["status"]["sides"]
        .as_array()
        .expect("sides")
        .iter()
        .flat_map(|s| s["models"].as_array().expect("models").clone())
        .find(|x| x["ref"] == m.to_string())
        .expect("the model in the status")
}

/// R31: what a model's fear does is the core's word on the app's card and
/// in a phone's status; a Fearless and Stubborn model (Sarn) at twice its
/// Courage is spared both (the app's card read "flees at the end of its
/// activation" from its own threshold).
#[test]
fn r31_the_card_and_a_phone_seat_say_one_fear_effect() {
    let mut g = acting();
    let sarn = b(4);
    for m in [a(1), sarn] {
        fear_at_twice_courage(&mut g, m);
    }
    let fear = |m: ModelRef| {
        let x = g.state().model(m).expect("model");
        (x.fear, x.courage())
    };
    for (l, flees) in [
        (Lang::Es, "huye al final de su activación"),
        (Lang::En, "flees at the end of its activation"),
    ] {
        assert_eq!(status_model(&g, l, a(1))["fear_effect"], flees);
        assert!(status_model(&g, l, sarn).get("fear_effect").is_none());
        let mut h = app_harness(game_app(g.clone(), l), [1280.0, 1000.0]);
        h.run();
        let word = impia::core::glossary::FEAR.get(l);
        let (n, c) = fear(a(1));
        h.get_by_label(&format!("{word} {n}/{c} · {flees}"));
        let (n, c) = fear(sarn);
        h.get_by_label(&format!("{word} {n}/{c}"));
    }
}

/// R32, R33: who leads on VP is one sentence, the core's, in the app's
/// header and in a phone's state.
#[test]
fn r32_r33_the_app_and_a_phone_seat_say_one_lead() {
    let mut g = acting();
    for (l, tied) in [(Lang::Es, "Empate a PV 0–0"), (Lang::En, "VP tied 0–0")] {
        assert_eq!(seat_a(&g, l)["lead"], tied);
    }
    ok(
        &mut g,
        Action::ScenarioPoints(act::ScenarioPoints {
            side: Side::B,
            points: 2,
            note: String::new(),
        }),
    );
    for (l, lead) in [
        (Lang::Es, "Gana Beto 2–0 PV"),
        (Lang::En, "Leading: Beto 2–0 VP"),
    ] {
        assert_eq!(seat_a(&g, l)["lead"], lead);
        let mut h = app_harness(game_app(g.clone(), l), [1280.0, 1000.0]);
        h.run();
        h.get_by_label_contains(lead);
    }
}
