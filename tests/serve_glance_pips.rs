//! Issue 34, the last word and the last count the clients kept: whether a
//! model acted ("Ya actuó" / "Acted") and each fear pip as drawn (its R31
//! level, filled or not) come in the status every client reads (a phone
//! seat's state, `game status`), so the page, the app and the CLI only
//! render them; so does a model's own DP left (its extra and herbs).

use std::process::Command;

use crate::game_support::*;
use impia::core::game::{Game, ModelRef};
use impia::core::text::Lang;
use serde_json::Value;

use crate::serve_support::figures::pages;

/// `m`'s model in a page's (or `game status --json`'s) status.
fn status_model(status: &Value, m: ModelRef) -> Value {
    status["sides"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|s| s["models"].as_array().cloned().unwrap_or_default())
        .find(|x| x["ref"] == m.to_string())
        .unwrap_or_else(|| panic!("{m} in {status}"))
}

/// A turn begun, A's first model activated and its activation ended.
fn a0_acted() -> Game {
    let mut g = game();
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    end(&mut g, a(0));
    g
}

#[test]
fn a_phone_seat_and_the_cli_say_a_model_acted_in_the_cores_words() {
    let g = a0_acted();
    let waiting = g
        .state()
        .models()
        .find(|(_, m)| !m.acted)
        .map(|(r, _)| r)
        .expect("a model that has not acted");
    for (l, word) in [(Lang::Es, "Ya actuó"), (Lang::En, "Acted")] {
        assert_eq!(
            g.state().model(a(0)).expect("model").acted_text().get(l),
            word
        );
        for page in pages(&g, l) {
            let acted = status_model(&page["status"], a(0));
            assert_eq!(acted["acted_text"], word, "{acted}");
            // Its own DP and herbs, added by the core (the page added them).
            let own = g.state().model(a(0)).expect("model").own_total();
            assert_eq!(acted["own_total"], own, "{acted}");
            let not = status_model(&page["status"], waiting);
            assert!(not.get("acted_text").is_none(), "{not}");
        }
    }
    // The CLI's line for the model prints the same word, in its brackets.
    let tmp = tempfile::tempdir().expect("temp dir");
    let path = tmp.path().join("g.yaml");
    let mut g = g;
    g.save(&path).expect("saves");
    let name = g.state().name(a(0));
    for (l, said) in [(Lang::Es, "(ya actuó)"), (Lang::En, "(acted)")] {
        let o = Command::new(env!("CARGO_BIN_EXE_impia"))
            .args(["--lang", l.code(), "game", "status"])
            .arg(&path)
            .output()
            .expect("run");
        let out = String::from_utf8_lossy(&o.stdout);
        let line = out
            .lines()
            .find(|x| x.contains(&format!(" {name}")))
            .unwrap_or_else(|| panic!("{name} in {out}"));
        assert!(line.ends_with(said), "{line}");
    }
}

