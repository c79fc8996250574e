//! Issue 34: what the players measure at the table is a core declaration
//! every client asks (the app's generic form, the phones, the CLI's
//! offers): R18 a fall's height and witnesses, R41 the models under the
//! Breath's template, R38 a spell of any level's level, cost and hit.

use crate::game_support::*;
use impia::core::game::draft::{declare, value};
use impia::core::game::{
    Action, DeclKey, DeclKind, Declared, Game, GameSetup, Offer, SpellChoice, SpellNumber,
};
use impia::core::roster::SpellHit;

fn offer_of(g: &Game, pred: impl Fn(&Action) -> bool) -> Offer {
    g.offers()
        .offers
        .into_iter()
        .find(|o| pred(&o.action))
        .expect("offered")
}

fn answered(g: &Game, mut a: Action, key: &DeclKey, v: Declared) -> Action {
    let asked = g.declarations(&a);
    let d = asked
        .iter()
        .find(|d| d.key == *key)
        .unwrap_or_else(|| panic!("{key:?} not asked: {asked:?}"));
    let v = v.fit(&d.kind).expect("an answer of its kind");
    assert!(declare(&mut a, key, &v), "{key:?} declared");
    a
}

// --- R18: a fall ---

#[test]
fn r18_a_fall_is_offered_with_its_height_a_band_of_the_fall_table() {
    let mut g = game();
    turn(&mut g, 4);
    skip_to(&mut g, a(1));
    let o = offer_of(&g, |a| matches!(a, Action::Fall(_)));
    assert!(o.allowed, "{:?}", o.why_not);
    let height = o
        .declarations
        .iter()
        .find(|d| d.key == DeclKey::Height)
        .expect("its height asked");
    let DeclKind::Pick { choices, many } = &height.kind else {
        panic!("a pick: {height:?}");
    };
    assert!(!many);
    assert_eq!(choices.len(), rules().fall.rows.len());
    // The first band does no harm: no roll, no Down.
    let p = g.price(&o.draft).expect("priced");
    assert!(p.down.is_none(), "{p:?}");
    // A fall of the second band hits: a roll, a chance to go Down.
    let ten = choices[1].id.clone();
    let d = answered(
        &g,
        o.draft.clone(),
        &DeclKey::Height,
        Declared::Picks(vec![ten.clone()]),
    );
    let Action::Fall(f) = &d else { panic!() };
    assert_eq!(f.height_cm, 10.0);
    assert_eq!(
        value(&d, &DeclKey::Height),
        Some(Declared::Picks(vec![ten]))
    );
    let p = g.price(&d).expect("priced");
    assert!(p.down.is_some_and(|x| *x.numer() > 0), "{p:?}");
    // Its witnesses are asked too (R31), the fallen model not among them.
    let w = g
        .declarations(&d)
        .into_iter()
        .find(|x| x.key == DeclKey::Witnesses)
        .expect("witnesses asked");
    let DeclKind::Models { models } = w.kind else {
        panic!()
    };
    assert!(
        !models.contains(&a(1)) && models.contains(&a(0)),
        "{models:?}"
    );
    // Fallen, its dice rolled (`act` rolls what the draft leaves).
    g.act(d).expect("the fall");
}

#[test]
fn r18_a_height_that_is_no_band_is_not_declared() {
    let g = {
        let mut g = game();
        turn(&mut g, 4);
        skip_to(&mut g, a(1));
        g
    };
    let o = offer_of(&g, |a| matches!(a, Action::Fall(_)));
    let d = g
        .declarations(&o.draft)
        .into_iter()
        .find(|x| x.key == DeclKey::Height)
        .expect("asked");
    assert!(Declared::Picks(vec!["12".into()]).fit(&d.kind).is_none());
    assert!(Declared::Picks(vec!["-5".into()]).fit(&d.kind).is_none());
}

// --- R41: the Breath ---

fn breath_game() -> Game {
    let mut ra = roster_a();
    ra.models[0].upgrades.push("breath".into());
    let mut g = Game::new(GameSetup::new(ra, roster_b()).with_seed(3), &rules());
    turn(&mut g, 4);
    skip_to(&mut g, a(0));
    g
}

