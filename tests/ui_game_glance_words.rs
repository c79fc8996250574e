//! Issue 34, the last words the clients built themselves: a warband's
//! counts by status, its pool and VP, and who has not acted before the turn
//! ends are the core's sentences, carried in the snapshot a phone seat
//! receives (`status.sides[].counts_text`, `pool_text`,
//! `status.not_acted_text`, the End turn offer's `warning`), and the app
//! shows the very same ones.

use crate::game_support::*;
use crate::serve_support::figures::pages;
use egui_kittest::kittest::Queryable as _;
use impia::core::game::act;
use impia::core::game::{Action, Game, Side, Status};
use impia::core::glossary;
use impia::core::text::Lang;
use serde_json::Value;

/// Seat A's page state in `l`.
fn seat_a(g: &Game, l: Lang) -> Value {
    pages(g, l)
        .into_iter()
        .find(|p| p["seat"] == "a")
        .expect("seat A's state")
}

/// Side `i`'s `key` in seat A's status.
fn side_words(page: &Value, i: usize, key: &str) -> String {
    page["status"]["sides"][i][key]
        .as_str()
        .unwrap_or_else(|| panic!("sides[{i}].{key} in {}", page["status"]))
        .to_string()
}

/// The End turn offer's warning on seat A's page, if any.
fn end_turn_warning(page: &Value) -> Option<String> {
    let offers = page["offers"]["offers"].as_array().expect("offers");
    let end = offers
        .iter()
        .find(|o| o["id"] == "end_turn")
        .expect("an End turn offer");
    end.get("warning")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// One model of B Down: the app's summary and the phone's status say one
/// count line, with Spanish agreement ("1 abatida").
#[test]
fn the_app_and_a_phone_seat_say_one_count_line_per_warband() {
    let mut g = game();
    ok(
        &mut g,
        Action::SetStatus(act::SetStatus {
            model: b(1),
            status: Status::Down,
        }),
    );
    let standing = g.state().models_of(Side::B).count() - 1;
    for (l, words) in [
        (
            Lang::Es,
            format!("{standing}\u{a0}en\u{a0}pie · 1\u{a0}abatida · 0\u{a0}huidas"),
        ),
        (
            Lang::En,
            format!("{standing}\u{a0}standing · 1\u{a0}Down · 0\u{a0}fled"),
        ),
    ] {
        let page = seat_a(&g, l);
        let said = side_words(&page, 1, "counts_text");
        assert_eq!(said, words);
        let mut h = app_harness(game_app(g.clone(), l), [1280.0, 1000.0]);
        h.run();
        h.get_by_label(&said);
        h.get_by_label(&side_words(&page, 0, "counts_text"));
    }
}

/// R10–R12: each warband's pool and VP in the phone's status use the
/// glossary's "Reserva común" (not the page's own "Reserva"), and the
/// page's pool label is the glossary's word.
#[test]
fn r10_a_phone_seat_words_each_pool_with_the_glossarys_term() {
    let mut g = game();
    start_turn(&mut g, 4);
    for (l, term) in [(Lang::Es, "reserva común"), (Lang::En, "destiny pool")] {
        let page = seat_a(&g, l);
        assert_eq!(page["words"]["glossary"]["pool"], glossary::POOL.get(l));
        for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
            let s = g.state().side(side).expect("side");
            let words = format!(
                "{}: {term} {} {} · 0 {}",
                g.state().player_name(side, l),
                s.pool,
                glossary::DP.get(l),
                glossary::VP.get(l)
            );
            assert!(s.pool > 0, "the pool is filled at the turn's start");
            assert_eq!(side_words(&page, i, "pool_text"), words);
        }
    }
}

/// Models left without an activation: the app's End turn button counts
/// them and its question names them with the phone's words (the End turn
/// offer's warning).
#[test]
fn the_app_and_a_phone_seat_say_who_has_not_acted() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    end(&mut g, a(0));
    let left = g.not_acted();
    assert!(left.len() > 1, "{left:?}");
    for (l, count, asks) in [
        (Lang::Es, "sin actuar", "Aún no han actuado: "),
        (Lang::En, "not acted", "These have not acted yet: "),
    ] {
        let page = seat_a(&g, l);
        let n = page["status"]["not_acted_text"].as_str().expect("a count");
        assert_eq!(n, format!("{} {count}", left.len()));
        let warning = end_turn_warning(&page).expect("the End turn's warning");
        assert!(warning.starts_with(asks), "{warning}");
        for m in &left {
            assert!(warning.contains(&g.state().name(*m)), "{warning}");
        }
        let mut h = app_harness(game_app(g.clone(), l), [1280.0, 1000.0]);
        h.run();
        h.get_by_label_contains(&format!("({n})")).click();
        h.run();
        h.get_by_label(&warning);
    }
}

/// R31: the app colours each fear pip by the level the core gives it, the
/// model's keywords counted: a Fearless and Stubborn model (Sarn) has no
/// pip of a complication or of flight, where the app's own threshold
/// painted them amber and red.
#[test]
fn r31_a_fearless_stubborn_models_pips_are_all_calm() {
    let g = game();
    let sarn = g.fear_pips_at(g.state(), b(4));
    let courage = g.state().model(b(4)).expect("Sarn").courage();
    assert_eq!(sarn.len(), 2 * courage as usize);
    assert!(sarn.iter().all(|p| *p == "calm"), "{sarn:?}");
    let other = g.fear_pips_at(g.state(), a(1));
    let c = g.state().model(a(1)).expect("a(1)").courage() as usize;
    assert_eq!(other[c - 1], "frightened", "{other:?}");
    assert_eq!(other.last(), Some(&"flees"), "{other:?}");
}
