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