/// R31: a model with fear at its Courage: its pips on every seat's page are
/// the core's levels (a run per level), filled up to its fear; `game status
/// --json` carries the same.
#[test]
fn r31_every_seat_draws_each_fear_pip_as_the_core_levels_it() {
    let mut g = a0_acted();
    let m = a(1);
    let courage = g.state().model(m).expect("model").courage();
    set_fear(&mut g, m, courage);
    let want: Vec<String> = g
        .fear_pips_at(g.state(), m)
        .into_iter()
        .map(str::to_string)
        .collect();
    assert!(want.iter().any(|l| l == "frightened"), "{want:?}");
    for l in [Lang::Es, Lang::En] {
        for page in pages(&g, l) {
            let x = status_model(&page["status"], m);
            let (mut levels, mut on) = (Vec::new(), Vec::new());
            for r in x["fear_pips"].as_array().expect("fear_pips") {
                let n = |k: &str| r.get(k).and_then(Value::as_u64).unwrap_or(0);
                for k in 0..n("on") + n("off") {
                    levels.push(r["level"].as_str().expect("level").to_string());
                    on.push(k < n("on"));
                }
            }
            assert_eq!(levels, want, "{x}");
            let fear = usize::try_from(courage).expect("courage");
            assert!(on[..fear].iter().all(|o| *o), "{x}");
            assert!(on[fear..].iter().all(|o| !o), "{x}");
        }
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let path = tmp.path().join("g.yaml");
    g.save(&path).expect("saves");
    let o = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(["game", "status"])
        .arg(&path)
        .arg("--json")
        .output()
        .expect("run");
    let status: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let page = &pages(&g, Lang::En)[0];
    assert_eq!(
        status_model(&status, m)["fear_pips"],
        status_model(&page["status"], m)["fear_pips"]
    );
}

/// Seat A's page on a phone (390×844, 3 device pixels a CSS pixel), in
/// English: the pool's word and every card's pips, two models frightened
/// and fleeing. Each pip is inside its card, nothing on a card's rows
/// overlaps, the page is no wider than the phone, and each card shows as
/// many pips, filled as many, as the core draws. Screenshots (the top and
/// the cards) under target/ (docs/screenshots/ with IMPIA_SCREENSHOTS=1).
#[test]
fn r31_seat_as_page_on_a_phone_draws_the_cores_pips_whole_and_apart() {
    let Some(d) = crate::serve_browser::browser_scaled(3.0) else {
        return;
    };
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    let courage = |g: &Game, m| g.state().model(m).expect("model").courage();
    let c0 = courage(&g, a(0));
    set_fear(&mut g, a(0), c0);
    fear_at_twice_courage(&mut g, a(1));
    let bind: std::net::SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let share = impia::server::Share::start(bind, impia::server::view::state(&g, 1), Lang::En)
        .expect("share");
    d.go(&share.links().a);
    let wait = std::time::Duration::from_secs(20);
    let (shown, _) = d
        .wait(
            "const cards = Array.from(document.querySelectorAll('.card'));
             if (!cards.length || document.documentElement.lang != 'en') return null;
             const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
             const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                                 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
             const bad = [];
             for (const c of cards) {
               const box = c.getBoundingClientRect();
               for (const p of c.querySelectorAll('.pip'))
                 if (!inside(p.getBoundingClientRect(), box)) bad.push('pip outside ' + c.textContent);
               for (const r of c.querySelectorAll('.row')) {
                 const kids = Array.from(r.children).map(k => k.getBoundingClientRect());
                 for (let i = 0; i < kids.length; i++) for (let j = i + 1; j < kids.length; j++)
                   if (meet(kids[i], kids[j])) bad.push('overlap in ' + r.textContent);
                 if (!inside(r.getBoundingClientRect(), box)) bad.push('row outside ' + r.textContent);
               }
             }
             return { bad, width: document.documentElement.scrollWidth,
                      body: document.body.textContent,
                      pips: cards.map(c => ({ name: c.querySelector('.name').textContent,
                        all: c.querySelectorAll('.pip').length,
                        on: c.querySelectorAll('.pip.on').length,
                        levels: Array.from(c.querySelectorAll('.pip')).map(p => p.classList[1]) })) }",
            wait,
        )
        .expect("seat A's cards on the page");
    assert_eq!(shown["bad"], serde_json::json!([]), "{}", shown["bad"]);
    assert!(shown["width"].as_u64().is_some_and(|w| w <= 390), "{shown}");
    let body = shown["body"].as_str().unwrap_or_default();
    assert!(body.contains(impia::core::glossary::POOL.en), "{body}");
    for m in [a(0), a(1)] {
        let name = g.state().name(m);
        let card = shown["pips"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["name"].as_str().is_some_and(|n| n.contains(&name)))
            .unwrap_or_else(|| panic!("{name}'s card in {shown}"));
        let want = g.fear_pips_at(g.state(), m);
        assert_eq!(card["levels"], serde_json::json!(want), "{card}");
        let fear = g.state().model(m).expect("model").fear;
        assert_eq!(card["on"], serde_json::json!(fear), "{card}");
    }
    let dir = if std::env::var_os("IMPIA_SCREENSHOTS").is_some() {
        std::path::Path::new("docs/screenshots").to_path_buf()
    } else {
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots")
    };
    std::fs::create_dir_all(&dir).expect("screenshots dir");
    d.js("window.scrollTo(0, 0); return true");
    d.screenshot(&dir.join("phone-pips-en.png"));
    // Each part just under the pinned line of whose move it is.
    for (sel, file) in [
        (".score", "phone-pips-score-en.png"),
        (".card", "phone-pips-cards-en.png"),
    ] {
        d.js(&format!(
            "const e = document.querySelector('{sel}'), top = document.getElementById('whose');
             window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - top.offsetHeight - 8);
             return true"
        ));
        d.screenshot(&dir.join(file));
    }
    // The same cards in Spanish, whose words are longer.
    d.js("document.getElementById('lang').click(); return true");
    d.wait(
        "return document.documentElement.lang == 'es' ? true : null",
        wait,
    )
    .expect("the page in Spanish");
    d.js(
        "const e = document.querySelector('.card'), top = document.getElementById('whose');
          window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - top.offsetHeight - 8);
          return true",
    );
    d.screenshot(&dir.join("phone-pips-cards-es.png"));
    d.js("localStorage.clear(); return true");
    share.stop();
}

/// R21: the page's word before whom a model fights is the glossary's, with
/// no adjective to agree with the model ("Trabada con" did not fit Ulrak);
/// R33: a destroyed totem is the core's words under its warband.
#[test]
fn r21_r33_the_page_has_the_cores_engaged_and_totem_words() {
    let g = game();
    for l in [Lang::Es, Lang::En] {
        for page in pages(&g, l) {
            let said = &page["words"]["glossary"]["engaged_with"];
            assert_eq!(said, impia::core::glossary::ENGAGED_WITH.get(l), "{said}");
            // Both totems stand: no words.
            for s in page["status"]["sides"].as_array().expect("sides") {
                assert!(s.get("totem_text").is_none(), "{s}");
            }
        }
    }
    assert!(!impia::core::glossary::ENGAGED_WITH.es.contains("rabad"));
}

/// Issue 35's "Your move" is the core's: before the first turn either
/// player rolls the Dark Forces (both sides); while a model of A acts, B's
/// reactions do not make it B's move too; End the game, open to both at
/// any time, never counts.
#[test]
fn whose_move_it_is_comes_in_every_seats_state() {
    let mut g = game();
    for page in pages(&g, Lang::En) {
        assert_eq!(
            page["takers"],
            serde_json::json!(["a", "b"]),
            "{}",
            page["takers"]
        );
    }
    turn(&mut g, 5);
    skip_to(&mut g, a(0));
    for page in pages(&g, Lang::Es) {
        assert_eq!(
            page["takers"],
            serde_json::json!(["a"]),
            "{}",
            page["takers"]
        );
    }
    let snap = g.snapshot(Lang::En);
    assert!(
        snap.offers
            .offers
            .iter()
            .any(|o| o.allowed && o.id == "end_game"),
        "End the game is offered, and says nothing of whose move it is"
    );
}
