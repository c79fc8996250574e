//! Issue 34: the host returns what each change did besides the game —
//! here who fled the battle (R31) — with the change itself, so every
//! client tells it at once.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{Action, Fled, Host, Records, Status};
use impia::core::text::Lang;

#[test]
fn r31_the_host_returns_who_fled_with_the_change() {
    let mut g = game();
    turn(&mut g, 4);
    let now = g.state().models().map(|(r, _)| r).collect::<Vec<_>>();
    let m = now
        .into_iter()
        .find(|r| {
            g.state()
                .model(*r)
                .is_some_and(|x| !x.has(impia::core::tables::Keyword::Fearless))
        })
        .expect("a model that may flee");
    skip_to(&mut g, m);
    fear_at_twice_courage(&mut g, m);
    let name = g.state().name(m);
    let mut host = Host::detached(g);
    let told = host
        .act(Action::EndActivation(act::EndActivation {
            model: m,
            terrain: Vec::new(),
            near_enemy_totem: false,
        }))
        .expect("ended");
    assert_eq!(host.state().model(m).map(|x| x.status), Some(Status::Fled));
    assert_eq!(
        told.fled,
        [Fled {
            model: m,
            name: name.clone()
        }]
    );
    assert_eq!(told.records, Records::Untouched, "no file, no records");
    let (text, error) = told.message().expect("something to tell");
    assert!(!error);
    assert_eq!(text.get(Lang::En), format!("Flees the battle: {name}"));
    assert_eq!(text.get(Lang::Es), format!("Huye de la batalla: {name}"));
    // Undone, nobody flees with the undo.
    let undone = host.undo().expect("undo").expect("undone");
    assert!(undone.fled.is_empty() && undone.is_quiet(), "{undone:?}");
}
