//! Shared fixtures of the game tests: two warbands, a game, and short
//! helpers that send the same actions the view sends.
#![allow(dead_code)]

use impia::core::dice::OpposedOutcome;
use impia::core::game::{
    Action, CheckDice, FightOptions, Game, GameSetup, HitOptions, ModelRef, Now, OpposedDice, Side,
    SideDice,
};
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
pub fn game_rules_1() -> Game {
    Game::new(setup(7).with_rules(1), &rules())
}

pub fn a(i: usize) -> ModelRef {
    ModelRef::a(i)
}

pub fn b(i: usize) -> ModelRef {
    ModelRef::b(i)
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
    if let Err(e) = g.apply(Action::Accept {
        witnesses: None,
        stray: None,
        within_30cm: None,
    }) {
        panic!("accept refused: {e}");
    }
}

/// Start a turn with this dark forces die and let both players skip round changes.
pub fn start_turn(g: &mut Game, dark_forces: u32) {
    ok(
        g,
        Action::StartTurn {
            dark_forces: vec![dark_forces],
        },
    );
}

pub fn no_changes(g: &mut Game) {
    ok(g, Action::EndChangeRound { side: Side::A });
    ok(g, Action::EndChangeRound { side: Side::B });
}

/// Start a turn and go straight to the rounds.
pub fn turn(g: &mut Game, dark_forces: u32) {
    start_turn(g, dark_forces);
    no_changes(g);
}

/// Roll off if owed (A wins and starts), then activate `m`.
pub fn activate(g: &mut Game, m: ModelRef) {
    if let Now::RollOff { .. } = g.now() {
        ok(
            g,
            Action::RollOff {
                rolls: vec![[7, 3]],
                starts: Some(m.side),
            },
        );
    }
    ok(g, Action::Activate { model: m });
}

pub fn end(g: &mut Game, m: ModelRef) {
    ok(
        g,
        Action::EndActivation {
            model: m,
            terrain: Vec::new(),
            near_enemy_totem: false,
        },
    );
}

/// Side dice with the right number of d3 for a spec, all showing `d3`.
pub fn dice(d10: u32, d3: u32, spec: &impia::core::dice::CheckSpec) -> SideDice {
    SideDice::new(d10, vec![d3; spec.edge().unsigned_abs() as usize])
}

/// An opposed roll typed from real dice.
pub fn typed(spec: impia::core::dice::OpposedSpec, active: u32, passive: u32) -> OpposedDice {
    OpposedDice::typed(
        spec,
        dice(active, 2, &spec.active),
        dice(passive, 2, &spec.passive),
    )
    .expect("dice fit the spec")
}

pub fn typed_check(spec: impia::core::dice::CheckSpec, d10: u32) -> CheckDice {
    CheckDice::typed(spec, dice(d10, 2, &spec)).expect("dice fit the spec")
}

/// Fight with typed dice.
pub fn fight(
    g: &mut Game,
    attacker: ModelRef,
    defender: ModelRef,
    active: u32,
    passive: u32,
) -> OpposedOutcome {
    let prep = g
        .fight_check(attacker, defender, &FightOptions::default())
        .expect("fight check");
    let roll = typed(prep.spec, active, passive);
    let outcome = roll.outcome();
    ok(
        g,
        Action::Fight {
            attacker,
            defender,
            options: FightOptions::default(),
            roll: Some(roll),
        },
    );
    outcome
}

/// Assault with typed dice.
pub fn assault(
    g: &mut Game,
    attacker: ModelRef,
    defender: ModelRef,
    active: u32,
    passive: u32,
) -> OpposedOutcome {
    let prep = g
        .assault_check(attacker, defender, false, &FightOptions::default())
        .expect("assault check");
    let roll = typed(prep.spec, active, passive);
    let outcome = roll.outcome();
    ok(
        g,
        Action::Assault {
            attacker,
            defender,
            brutal: false,
            options: FightOptions::default(),
            roll: Some(roll),
        },
    );
    outcome
}

/// Resolve the pending hit of `attacker` on `target` with typed dice for the
/// attacker's and the target's sides.
pub fn hit(
    g: &mut Game,
    attacker: ModelRef,
    target: ModelRef,
    attacker_d10: u32,
    target_d10: u32,
    witnesses: Vec<ModelRef>,
) {
    hit_with(
        g,
        attacker,
        target,
        HitOptions::default(),
        attacker_d10,
        target_d10,
        witnesses,
    );
}

pub fn hit_with(
    g: &mut Game,
    attacker: ModelRef,
    target: ModelRef,
    options: HitOptions,
    attacker_d10: u32,
    target_d10: u32,
    witnesses: Vec<ModelRef>,
) {
    let prep = g.hit_check(attacker, target, &options).expect("hit check");
    let (act, pas) = if prep.active == Some(attacker) {
        (attacker_d10, target_d10)
    } else {
        (target_d10, attacker_d10)
    };
    let roll = typed(prep.spec, act, pas);
    ok(
        g,
        Action::ResolveHit {
            attacker,
            target,
            options,
            roll: Some(roll),
            witnesses,
        },
    );
}

/// Play the rounds until `m` is activated: roll-offs won by `m`'s side,
/// every other model activated and ended as it comes.
pub fn skip_to(g: &mut Game, m: ModelRef) {
    for _ in 0..100 {
        match g.now() {
            Now::RollOff { .. } => ok(
                g,
                Action::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(m.side),
                },
            ),
            Now::Pick { models, .. } if models.contains(&m) => {
                ok(g, Action::Activate { model: m });
                return;
            }
            Now::Pick { models, .. } => {
                let other = models[0];
                ok(g, Action::Activate { model: other });
                end(g, other);
            }
            now => panic!("cannot reach {m}: {now:?}"),
        }
    }
    panic!("cannot reach {m}");
}

/// End every activation left in the turn.
pub fn finish_turn(g: &mut Game) {
    for _ in 0..100 {
        match g.now() {
            Now::RollOff { .. } => ok(
                g,
                Action::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(Side::A),
                },
            ),
            Now::Pick { models, .. } => {
                ok(g, Action::Activate { model: models[0] });
                end(g, models[0]);
            }
            Now::Acting { model, .. } => end(g, model),
            Now::StartTurn { .. } => return,
            now => panic!("cannot finish the turn: {now:?}"),
        }
    }
}

pub fn fear_of(g: &Game, m: ModelRef) -> i32 {
    g.state().model(m).expect("model").fear
}

pub fn pool(g: &Game, side: Side) -> i32 {
    g.state().side(side).expect("side").pool
}

pub fn set_fear(g: &mut Game, m: ModelRef, fear: i32) {
    let now = fear_of(g, m);
    ok(
        g,
        Action::AdjustFear {
            model: m,
            delta: fear - now,
        },
    );
}

/// Ulrak fights Vask, engaged, and wins: a hit of Ulrak on Vask waits.
pub fn ulrak_hits_vask(g: &mut Game) {
    turn(g, 4);
    skip_to(g, a(0));
    ok(
        g,
        Action::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        },
    );
    assert_eq!(fight(g, a(0), b(0), 9, 1), OpposedOutcome::ActiveWins);
}
