//! Issue 27: the history says only what happened. A withstood hit names
//! no one as gaining fear (R31: fear comes from a friend put Down).

use crate::game_support::*;
use impia::core::game::Action;
use impia::core::game::act;
use impia::core::text::Lang;

#[test]
fn r31_a_withstood_hit_should_not_say_fear_to() {
    let mut g = game();
    turn(&mut g, 6);
    skip_to(&mut g, a(0));
    ok(
        &mut g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    fight(&mut g, a(0), b(0), 9, 1);
    let fear = fear_of(&g, b(4));
    // The target rolls 10 against the attacker's 1: it withstands.
    hit(&mut g, a(0), b(0), 1, 10, vec![b(4)]);
    let last = |l| g.log().last().map(|e| e.describe(l).to_string());
    let en = last(Lang::En).expect("a line");
    let es = last(Lang::Es).expect("a line");
    assert!(en.contains("withstands it"), "{en}");
    assert!(!en.contains("fear to"), "{en}");
    assert!(!es.contains("Pavor a"), "{es}");
    // And, as the line says, the witness gained none.
    assert_eq!(fear_of(&g, b(4)), fear);
}
