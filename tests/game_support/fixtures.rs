//! The fixtures every game test starts from: two warbands, a game, and the
//! few actions that move it on. The slow tests use only these (`slow.rs`
//! declares this file alone as their `game_support`).

use impia::core::game::act;
use impia::core::game::{Action, Game, GameSetup, ModelRef, Side};
use impia::core::roster::{Model, Roster, Spell};
use impia::core::tables::RuleSet;

pub fn rules() -> RuleSet {
    RuleSet::builtin().expect("shipped tables load")
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

pub fn model(name: &str, troop: &str, weapons: &[&str]) -> Model {
    Model {
        name: name.into(),
        troop: troop.into(),
        weapons: ids(weapons),
        ..Default::default()
    }
}

/// Warband A: a0 Ulrak (Leader, hero, herbs), a1 Brann (veteran, spear),
/// a2 Kel (warrior, bow), a3 Mira (sorcerer), a4 Grim (creature: brutal, breath).
pub fn roster_a() -> Roster {
    let mut ulrak = model("Ulrak", "hero", &["medium_blade"]);
    ulrak.leader = true;
    ulrak.armour = Some("leather_scales".into());
    ulrak.equipment = ids(&["mystic_herbs"]);
    let mut mira = model("Mira", "sorcerer", &["small_blade"]);
    mira.spells = vec![Spell {
        effect: Default::default(),
        name: "Niebla".into(),
        level: 1,
        cost: 1,
        text: String::new(),
        hit: None,
    }];
    let mut grim = model("Grim", "creature", &["claws"]);
    grim.upgrades = ids(&["brutal", "breath"]);
    Roster {
        version: 1,
        name: "Hijos del Lobo".into(),
        points_limit: Some(400),
        totem: Some("Cráneo de lobo".into()),
        models: vec![
            ulrak,
            model("Brann", "veteran", &["spear"]),
            model("Kel", "warrior", &["bow"]),
            mira,
            grim,
        ],
    }
}

/// Warband B: b0 Vask (Leader, hero, cruel), b1 Tuk (warrior, thrown),
/// b2 Orm (veteran, mace + shield), b3 Pell (warrior, javelin), b4 Sarn
/// (hero: fearless, stubborn).
pub fn roster_b() -> Roster {
    let mut vask = model("Vask", "hero", &["heavy_mace"]);
    vask.leader = true;
    vask.upgrades = ids(&["cruel"]);
    let mut orm = model("Orm", "veteran", &["mace"]);
    orm.equipment = ids(&["shield"]);
    let mut sarn = model("Sarn", "hero", &["medium_blade"]);
    sarn.upgrades = ids(&["fearless", "stubborn"]);
    Roster {
        version: 1,
        name: "Culto del Cuervo".into(),
        points_limit: Some(400),
        totem: Some("Pluma negra".into()),
        models: vec![
            vask,
            model("Tuk", "warrior", &["thrown_weapons", "small_blade"]),
            orm,
            model("Pell", "warrior", &["javelin"]),
            sarn,
        ],
    }
}

pub fn setup(seed: u64) -> GameSetup {
    GameSetup::new(roster_a(), roster_b())
        .with_seed(seed)
        .with_scenario("Escaramuza")
        .with_players("Ana", "Beto")
}

pub fn game() -> Game {
    Game::new(setup(7), &rules())
}

/// A game played with the rules of the first game files (rolls accepted at
/// once, re-rolls inside the dice).
pub fn a(i: usize) -> ModelRef {
    ModelRef::a(i)
}

/// Apply, panicking with the refusal's message; a rolled check is then
/// accepted at once (the pending roll of rules 2).
pub fn ok(g: &mut Game, action: Action) {
    let text = format!("{action:?}");
    let rolled = action.is_roll();
    if let Err(e) = g.apply(action) {
        panic!("refused: {text}\n  {e}");
    }
    if rolled && g.pending().is_some() {
        accept(g);
    }
}

/// Accept the roll waiting.
pub fn accept(g: &mut Game) {
    if let Err(e) = g.apply(Action::Accept(act::Accept {
        witnesses: None,
        stray: None,
        within_30cm: None,
    })) {
        panic!("accept refused: {e}");
    }
}

/// Start a turn with this dark forces die and let both players skip round changes.
pub fn start_turn(g: &mut Game, dark_forces: u32) {
    ok(
        g,
        Action::StartTurn(act::StartTurn {
            dark_forces: vec![dark_forces],
        }),
    );
}

pub fn no_changes(g: &mut Game) {
    ok(
        g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::A }),
    );
    ok(
        g,
        Action::EndChangeRound(act::EndChangeRound { side: Side::B }),
    );
}

/// Start a turn and go straight to the rounds.
pub fn turn(g: &mut Game, dark_forces: u32) {
    start_turn(g, dark_forces);
    no_changes(g);
}
