//! Issue 34 in two real browsers (headless Chromium through chromedriver,
//! 390×844, only 127.0.0.1): from the phones alone, what the laptop once
//! asked in forms of its own: the dark-forces die typed (R39) and the beast
//! it calls added (8), the roll-off's dice typed (R08), Susurro del Páramo
//! cast and its fear seen on both phones (R38), the activation ended on
//! tainted ground near the enemy totem (R14, R33). A screenshot of the
//! end's declarations goes under target/ (docs/screenshots/ with
//! IMPIA_SCREENSHOTS=1).

use std::path::PathBuf;
use std::time::Duration;

use crate::game_support::{a, b, roster_a, roster_b, rules};
use crate::serve_browser::{Driver, browser};
use crate::serve_phones::{accept, accepter, index, moved, said, state, step, tap};
use crate::serve_support::table::Table;
use impia::core::game::{GameSetup, Host, sim};
use impia::core::roster::{Spell, SpellEffect};
use impia::server::{Seat, Seats};

const WAIT: Duration = Duration::from_secs(40);

fn shots_dir() -> PathBuf {
    let dir = if std::env::var_os("IMPIA_SCREENSHOTS").is_some() {
        PathBuf::from("docs/screenshots")
    } else {
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots")
    };
    std::fs::create_dir_all(&dir).expect("screenshots dir");
    dir
}

/// The sheet open and priced, not pricing.
fn priced(d: &Driver) {
    d.wait(
        "return sheet && sheet.price && !sheet.pricing ? true : null",
        WAIT,
    )
    .unwrap_or_else(|| panic!("the draft priced: {}", said(d)));
}

/// Type `dice` into the sheet's d10 fields, in order, and use them.
fn type_dice(d: &Driver, dice: &[u32], phones: &[&Driver]) {
    let before = index(d);
    priced(d);
    tap(d, "#sheet [data-s=type]");
    let list = serde_json::to_string(dice).expect("dice");
    d.wait(
        &format!(
            "const f = document.querySelectorAll('#sheet input.d10');
             if (f.length !== {n}) return null;
             const v = {list}; f.forEach((x, i) => x.value = v[i]); return true",
            n = dice.len()
        ),
        WAIT,
    )
    .unwrap_or_else(|| panic!("{} dice fields: {}", dice.len(), said(d)));
    tap(d, "#sheet [data-s=use]");
    moved(phones, before);
}

/// Tap the declaration of `key` (`on`) in the open sheet with `attr`
/// (`data-p=…`, `data-v=…`), and wait for its new price.
fn declare(d: &Driver, key: &str, attr: &str) {
    priced(d);
    let i = d
        .js(&format!(
            "return sheet.decls.findIndex(x => x.key.on === '{key}')"
        ))
        .as_i64()
        .unwrap_or(-1);
    assert!(i >= 0, "{key} asked: {}", d.js("return sheet.decls"));
    tap(d, &format!("#sheet [data-d='{i}'][{attr}]"));
    priced(d);
}

/// A model's figure on the page's state.
fn model_of(d: &Driver, side: usize, m: usize) -> serde_json::Value {
    state(d)["status"]["sides"][side]["models"][m].clone()
}

#[test]
fn r39_r08_r38_r14_r33_two_phones_declare_what_the_laptop_once_asked() {
    let Some(pa) = browser() else { return };
    let Some(pb) = browser() else { return };
    let mut ra = roster_a();
    ra.models[3].spells = vec![Spell {
        name: "Susurro del Páramo".into(),
        level: 1,
        cost: 1,
        text: "Una miniatura enemiga gana 1 marcador de Pavor.".into(),
        hit: None,
        effect: SpellEffect {
            fear: 1,
            ..SpellEffect::default()
        },
    }];
    let setup = GameSetup::new(ra, roster_b())
        .with_seed(7)
        .with_beast(sim::sample_beast());
    let t = Table::new(Host::new(setup, &rules()), Seats::allow_all);
    pa.go(&format!("http://{}{}", t.addr, t.path(Seat::A)));
    pb.go(&format!("http://{}{}", t.addr, t.path(Seat::B)));
    let phones = [&pa, &pb];
    for d in phones {
        d.wait("return state && !busy ? true : null", WAIT)
            .expect("the page drew its state");
    }

    // R39: the dark forces' d10 typed on A's phone: an 8 calls a beast.
    tap(&pa, "[data-id=start_turn]");
    type_dice(&pa, &[8], &phones);
    // R39 8: B's phone adds the bestiary's beast, its card a pick.
    tap(&pb, "[data-id=beast_appears]");
    declare(&pb, "beast", "data-p='0'");
    let before = index(&pb);
    tap(&pb, "#sheet [data-s=do]");
    moved(&phones, before);
    assert_eq!(
        state(&pa)["status"]["beasts"].as_array().map(Vec::len),
        Some(1),
        "the beast on A's phone too"
    );

    // R09: Mira (a sorcerer, Agility 5) moves up to round 6 for 1 DP, so
    // that she acts in the first round. R08: the roll-off's two dice typed
    // on B's phone, A's 9 against B's 2: A starts.
    step(
        &pa,
        &["[data-id=change_round][data-model=a3][data-steps='1']"],
        &phones,
    );
    step(&pa, &["[data-id=end_change_round]"], &phones);
    step(&pb, &["[data-id=end_change_round]"], &phones);
    tap(&pb, "[data-id=roll_off]");
    type_dice(&pb, &[9, 2], &phones);
    step(&pa, &["[data-id=choose_start][data-side=a]"], &phones);

    // R38: Mira casts Susurro del Páramo on Tuk (b1): the backlash die a
    // 1 typed, accepted; Tuk's fear on both phones.
    let fear = model_of(&pb, 1, 1)["fear"].as_i64().expect("Tuk's fear");
    step(&pa, &["[data-id=activate][data-model=a3]"], &phones);
    tap(&pa, "[data-id=cast_spell][data-target=b1]");
    type_dice(&pa, &[1], &phones);
    let who = accepter(&pa, &pb, &pa);
    accept(who, &phones);
    for d in phones {
        assert_eq!(
            model_of(d, 1, 1)["fear"].as_i64(),
            Some(fear + 1),
            "Tuk gained Susurro's fear ({})",
            state(d)["seat"]
        );
    }

    // R14, R33: the activation ends on tainted ground within 15 cm of
    // the enemy totem, declared on A's phone.
    let mira = model_of(&pa, 0, 3);
    let (fear, tough) = (mira["fear"].as_i64(), mira["toughness"].as_i64());
    tap(&pa, "[data-id=end_activation]");
    declare(&pa, "terrain", "data-p='tainted'");
    declare(&pa, "enemy_totem", "data-v='1'");
    pa.js("window.scrollTo(0, 0); return true");
    pa.screenshot(&shots_dir().join("phone-end-declared-es.png"));
    let before = index(&pa);
    tap(&pa, "#sheet [data-s=do]");
    moved(&phones, before);
    let mira = model_of(&pb, 0, 3);
    assert_eq!(
        mira["fear"].as_i64(),
        fear.map(|f| f + 1),
        "R33 on B's phone"
    );
    assert_eq!(
        mira["toughness"].as_i64(),
        tough.map(|x| x - 1),
        "R14 tainted"
    );
    let h = t.finish();
    assert!(h.state().model(b(1)).is_some() && h.state().model(a(3)).is_some());
}
