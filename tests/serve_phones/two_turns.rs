//! Issue 35's two-turn script in two real browsers at 390×844: Ana and
//! Bruno play two whole turns and the end from their phones, every model
//! activated (a Move, the first activation of each side in a turn also an
//! Assault with Roll, its hits and Accepts), each tap counted with the
//! scrolls it needed (a button off the screen or under the pinned line).
//! Done means: a whole activation needs no scroll. Screenshots of the
//! page during the game (this phone's move and the other's) at 390×844
//! and 360×640, light and dark, Spanish and English.

use super::*;

/// Bounds the script: two turns of a dozen activations take ~150 steps.
const STEPS: u32 = 400;

/// What the script remembers between steps.
#[derive(Default)]
struct Script {
    /// The acting model has moved in this activation.
    moved: bool,
    /// Each side has assaulted in this turn.
    assaulted: [bool; 2],
    /// Each side has shot, cast a spell, in this turn.
    shot_at: [bool; 2],
    cast: [bool; 2],
    /// Turns ended so far.
    turns: u32,
    /// Taps and scrolls at the start of the turn.
    turn_start: (u32, u32),
    /// Each turn's taps and scrolls.
    per_turn: Vec<(u32, u32)>,
    /// Scrolls when the activation began, and its model.
    activation: Option<(u32, String)>,
    /// Activations that needed a scroll: model, scrolls.
    scrolled: Vec<(String, u32)>,
    activations: u32,
    /// The screenshots are taken once, in the second turn.
    shot: bool,
}

/// The side ("a"/"b") that may take allowed offer `id` now: the side the
/// core names, the acting one (`side`) for either, none for neither.
fn offer_taker(st: &Value, id: &str) -> Option<String> {
    let of = st["offers"]["offers"]
        .as_array()?
        .iter()
        .find(|o| o["id"] == id && o["allowed"] == true)?;
    match of["by"].as_str() {
        Some("a") => Some("a".into()),
        Some("b") => Some("b".into()),
        Some("either") | None => Some(st["offers"]["actor"].as_str().unwrap_or("a").to_string()),
        _ => None,
    }
}

/// Both phones show the same state, neither waiting for its own post.
fn settle(phones: &[&Driver]) {
    let i = index(phones[0]).max(index(phones[1]));
    for d in phones {
        d.wait(
            &format!("return state && state.index >= {i} && !busy ? true : null"),
            WAIT,
        )
        .unwrap_or_else(|| panic!("seat {} stuck before #{i}: {}", state(d)["seat"], said(d)));
    }
}

/// Tap `css` on `d`; if it opened a draft, tap its Roll or Do it. Then
/// wait until the game moved or a question waits.
fn act_on(d: &Driver, css: &str, phones: &[&Driver]) {
    let before = index(d);
    tap(d, css);
    let what = d
        .wait(
            &format!(
                "if (busy) return null;
                 if (state.index > {before} || state.waiting) return 'moved';
                 const s = document.querySelector('#sheet [data-s=roll]:not([disabled]), #sheet [data-s=do]:not([disabled])');
                 return s && sheet && !sheet.pricing ? s.dataset.s : null"
            ),
            WAIT,
        )
        .map(|(v, _)| v)
        .unwrap_or_else(|| panic!("{css} on seat {}: nothing happened: {}", state(d)["seat"], said(d)));
    if let Some(s) = what.as_str().filter(|s| *s != "moved") {
        tap(d, &format!("#sheet [data-s={s}]"));
        d.wait(
            &format!("return !busy && (state.index > {before} || state.waiting) ? true : null"),
            WAIT,
        )
        .unwrap_or_else(|| panic!("{css}'s draft on seat {}: {}", state(d)["seat"], said(d)));
    }
    settle(phones);
}

/// A question waiting for `d`'s side: its weapon, its dice (Roll), or a
/// fact the other proposed (Agree).
fn answer(d: &Driver, phones: &[&Driver]) {
    let st = state(d);
    let w = &st["waiting"];
    if w["weapons"].as_array().is_some_and(|x| !x.is_empty()) {
        act_on(d, "[data-id=weapon]", phones);
    } else if w["rolls"] == true {
        act_on(d, "[data-id=answer]", phones);
    } else {
        act_on(d, "[data-id=agree]", phones);
    }
}

