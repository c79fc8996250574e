//! Issue 33 in the two-browser game: a request to take back a roll,
//! refused or allowed on the other phone.

use std::path::Path;

use super::*;

/// Issue 33: `asker` taps Undo on the other's roll: a request, shown on
/// `answerer`'s phone with Allow / Refuse (a screenshot of it to `shot`);
/// the answer is told on both phones.
pub(super) fn take_back(asker: &Driver, answerer: &Driver, allow: bool, shot: Option<&Path>) {
    tap(asker, "[data-id=undo]");
    answerer
        .wait(
            "return document.querySelector('#take-back [data-id=allow]') ? true : null",
            WAIT,
        )
        .expect("the request on the other phone");
    let q = answerer.js("return document.querySelector('#take-back .what').textContent");
    assert!(
        q.as_str()
            .is_some_and(|q| q.contains(" wants to take back: ")),
        "{q}"
    );
    if let Some(p) = shot {
        answerer.js(
            "window.scrollTo(0, document.getElementById('take-back').offsetTop - 120); return true",
        );
        answerer.screenshot(p);
    }
    tap(
        answerer,
        if allow {
            "[data-id=allow]"
        } else {
            "[data-id=refuse]"
        },
    );
    let word = if allow { "allows it" } else { "refuses" };
    for d in [asker, answerer] {
        d.wait(
            &format!(
                "const n = document.getElementById('undo-notice'); return n && n.textContent.includes('{word}') && !busy ? true : null"
            ),
            WAIT,
        )
        .unwrap_or_else(|| panic!("the answer told on seat {}: {}", state(d)["seat"], said(d)));
    }
}

/// Issue 33: the other player asks to take the rolled Assault back; the
/// attacker refuses and the roll stands; asked again, allowed, and the
/// Assault is made again with the same typed dice.
pub(super) fn refused_then_allowed(
    me: &Driver,
    other: &Driver,
    target_css: &str,
    phones: &[&Driver],
    shots: &Path,
) {
    let shot = shots.join("phone-take-back-en.png");
    take_back(other, me, false, Some(&shot));
    assert_eq!(state(me)["offers"]["phase"], "rolled", "the roll stands");
    take_back(other, me, true, None);
    assert_ne!(state(me)["offers"]["phase"], "rolled", "taken back");
    tap(me, target_css);
    me.wait(
        "return sheet && sheet.price && !sheet.pricing && document.querySelector('#sheet [data-s=type]') ? true : null",
        WAIT,
    )
    .expect("the draft priced again");
    type_both(me, other, 8, 2, phones);
    assert_eq!(state(me)["offers"]["phase"], "rolled");
}

/// Issue 33: `b` refuses `a`'s proposal (the end of the turn while `b`
/// has models left): the game stays at `at`, both phones say so; then `a`
/// proposes it again and it waits for `b` once more.
pub(super) fn proposal_refused(a: &Driver, b: &Driver, at: u64) {
    let what = a.js("return state.waiting ? state.waiting.text : ''");
    assert!(
        what.as_str()
            .is_some_and(|t| t.contains("still to activate")),
        "both phones show the proposal in words: {what}"
    );
    tap(b, "[data-id=refuse-proposal]");
    for d in [a, b] {
        d.wait(
            "const n = document.getElementById('undo-notice'); return n && n.textContent.includes('refuses; not applied') && !state.waiting && !busy ? true : null",
            WAIT,
        )
        .unwrap_or_else(|| panic!("the refusal told on seat {}: {}", state(d)["seat"], said(d)));
        assert_eq!(index(d), at, "nothing applied");
    }
    tap(a, "[data-id=end_turn]");
    tap(a, "[data-id=end_turn]");
    b.wait(
        "return state && state.waiting && document.querySelector('[data-id=agree]') ? true : null",
        WAIT,
    )
    .expect("proposed again");
}
