//! Issue 34, spells (R31, R38): a spell's effect from the roster's data
//! applied to the model it names, its backlash die typed, and its chance
//! to put Down after the fear its cast and its backlash give (the issue's
//! cases: 191/300 and 113/375).

use crate::game_support::*;
use impia::core::game::act;
use impia::core::game::{Action, DeclKey, Declared, Game, GameSetup, ModelRef, Now, SpellChoice};
use impia::core::odds::{Prob, opposed};
use impia::core::roster::{Spell, SpellEffect, SpellHit};

// --- R38: a spell's effect and its real chance ---

fn spell(name: &str, level: u32, hit: Option<SpellHit>, effect: SpellEffect) -> Spell {
    Spell {
        name: name.into(),
        level,
        cost: 1,
        text: String::new(),
        hit,
        effect,
    }
}

/// Mira (a3, sorcerer) knows "Susurro" (an enemy gains 1 fear) and "Rayo"
/// (a Strength 4, Penetration 1 hit); in her activation.
fn spell_game() -> Game {
    let mut ra = roster_a();
    ra.models[3].spells = vec![
        spell(
            "Susurro",
            1,
            None,
            SpellEffect {
                fear: 1,
                ..SpellEffect::default()
            },
        ),
        spell(
            "Rayo",
            1,
            Some(SpellHit {
                strength: 4,
                penetration: 1,
            }),
            SpellEffect::default(),
        ),
    ];
    let mut g = Game::new(GameSetup::new(ra, roster_b()).with_seed(7), &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    g
}

fn spell_offer(g: &Game, index: usize) -> impia::core::game::Offer {
    g.offers()
        .offers
        .into_iter()
        .find(|o| {
            matches!(&o.action, Action::CastSpell(c)
                if c.spell == SpellChoice::Known { index })
        })
        .expect("the spell offered")
}

fn target_draft(o: &impia::core::game::Offer, m: ModelRef) -> Action {
    o.targets
        .iter()
        .find(|t| t.model == m)
        .expect("a target")
        .draft
        .clone()
}

#[test]
fn r38_susurro_names_an_enemy_who_gains_the_fear_its_data_gives() {
    let mut g = spell_game();
    let o = spell_offer(&g, 0);
    assert!(o.allowed, "{:?}", o.why_not);
    assert!(o.targets.iter().any(|t| t.model == b(1)));
    let before = fear_of(&g, b(1));
    g.act(target_draft(&o, b(1))).expect("cast from the offer");
    while matches!(g.now(), Now::Rolled) {
        accept(&mut g);
    }
    assert_eq!(fear_of(&g, b(1)), before + 1);
    assert!(
        g.log().any(
            |e| e.describe(impia::core::text::Lang::En).contains("Susurro")
                && e.describe(impia::core::text::Lang::En).contains("Tuk")
        ),
        "the log names the spell and its target"
    );
}

#[test]
fn r38_a_spell_with_an_effect_is_refused_without_the_model_it_names() {
    let mut g = spell_game();
    let e = g
        .act(Action::CastSpell(act::CastSpell {
            caster: a(3),
            spell: SpellChoice::Known { index: 0 },
            target: None,
            within_15cm: Vec::new(),
            backlash: vec![1],
            within_30cm: Vec::new(),
            targets: Vec::new(),
        }))
        .expect_err("no model named");
    assert!(e.to_string().starts_with("R38"), "{e}");
}

/// The chance Rayo's hit puts Vask Down once cast with `within` named
/// within 15 cm and the backlash die 1 (nothing happens): the hit as the
/// rules roll it after the cast.
fn rayo_on_vask(g: &Game, within: Vec<ModelRef>) -> Prob {
    let mut g = g.clone();
    g.act(Action::CastSpell(act::CastSpell {
        caster: a(3),
        spell: SpellChoice::Known { index: 1 },
        target: None,
        within_15cm: within,
        backlash: vec![1],
        within_30cm: Vec::new(),
        targets: vec![b(0)],
    }))
    .expect("cast");
    while matches!(g.now(), Now::Rolled) {
        accept(&mut g);
    }
    let prep = g
        .hit_check(a(3), b(0), &Default::default())
        .expect("the hit");
    let odds = opposed(&prep.spec);
    if prep.active == Some(a(3)) {
        odds.active_wins.0
    } else {
        odds.passive_wins.0
    }
}

#[test]
fn r31_r38_a_spells_chance_includes_the_fear_its_cast_gives_the_target() {
    let mut g = spell_game();
    let courage = g.state().model(b(0)).expect("Vask").courage();
    set_fear(&mut g, b(0), courage - 1);
    let bare = rayo_on_vask(&g, Vec::new());
    // The cast gives Vask, within 15 cm, his Courage in fear: 1
    // complication on his Toughness (R31).
    let want = rayo_on_vask(&g, vec![b(0)]);
    assert_ne!(bare, want);
    let o = spell_offer(&g, 1);
    let draft = target_draft(&o, b(0));
    let near = g
        .declare(&draft, &DeclKey::Listed, Declared::Models(vec![b(0)]))
        .expect("Vask within 15 cm");
    assert_eq!(g.price(&draft).expect("priced").down, Some(bare));
    assert_eq!(g.price(&near).expect("priced").down, Some(want));
    eprintln!("R38 cast fear: {bare} -> {want}");
}

#[test]
fn r31_r38_a_spells_chance_sums_the_fear_the_backlash_gives_the_caster() {
    let mut g = spell_game();
    let courage = g.state().model(a(3)).expect("Mira").courage();
    set_fear(&mut g, a(3), courage - 1);
    let bare = rayo_on_vask(&g, Vec::new());
    let mut feared = g.clone();
    set_fear(&mut feared, a(3), courage);
    let at_courage = rayo_on_vask(&feared, Vec::new());
    assert_ne!(bare, at_courage);
    // 1d10 + level 1 + fear: 8 to 11 gives Mira 1 fear (her Courage, 1
    // complication on the spell's hit), 12 and 13 cost her Toughness, 14
    // and more remove her (her hit still rolls).
    let total = |d: u32| d as i32 + 1 + courage - 1;
    let mut want = Prob::new(0, 1);
    for d in 1..=10 {
        let p = if (8..=11).contains(&total(d)) {
            at_courage
        } else {
            bare
        };
        want += Prob::new(1, 10) * p;
    }
    let o = spell_offer(&g, 1);
    let price = g.price(&target_draft(&o, b(0))).expect("priced");
    assert_eq!(price.down, Some(want));
    let t = o.targets.iter().find(|t| t.model == b(0)).expect("Vask");
    assert_eq!(t.p_down, Some(want), "the offer's figure is the draft's");
    eprintln!("R38 backlash fear: {bare} -> {want} (at Courage {at_courage})");
}

#[test]
fn r38_the_backlash_die_is_typed_from_the_table() {
    let mut g = spell_game();
    let o = spell_offer(&g, 0);
    let draft = target_draft(&o, b(1));
    let price =
        impia::core::game::PriceView::of(&g, &draft, impia::core::text::Lang::En).expect("priced");
    assert_eq!(price.dice.len(), 1, "the backlash die");
    let typed = g
        .with_typed_dice(&draft, &[impia::core::game::SideDice::new(9, Vec::new())])
        .expect("typed");
    let Action::CastSpell(c) = &typed else {
        panic!("a cast");
    };
    assert_eq!(c.backlash, vec![9]);
    let fear = fear_of(&g, a(3));
    g.act(typed).expect("cast");
    while matches!(g.now(), Now::Rolled) {
        accept(&mut g);
    }
    // 9 + level 1 + fear 0 = 10: the caster gains 1 fear.
    assert_eq!(fear_of(&g, a(3)), fear + 1);
}

// --- The cases: the shipped Círculo against the Guardia ---

/// Abdón (a0, the Círculo's sorcerer) in his activation, turn 1, with
/// `fear`; `friend_fear` for his friend a2.
fn circle_game(fear: i32, friend_fear: i32) -> Game {
    let r = rules();
    let load = |f: &str| {
        impia::core::roster::load_roster(format!("rosters/{f}").as_ref(), &r).expect("shipped")
    };
    let setup = GameSetup::new(
        load("circulo-de-la-ceniza.yaml"),
        load("guardia-del-paso.yaml"),
    )
    .with_seed(7);
    let mut g = Game::new(setup, &r);
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    set_fear(&mut g, a(0), fear);
    set_fear(&mut g, a(2), friend_fear);
    g
}

/// Zarpa de Ceniza (Strength 4, Penetration 1) on `t`, `near` named
/// within 15 cm: its price's chance to put Down.
fn zarpa(g: &Game, t: ModelRef, near: Vec<ModelRef>) -> Option<Prob> {
    let draft = target_draft(&spell_offer_of(g, a(0), 1), t);
    let d = if near.is_empty() {
        draft
    } else {
        g.declare(&draft, &DeclKey::Listed, Declared::Models(near))
            .expect("named within 15 cm")
    };
    g.price(&d).expect("priced").down
}

fn spell_offer_of(g: &Game, caster: ModelRef, index: usize) -> impia::core::game::Offer {
    g.offers()
        .offers
        .into_iter()
        .find(|o| {
            matches!(&o.action, Action::CastSpell(c)
                if c.caster == caster && c.spell == SpellChoice::Known { index })
        })
        .expect("the spell offered")
}

#[test]
fn r31_r38_zarpa_on_a_friend_named_within_15_cm_is_191_in_300_not_9_in_20() {
    let g = circle_game(0, 2);
    assert_eq!(zarpa(&g, a(2), Vec::new()), Some(Prob::new(9, 20)));
    assert_eq!(zarpa(&g, a(2), vec![a(2)]), Some(Prob::new(191, 300)));
}

#[test]
fn r31_r38_zarpa_cast_with_fear_4_is_113_in_375_not_9_in_25() {
    let g = circle_game(4, 0);
    assert_eq!(zarpa(&g, b(1), Vec::new()), Some(Prob::new(113, 375)));
    // Without the backlash's fear (Abdón at his fear now, no backlash
    // counted) the hit alone is the 9/25 shown before.
    let mut rolled = g.clone();
    let draft = target_draft(&spell_offer_of(&g, a(0), 1), b(1));
    let mut no_fear = draft.clone();
    if let Action::CastSpell(c) = &mut no_fear {
        c.backlash = vec![1];
    }
    rolled.act(no_fear).expect("cast, backlash 1");
    while matches!(rolled.now(), Now::Rolled) {
        accept(&mut rolled);
    }
    let prep = rolled
        .hit_check(a(0), b(1), &Default::default())
        .expect("the hit");
    let odds = opposed(&prep.spec);
    let bare = if prep.active == Some(a(0)) {
        odds.active_wins.0
    } else {
        odds.passive_wins.0
    };
    assert_eq!(bare, Prob::new(9, 25));
}