#[test]
fn r41_breath_declares_the_models_under_its_template() {
    let mut g = breath_game();
    let o = offer_of(&g, |a| matches!(a, Action::Breath(_)));
    assert!(o.allowed, "{:?}", o.why_not);
    let t = o
        .targets
        .iter()
        .find(|t| t.model == b(0))
        .expect("b0 a target");
    // The target's draft names it; the players may name more.
    assert_eq!(
        value(&t.draft, &DeclKey::Struck),
        Some(Declared::Models(vec![b(0)]))
    );
    let under = t
        .declarations
        .iter()
        .find(|d| d.key == DeclKey::Struck)
        .expect("the template asked");
    let DeclKind::Models { models } = &under.kind else {
        panic!()
    };
    assert!(models.contains(&b(1)) && !models.contains(&a(0)));
    let d = answered(
        &g,
        t.draft.clone(),
        &DeclKey::Struck,
        Declared::Models(vec![b(0), b(1)]),
    );
    let Action::Breath(br) = &d else { panic!() };
    assert_eq!(br.targets, vec![b(0), b(1)]);
    let before = g.state().pending_hits.len();
    ok(&mut g, d);
    assert_eq!(g.state().pending_hits.len(), before + 2);
}

// --- R38: a spell of any level ---

fn sorcerer_game() -> Game {
    let mut g = Game::new(
        GameSetup::new(roster_a(), roster_b()).with_seed(7),
        &rules(),
    );
    turn(&mut g, 4);
    skip_to(&mut g, a(3));
    g
}

fn any_level(a: &Action) -> bool {
    matches!(
        a,
        Action::CastSpell(c) if matches!(c.spell, SpellChoice::Custom { .. })
    )
}

#[test]
fn r38_a_spell_of_any_level_declares_its_level_cost_and_hit() {
    let mut g = sorcerer_game();
    assert!(g.state().model(a(3)).expect("a3").is_sorcerer());
    let o = offer_of(&g, any_level);
    let keys: Vec<&DeclKey> = o.declarations.iter().map(|d| &d.key).collect();
    assert!(
        keys.contains(&&DeclKey::Spell(SpellNumber::Level)),
        "{keys:?}"
    );
    assert!(keys.contains(&&DeclKey::Spell(SpellNumber::Cost)));
    assert!(keys.contains(&&DeclKey::Spell(SpellNumber::Strength)));
    // No hit yet: neither its Penetration nor the models it hits asked.
    assert!(!keys.contains(&&DeclKey::Struck));
    let level = |n| Declared::Count(n);
    let d = answered(
        &g,
        o.draft.clone(),
        &DeclKey::Spell(SpellNumber::Level),
        level(2),
    );
    let d = answered(&g, d, &DeclKey::Spell(SpellNumber::Cost), level(2));
    let d = answered(&g, d, &DeclKey::Spell(SpellNumber::Strength), level(4));
    let d = answered(&g, d, &DeclKey::Spell(SpellNumber::Penetration), level(1));
    let d = answered(&g, d, &DeclKey::Struck, Declared::Models(vec![b(0)]));
    let Action::CastSpell(c) = &d else { panic!() };
    assert_eq!(
        c.spell,
        SpellChoice::Custom {
            name: String::new(),
            level: 2,
            cost: 2,
            hit: Some(SpellHit {
                strength: 4,
                penetration: 1
            }),
        }
    );
    assert_eq!(c.targets, vec![b(0)]);
    let p = g.price(&d).expect("priced");
    assert_eq!(p.dp, 2);
    assert!(p.down.is_some(), "its hit's chance: {p:?}");
    // Strength 0 takes the hit back, and the models it hit.
    let none = answered(
        &g,
        d.clone(),
        &DeclKey::Spell(SpellNumber::Strength),
        level(0),
    );
    let Action::CastSpell(c0) = &none else {
        panic!()
    };
    assert!(c0.targets.is_empty());
    assert!(matches!(c0.spell, SpellChoice::Custom { hit: None, .. }));
    // Cast, its backlash rolled (`act` rolls what the draft leaves).
    g.act(d).expect("cast");
}
