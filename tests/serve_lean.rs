//! Issue 32: a phone's state carries what the page needs to draw the list
//! of targets, not every target's check in words and its dice (4,000
//! models made a seat's state 15.8 MB and a phone action 6 s); `game offers
//! --json` keeps them, and `POST price` gives them for the draft a phone
//! opens. Its speed is measured by `cargo bench --bench warband`.

use impia::core::game::{Action, Game, Now, OffersView, act};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::server::{Seat, view};
use serde_json::Value;

use crate::horde_support::at_pick;

/// Two warbands of `half` models, the first picked model in its activation.
fn acting(half: usize) -> Game {
    let rules = RuleSet::builtin().expect("tables");
    let mut g = at_pick(&rules, 2 * half);
    let Now::Pick { models, .. } = g.now() else {
        panic!("no pick")
    };
    g.act(Action::Activate(act::Activate { model: models[0] }))
        .expect("activate");
    g
}

fn targets(offers: &Value) -> Vec<(String, Value)> {
    offers["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .flat_map(|o| {
            let id = o["id"].as_str().unwrap_or_default().to_string();
            o["targets"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(move |t| (id.clone(), t))
        })
        .collect()
}

fn seat_state(g: &Game) -> (usize, Value) {
    let s = view::state(g, 1);
    let json = s.json(Seat::A, Lang::En);
    (json.len(), serde_json::from_str(json).expect("JSON"))
}

#[test]
fn a_phone_state_gives_each_targets_price_in_numbers_and_leaves_the_words_to_post_price() {
    let g = acting(10);
    let (_, s) = seat_state(&g);
    let listed = targets(&s["offers"]);
    let assaults: Vec<&Value> = listed
        .iter()
        .filter(|(id, _)| id == "assault")
        .map(|(_, t)| t)
        .collect();
    assert!(!assaults.is_empty(), "{s}");
    for (id, t) in &listed {
        assert!(t.get("check").is_none(), "{id}: {t}");
        assert!(t["price"]["check"].is_null(), "{id}: {t}");
        assert_eq!(t["price"]["dice"], Value::Array(Vec::new()), "{id}: {t}");
        assert!(
            t["draft"].is_object() && t["action"].is_object(),
            "{id}: {t}"
        );
    }
    // What the page draws on a target's button: its DP and chances.
    for t in assaults {
        assert!(t["price"]["dp"].is_i64(), "{t}");
        assert!(t["price"]["win"]["exact"].is_string(), "{t}");
        assert_eq!(t["price"]["p_down"], t["p_down"], "{t}");
    }
    // `game offers --json` keeps each target's check, priced once for
    // both (the same check as the draft's price).
    let full = serde_json::to_value(OffersView::of(&g, Lang::En)).expect("JSON");
    let (id, t) = targets(&full)
        .into_iter()
        .find(|(id, _)| id == "assault")
        .expect("an assault");
    assert_eq!(t["check"], t["price"]["check"], "{id}: {t}");
    assert!(t["check"]["sources"].is_array(), "{t}");
    assert!(
        !t["price"]["dice"].as_array().expect("dice").is_empty(),
        "{t}"
    );
}

#[test]
fn a_phone_state_grows_with_its_targets_at_under_1_700_bytes_each() {
    // Before issue 32: about 2 KB a target, every check in words twice.
    let [(b0, n0), (b1, n1)] = [10, 100].map(|half| {
        let (bytes, s) = seat_state(&acting(half));
        (bytes, targets(&s["offers"]).len())
    });
    assert!(n1 >= n0 + 180, "{n0} then {n1} targets");
    let each = (b1 - b0) / (n1 - n0);
    assert!(each < 1_700, "{each} bytes a target ({b0} → {b1})");
}