impl Script {
    /// One step of the script: the next tap(s) of whichever phone the
    /// game waits for. `false` when the two turns are over.
    fn step(&mut self, a: &Driver, b: &Driver, shots: &Path) -> bool {
        let phones = [a, b];
        let phone = |side: &str| if side == "a" { a } else { b };
        let st = state(a);
        let phase = st["offers"]["phase"].as_str().unwrap_or("").to_string();
        if std::env::var_os("IMPIA_TAPS").is_some() {
            eprintln!(
                "step: turn {} {phase}: {}",
                st["status"]["turn"], st["status"]["now"]
            );
        }
        // A turn ends by itself when every model has acted: the next
        // one's Dark Forces wait.
        let turn = st["status"]["turn"].as_u64().unwrap_or(0);
        if phase == "start_turn" && turn > u64::from(self.turns) {
            self.end_of_activation();
            self.close_turn();
        }
        if self.turns == 2 && phase == "start_turn" {
            return false;
        }
        if let Some(from) = st["waiting"]["from"].as_str() {
            answer(phone(from), &phones);
            return true;
        }
        let has = |id: &str| offer_taker(&st, id);
        let side_ix = |s: &str| usize::from(s == "b");
        for id in [
            "accept",
            "pass_reroll",
            "resolve_hit",
            "start_turn",
            "end_change_round",
            "roll_off",
        ] {
            if let Some(s) = has(id) {
                act_on(phone(&s), &format!("[data-id={id}]"), &phones);
                return true;
            }
        }
        if let Some(s) = has("choose_start") {
            act_on(
                phone(&s),
                &format!("[data-id=choose_start][data-side={s}]"),
                &phones,
            );
            return true;
        }
        if let Some(s) = has("activate") {
            self.end_of_activation();
            act_on(phone(&s), "[data-id=activate]", &phones);
            self.moved = false;
            self.activations += 1;
            let acting = state(a)["status"]["now"].as_str().unwrap_or("").to_string();
            self.activation = Some((connection::counts().1, acting));
            return true;
        }
        if let Some(s) = has("move").filter(|_| !self.moved) {
            act_on(phone(&s), "[data-id=move]", &phones);
            self.moved = true;
            caster(phone(&s), shots);
            if self.turns == 1 && !self.shot {
                self.shot = true;
                let other = if s == "a" { b } else { a };
                screenshots(phone(&s), other, shots);
            }
            return true;
        }
        if let Some(s) = has("assault").filter(|s| !self.assaulted[side_ix(s)]) {
            self.assaulted[side_ix(&s)] = true;
            let css = "[data-id=assault][data-target]:not([data-brutal])";
            act_on(phone(&s), css, &phones);
            return true;
        }
        // A shot and a spell once a turn for each side that has them, by
        // the acting model (the other side's reactions are left alone).
        for (id, css) in [
            ("shoot", "[data-id=shoot][data-target]"),
            ("cast_spell", "[data-id=cast_spell]"),
        ] {
            let Some(s) = acting_offer(&st, id) else {
                continue;
            };
            let done = if id == "shoot" {
                &mut self.shot_at
            } else {
                &mut self.cast
            };
            if !done[side_ix(&s)] {
                done[side_ix(&s)] = true;
                act_on(phone(&s), css, &phones);
                return true;
            }
        }
        if let Some(s) = has("end_activation") {
            act_on(phone(&s), "[data-id=end_activation]", &phones);
            self.end_of_activation();
            return true;
        }
        if let Some(s) = has("end_turn") {
            self.end_of_activation();
            self.end_turn(phone(&s), a, b);
            return true;
        }
        panic!("the script has no step for {phase}: {}", st["offers"]);
    }

    /// The activation under way, if any, ends: its scrolls noted.
    fn end_of_activation(&mut self) {
        if let Some((scrolls, model)) = self.activation.take() {
            let n = connection::counts().1 - scrolls;
            if n > 0 {
                self.scrolled.push((model, n));
            }
        }
    }

    /// End the turn (asked twice); the other phone agrees if it is asked.
    fn end_turn(&mut self, d: &Driver, a: &Driver, b: &Driver) {
        let phones = [a, b];
        let before = index(d);
        tap(d, "[data-id=end_turn]");
        tap(d, "[data-id=end_turn]");
        d.wait(
            &format!("return !busy && (state.index > {before} || state.waiting) ? true : null"),
            WAIT,
        )
        .expect("the end of the turn applied or proposed");
        settle(&phones);
        if let Some(from) = state(a)["waiting"]["from"].as_str() {
            let o = if from == "a" { a } else { b };
            act_on(o, "[data-id=agree]", &phones);
        }
        self.close_turn();
    }

    /// A turn is over: its taps and scrolls noted.
    fn close_turn(&mut self) {
        let now = connection::counts();
        self.per_turn
            .push((now.0 - self.turn_start.0, now.1 - self.turn_start.1));
        self.turn_start = now;
        self.turns += 1;
        self.assaulted = [false; 2];
        self.shot_at = [false; 2];
        self.cast = [false; 2];
    }
}

/// The acting model's side, if it may take allowed offer `id` now.
fn acting_offer(st: &Value, id: &str) -> Option<String> {
    let actor = st["offers"]["actor"].as_str()?;
    st["offers"]["offers"]
        .as_array()?
        .iter()
        .find(|o| o["id"] == id && o["allowed"] == true && o["model"] == actor)?;
    Some(actor[..1].to_string())
}

/// The phones' screen: 390×844, or IMPIA_PHONE_SIZE (`360x640`) to
/// measure a small phone (its scrolls printed, not asserted).
fn size() -> (u32, u32) {
    std::env::var("IMPIA_PHONE_SIZE")
        .ok()
        .and_then(|v| {
            let (w, h) = v.split_once('x')?;
            Some((w.parse().ok()?, h.parse().ok()?))
        })
        .unwrap_or((390, 844))
}

