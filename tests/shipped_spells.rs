//! Issue 27: the shipped rosters' spells that hit declare their hit (R38),
//! so a game resolves it like any other; the spells that do not hit
//! declare none.

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{Action, Game, GameSetup, SpellChoice};
use impia::core::roster::{Roster, SpellHit, load_roster};

fn shipped() -> Vec<(String, Roster)> {
    let mut out: Vec<_> = std::fs::read_dir("rosters")
        .expect("the rosters folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let r = load_roster(&p, &rules()).expect("a shipped roster loads");
            (p.display().to_string(), r)
        })
        .collect();
    out.sort_by(|x, y| x.0.cmp(&y.0));
    out
}

/// The number after `word` in a spell's text ("Fuerza 4"), if any.
fn number_after(text: &str, word: &str) -> Option<i32> {
    let rest = &text[text.find(word)? + word.len()..];
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

#[test]
fn r38_every_shipped_spell_that_hits_declares_the_hit_its_text_gives() {
    let mut hits = 0;
    for (file, r) in shipped() {
        for m in &r.models {
            for s in &m.spells {
                // The sheet's words for a hit: "impacta … con Fuerza N y Penetración P".
                let want = number_after(&s.text, "Fuerza").map(|strength| SpellHit {
                    strength,
                    penetration: number_after(&s.text, "Penetración").unwrap_or(0),
                });
                assert_eq!(s.hit, want, "{file}: {} «{}»", m.name, s.name);
                hits += usize::from(want.is_some());
            }
        }
    }
    assert!(hits >= 1, "no shipped spell hits: nothing was checked");
}

#[test]
fn r38_zarpa_de_ceniza_cast_in_a_game_queues_a_strength_4_penetration_1_hit() {
    let circle = load_roster("rosters/circulo-de-la-ceniza.yaml".as_ref(), &rules())
        .expect("the shipped circle");
    let caster_index = circle
        .models
        .iter()
        .position(|m| m.spells.iter().any(|s| s.name == "Zarpa de Ceniza"))
        .expect("a model knows Zarpa de Ceniza");
    let spell = circle.models[caster_index]
        .spells
        .iter()
        .position(|s| s.name == "Zarpa de Ceniza")
        .expect("the spell");
    let setup = GameSetup::new(circle, roster_b()).with_seed(7);
    let mut g = Game::new(setup, &rules());
    turn(&mut g, 4);
    let caster = a(caster_index);
    skip_to(&mut g, caster);
    // The offer names its targets, each with its chance to go Down: the
    // hit is one the game can resolve.
    let offers = g.offers();
    let offer = offers
        .offers
        .iter()
        .find(|o| {
            matches!(&o.action, Action::CastSpell(act::CastSpell { spell: SpellChoice::Known { index }, .. }) if *index == spell)
        })
        .expect("Zarpa de Ceniza offered");
    assert!(
        offer
            .targets
            .iter()
            .any(|t| t.model == b(0) && t.p_down.is_some()),
        "{:?}",
        offer.targets
    );
    ok(
        &mut g,
        Action::CastSpell(act::CastSpell {
            caster,
            spell: SpellChoice::Known { index: spell },
            target: None,
            within_15cm: Vec::new(),
            // A low backlash: the spell goes off and nothing else happens.
            backlash: vec![1],
            within_30cm: Vec::new(),
            targets: vec![b(0)],
        }),
    );
    let hits: Vec<_> = g
        .state()
        .pending_hits
        .iter()
        .map(|h| (h.attacker, h.target, h.strength, h.penetration))
        .collect();
    assert_eq!(hits, vec![(caster, b(0), 4, 1)]);
}
