//! Issue 33's tap budget in two real browsers: a plain Move + Assault +
//! hit with Roll stays within 10 taps over both phones, counted, with the
//! one question fair play adds: the defender (Vask, a heavy mace and a
//! small blade) picks its weapon on its own phone, one tap that rolls.

use super::*;
use crate::game_support::{a, skip_to, turn};

/// Each tap counted, on whichever phone it is.
struct Counted<'a> {
    phones: [&'a Driver; 2],
    taps: u32,
}

impl Counted<'_> {
    fn tap(&mut self, d: &Driver, css: &str) {
        tap(d, css);
        self.taps += 1;
    }

    /// Accept on the phone that closes the roll (a sheet for its R31
    /// witnesses, if asked, is one tap more).
    fn accept(&mut self) {
        let [a, b] = self.phones;
        let d = accepter(a, b, a);
        let before = index(d);
        self.tap(d, "[data-id=accept]");
        let sheet = d.wait(
            "return state.index > __B__ ? 'moved' : (document.querySelector('#sheet [data-s=do]') ? 'sheet' : null)"
                .replace("__B__", &before.to_string())
                .as_str(),
            WAIT,
        );
        if sheet.as_ref().and_then(|(v, _)| v.as_str()) == Some("sheet") {
            self.tap(d, "#sheet [data-s=do]");
        }
        moved(&self.phones, before);
    }
}

#[test]
fn a_plain_move_assault_and_hit_with_roll_take_at_most_10_taps_over_two_phones() {
    let Some(pa) = browser() else { return };
    let Some(pb) = browser() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("taps.yaml");
    let mut g = impia::core::game::Game::new(
        crate::fair_play_answers::two_weapons_setup(),
        &RuleSet::builtin().expect("tables"),
    );
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    let mut h = Host::detached(g);
    h.save_as(&file, false).expect("saved");
    drop(h);
    let laptop = Laptop::start(&file);
    laptop.allow_all();
    pa.go(&laptop.links.a);
    pb.go(&laptop.links.b);
    for d in [&pa, &pb] {
        d.wait(
            "return state && state.may === 'play' && document.getElementById('play') ? true : null",
            WAIT,
        )
        .expect("the page draws its seat's part");
    }
    let mut c = Counted {
        phones: [&pa, &pb],
        taps: 0,
    };
    let phones = [&pa, &pb];
    let before = index(&pa);
    c.tap(&pa, "[data-id=move]");
    moved(&phones, before);
    // R20: the assault on Vask, Roll: it waits for Bruno's weapon.
    let before = index(&pa);
    c.tap(&pa, "[data-id=assault][data-target=b0]:not([data-brutal])");
    pa.wait(
        "return sheet && sheet.price && !sheet.pricing ? true : null",
        WAIT,
    )
    .expect("the draft priced");
    // Vask's weapon is Bruno's to pick: Ana's sheet does not offer it.
    assert_eq!(
        pa.js("return sheet.decls.some(d => d.key.on === 'weapon') && !document.querySelector('#sheet [data-p=small_blade]')"),
        Value::Bool(true),
        "the defender's weapon is not offered on the attacker's phone"
    );
    c.tap(&pa, "#sheet [data-s=roll]");
    pb.wait(
        "return state && state.waiting && document.querySelector('[data-id=weapon]') ? true : null",
        WAIT,
    )
    .expect("the defender is asked for its weapon");
    let asked = pa.js("return state.waiting ? state.waiting.text : ''");
    assert!(
        asked.as_str().is_some_and(|t| t.contains("Vask's weapon")),
        "{asked}"
    );
    c.tap(&pb, "[data-id=weapon][data-w='1']");
    moved(&phones, before);
    assert!(
        state(&pa)["offers"]["pending"].is_object(),
        "{}",
        state(&pa)["offers"]
    );
    c.accept();
    // R27: the hits, each rolled by the hit model's phone with Roll.
    let mut hits = 0;
    while state(&pa)["offers"]["phase"] == "resolve_hits" {
        let d = if taker(&pa, "resolve_hit") == "a" {
            &pa
        } else {
            &pb
        };
        let before = index(d);
        c.tap(d, "[data-id=resolve_hit]");
        d.wait(
            "return sheet && sheet.price && !sheet.pricing ? true : null",
            WAIT,
        )
        .expect("the hit's draft priced");
        c.tap(d, "#sheet [data-s=roll]");
        moved(&phones, before);
        c.accept();
        hits += 1;
        assert!(hits < 3, "hits end");
    }
    assert_eq!(hits, 1, "one hit rolled (seed 7)");
    assert!(c.taps <= 10, "{} taps", c.taps);
    eprintln!("a plain Move + Assault + hit with Roll: {} taps", c.taps);
    drop(pa);
    drop(pb);
    laptop.stop();
}
