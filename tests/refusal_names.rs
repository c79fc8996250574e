//! Refusals carry model references, not rendered names (issue 22): the
//! words name the models, taken from the game where the refusal leaves the
//! rules, and a name never has to be parsed back out of a refusal.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{Action, Refusal};
use impia::core::text::Lang;

#[test]
fn r07_a_refusal_holds_model_references_and_its_words_name_them() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let e = g
        .apply(Action::Move(act::Move { model: a(1) }))
        .expect_err("a0 is in its activation");
    // The value: references only.
    assert_eq!(
        *e.refusal,
        Refusal::OtherActivation {
            active: a(0),
            model: a(1),
        }
    );
    assert_eq!(e.refusal.models(), vec![a(0), a(1)]);
    // The words: the models' names, in both languages.
    let name = |m| g.state().model(m).expect("model").name.to_string();
    let (active, other) = (name(a(0)), name(a(1)));
    assert_ne!(active, a(0).to_string(), "the fixture names its models");
    assert_eq!(
        e.message(Lang::En),
        format!("R07: it is {active}'s activation, not {other}'s")
    );
    assert_eq!(
        e.message(Lang::Es),
        format!("R07: es la activación de {active}, no de {other}")
    );
}

#[test]
fn a_refusal_without_the_games_names_says_the_references() {
    // Built outside a game (nothing took names): the references stand in,
    // never an empty name.
    let e = impia::core::game::GameError::from(Refusal::NotActivated { model: a(2) });
    assert_eq!(e.message(Lang::En), "R07: a2 is not activated");
}
