//! Issue 34 in the two-browser game: a hit's odds are one value, in the
//! core's words, on both phones: the rolling phone's draft and the other
//! phone's "prepared rolls" (after a Move they showed two odds for one
//! roll, and "Ramón gana" for the attacker's chance).

use std::path::Path;

use super::*;

/// The odds `d` shows: each figure's sentence and percent, in `css`.
fn figures(d: &Driver, css: &str) -> Vec<String> {
    let q = serde_json::to_string(css).expect("a selector");
    let v = d.js(&format!(
        "return Array.from(document.querySelectorAll({q})).map(e => e.textContent.replace(/\\s+/g, ' ').trim())"
    ));
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// With the hit's draft open on `d` (priced), the other phone `o` shows
/// the same check figures for it; screenshots of both at 390×844.
pub(super) fn same_on_both_phones(d: &Driver, o: &Driver, shots: &Path) {
    let mine = figures(d, "#sheet .odds > div");
    let theirs = figures(o, ".roll .odds > div");
    assert!(!mine.is_empty(), "the draft shows its odds");
    assert!(
        mine.iter().any(|f| theirs.contains(f)),
        "the other phone shows the same odds: {mine:?} / {theirs:?}"
    );
    for f in theirs.iter().filter(|f| f.contains('%')) {
        // Every figure names whose chance it is: never a bare "wins".
        assert!(!f.starts_with("wins") && !f.starts_with("gana"), "{f}");
    }
    d.screenshot(&shots.join("phone-hit-odds-rolling-en.png"));
    o.js("const e = document.querySelector('.roll .odds'); if (e) window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 200); return true");
    o.screenshot(&shots.join("phone-hit-odds-other-en.png"));
}

/// R27: each hit is rolled by the hit model's phone, dice typed on each
/// (the first one's odds checked on both phones).
pub(super) fn roll_the_hits(a: &Driver, b: &Driver, shots: &Path) {
    let phones = [a, b];
    let phone = |side: &str| if side == "a" { a } else { b };
    // R27: each hit is rolled by the hit model's phone, dice typed on each.
    let mut hits = 0;
    while state(a)["offers"]["phase"] == "resolve_hits" {
        let hit = taker(a, "resolve_hit");
        let d = phone(&hit);
        let o = if hit == "a" { b } else { a };
        tap(d, "[data-id=resolve_hit]");
        d.wait(
            "return sheet && sheet.price && !sheet.pricing && document.querySelector('#sheet [data-s=type]') ? true : null",
            WAIT,
        )
        .expect("the hit's draft priced");
        if hits == 0 {
            hit_odds::same_on_both_phones(d, o, shots);
        }
        type_both(d, o, 9, 3, &phones);
        accept(accepter(a, b, d), &phones);
        hits += 1;
        assert!(hits < 5, "hits end");
    }
    assert!(hits >= 1, "the assault's hit was rolled");
}
