//! Issue 23: each action makes its own offers (`Offered` in
//! `acts/<id>.rs`). The activation's offers keep the order of their
//! places, and every declaration an offer lists is one its action answers.

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::draft::value;
use impia::core::game::{Now, sim};

/// R07: the acting model's offers, in the order of the buttons.
const ORDER: &[&str] = &[
    "move",
    "stand_up",
    "assault",
    "fight",
    "disengage",
    "shoot",
    "breath",
    "cast_spell",
    "leader_order",
    "leader_rally",
    "totem_own",
    "totem_enemy",
    "loot",
    "check",
    "use_herb",
    "fall",
    "end_activation",
];

#[test]
fn r07_the_acting_models_offers_follow_their_places() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let offers = g.offers();
    let Now::Acting { model, .. } = offers.now else {
        panic!("not acting: {:?}", offers.now);
    };
    let mut ids: Vec<&str> = offers
        .offers
        .iter()
        .filter(|o| o.model == Some(model))
        .map(|o| o.id)
        .collect();
    ids.dedup();
    assert!(ids.len() >= 4, "{ids:?}");
    let places: Vec<usize> = ids
        .iter()
        .map(|id| {
            ORDER
                .iter()
                .position(|o| o == id)
                .expect("an activation's action")
        })
        .collect();
    assert!(places.is_sorted(), "{ids:?}");
    assert_eq!(ids.last(), Some(&"end_activation"));
}

#[test]
fn every_declaration_offered_is_answered_by_its_action() {
    let mut g = game();
    let mut rng = Roller::seeded(11);
    let mut seen = 0;
    for _ in 0..300 {
        for o in g.offers().offers {
            let drafts = std::iter::once((&o.draft, &o.declarations))
                .chain(o.targets.iter().map(|t| (&t.draft, &t.declarations)));
            for (draft, decls) in drafts {
                for d in decls {
                    seen += 1;
                    assert!(
                        value(draft, &d.key).is_some(),
                        "{}: {:?} has no answer",
                        o.id,
                        d.key
                    );
                }
            }
        }
        sim::step(&mut g, &mut rng).expect("a random step");
    }
    assert!(seen > 0, "no declaration was offered");
}