/// The README's phone pictures: `me` during its activation (its model's
/// actions) and `other` meanwhile, at 390×844 and 360×640, light and
/// dark, Spanish and English; each phone left as it was (390×844, light,
/// English).
fn screenshots(me: &Driver, other: &Driver, shots: &Path) {
    for (d, what) in [(me, "move"), (other, "wait")] {
        for (w, h) in [(390, 844), (360, 640)] {
            d.post(
                "goog/cdp/execute",
                serde_json::json!({"cmd": "Emulation.setDeviceMetricsOverride",
                       "params": {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": true}}),
            );
            for lang in ["es", "en"] {
                set_lang(d, lang);
                for scheme in ["light", "dark"] {
                    d.post(
                        "goog/cdp/execute",
                        serde_json::json!({"cmd": "Emulation.setEmulatedMedia",
                               "params": {"features": [{"name": "prefers-color-scheme", "value": scheme}]}}),
                    );
                    d.js("window.scrollTo(0, 0); document.getElementById('toast').hidden = true; return true");
                    d.screenshot(&shots.join(format!("phone-{what}-{w}x{h}-{scheme}-{lang}.png")));
                }
            }
        }
        d.post(
            "goog/cdp/execute",
            serde_json::json!({"cmd": "Emulation.setDeviceMetricsOverride",
                   "params": {"width": size().0, "height": size().1, "deviceScaleFactor": 1, "mobile": true}}),
        );
        d.post(
            "goog/cdp/execute",
            serde_json::json!({"cmd": "Emulation.setEmulatedMedia",
                   "params": {"features": [{"name": "prefers-color-scheme", "value": "light"}]}}),
        );
    }
}

/// A caster's spells fold into one line (Abdón's four took 400 px and put
/// End the activation below the fold).
fn caster(d: &Driver, shots: &Path) {
    let spells = d.js(
        "return state.offers.offers.filter(o => o.id === 'cast_spell' && mayTake(state, o)).length",
    );
    if spells.as_u64().unwrap_or(0) < 2 {
        return;
    }
    assert_eq!(
        d.js("const g = document.getElementById('spells'); return !!g && !g.open && g.querySelectorAll('[data-id=cast_spell]').length >= 2"),
        Value::Bool(true),
        "the spells folded in one line"
    );
    d.js("window.scrollTo(0, 0); return true");
    d.screenshot(&shots.join("phone-caster-en.png"));
}

fn set_lang(d: &Driver, lang: &str) {
    d.js(&format!(
        "if (state.lang != '{lang}') document.getElementById('lang').click(); return true"
    ));
    d.wait(
        &format!("return state.lang == '{lang}' && !busy ? true : null"),
        WAIT,
    )
    .expect("the language");
}

#[test]
fn two_phones_play_two_whole_turns_and_no_activation_needs_a_scroll() {
    let Some(a) = browser() else { return };
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let file = shipped_game(dir.path(), "two-turns.json");
    let laptop = Laptop::start(&file);
    laptop.allow_all();
    a.go(&laptop.links.a);
    b.go(&laptop.links.b);
    let phones = [&a, &b];
    for d in phones {
        d.wait(
            "return state && state.may === 'play' && document.getElementById('play') ? true : null",
            WAIT,
        )
        .expect("the page draws its seat's part");
    }
    if size() != (390, 844) {
        for d in phones {
            d.post(
                "goog/cdp/execute",
                serde_json::json!({"cmd": "Emulation.setDeviceMetricsOverride",
                       "params": {"width": size().0, "height": size().1, "deviceScaleFactor": 1, "mobile": true}}),
            );
        }
    }
    let shots = shots_dir();
    let mut s = Script::default();
    let mut steps = 0;
    while s.step(&a, &b, &shots) {
        steps += 1;
        assert!(steps < STEPS, "the script ends");
    }
    // The end: B ends the game (asked twice), both confirm.
    let before = index(&b);
    tap(&b, "[data-id=end_game]");
    tap(&b, "[data-id=end_game]");
    moved(&phones, before);
    for d in phones {
        d.wait(
            "return document.querySelector('[data-id=confirm]') && !busy ? true : null",
            WAIT,
        )
        .expect("Confirm on each phone");
        step(d, &["[data-id=confirm]"], &phones);
    }
    assert_eq!(state(&a)["end"]["recorded"], true);
    let (taps, scrolls) = connection::print_taps("two whole turns and the end, two phones");
    for (n, (t, sc)) in s.per_turn.iter().enumerate() {
        eprintln!("serve_phones: turn {}: {t} taps, {sc} scrolls", n + 1);
    }
    eprintln!(
        "serve_phones: {} activations; scrolled in {:?}",
        s.activations, s.scrolled
    );
    assert_eq!(s.per_turn.len(), 2, "two whole turns");
    assert!(s.activations >= 10, "{} activations", s.activations);
    if size() != (390, 844) {
        return;
    }
    // Issue 35's Done means: a whole activation with no scroll.
    assert!(
        s.scrolled.is_empty(),
        "activations that scrolled: {:?}",
        s.scrolled
    );
    assert!(scrolls <= 2, "{taps} taps, {scrolls} scrolls");
    drop(a);
    drop(b);
    laptop.stop();
}
