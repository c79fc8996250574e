//! Shared fixtures of the game tests: two warbands, a game, and short
//! helpers that send the same actions the view sends.

mod checks;
mod fixtures;

pub use checks::Checks;
pub use fixtures::*;
use impia::core::dice::OpposedOutcome;
use impia::core::game::act;
use impia::core::game::{
    Action, CheckDice, FightOptions, Game, HitOptions, ModelRef, Now, OpposedDice, Side, SideDice,
};

/// A game played with the rules of the first game files (rolls accepted at
/// once, re-rolls inside the dice).
pub fn game_rules_1() -> Game {
    Game::new(setup(7).with_rules(1), &rules())
}

pub fn b(i: usize) -> ModelRef {
    ModelRef::b(i)
}

pub fn end(g: &mut Game, m: ModelRef) {
    ok(
        g,
        Action::EndActivation(act::EndActivation {
            model: m,
            terrain: Vec::new(),
            near_enemy_totem: false,
        }),
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
        Action::Fight(act::Fight {
            attacker,
            defender,
            options: FightOptions::default(),
            roll: Some(roll),
        }),
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
        Action::Assault(act::Assault {
            attacker,
            defender,
            brutal: false,
            options: FightOptions::default(),
            roll: Some(roll),
        }),
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
        Action::ResolveHit(act::ResolveHit {
            attacker,
            target,
            options,
            roll: Some(roll),
            witnesses,
        }),
    );
}

/// Play the rounds until `m` is activated: roll-offs won by `m`'s side,
/// every other model activated and ended as it comes.
pub fn skip_to(g: &mut Game, m: ModelRef) {
    for _ in 0..100 {
        match g.now() {
            Now::RollOff { .. } => ok(
                g,
                Action::RollOff(act::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(m.side),
                }),
            ),
            Now::Pick { models, .. } if models.contains(&m) => {
                ok(g, Action::Activate(act::Activate { model: m }));
                return;
            }
            Now::Pick { models, .. } => {
                let other = models[0];
                ok(g, Action::Activate(act::Activate { model: other }));
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
                Action::RollOff(act::RollOff {
                    rolls: vec![[7, 3]],
                    starts: Some(Side::A),
                }),
            ),
            Now::Pick { models, .. } => {
                ok(g, Action::Activate(act::Activate { model: models[0] }));
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
        Action::AdjustFear(act::AdjustFear {
            model: m,
            delta: fear - now,
        }),
    );
}

/// R31: `m`'s fear at twice its Courage: ending its activation now, it
/// flees (unless Fearless).
pub fn fear_at_twice_courage(g: &mut Game, m: ModelRef) {
    let courage = g.state().model(m).expect("model").courage();
    set_fear(g, m, 2 * courage);
}

/// Ulrak fights Vask, engaged, and wins: a hit of Ulrak on Vask waits.
pub fn ulrak_hits_vask(g: &mut Game) {
    turn(g, 4);
    skip_to(g, a(0));
    ok(
        g,
        Action::SetEngaged(act::SetEngaged {
            a: a(0),
            b: b(0),
            engaged: true,
        }),
    );
    assert_eq!(fight(g, a(0), b(0), 9, 1), OpposedOutcome::ActiveWins);
}

/// The app on its Game view with `game` open (detached: nothing is saved),
/// in `lang` at 100 %, the shipped tables: what the Game view's kittests
/// start from.
pub fn game_app(game: Game, lang: impia::core::text::Lang) -> impia::ui::ImpiaApp {
    let mut app = impia::ui::ImpiaApp::with_rules(
        impia::ui::Prefs {
            lang,
            dark: true,
            last_roster: None,
            last_game: None,
            view: impia::ui::View::Game,
            ui_scale: 1.0,
        },
        rules(),
    );
    app.game.game = Some(impia::core::game::Host::detached(game));
    app
}

/// A kittest harness of the whole app in a `size` window.
pub fn app_harness(
    app: impia::ui::ImpiaApp,
    size: [f32; 2],
) -> egui_kittest::Harness<'static, impia::ui::ImpiaApp> {
    egui_kittest::Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut impia::ui::ImpiaApp| app.show(ui), app)
}
