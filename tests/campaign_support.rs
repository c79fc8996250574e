//! Issue 38: campaigns for the tests: a warband, its ended games played at
//! random by the simulator, and the campaign pack shipped with impia.

use impia::core::campaign::offers::from_game;
use impia::core::campaign::{Campaign, CampaignPack, Start, Step};
use impia::core::dice::Roller;
use impia::core::game::played::{WarbandGame, played};
use impia::core::game::{Game, GameSetup, Now, Side, sim};
use impia::core::roster::{Model, Roster};
use impia::core::tables::RuleSet;

pub fn rules() -> RuleSet {
    RuleSet::builtin().expect("shipped tables load")
}

pub fn pack() -> CampaignPack {
    CampaignPack::shipped().expect("the example campaign pack loads")
}

fn model(name: &str, troop: &str, weapons: &[&str]) -> Model {
    Model {
        name: name.into(),
        troop: troop.into(),
        weapons: weapons.iter().map(|w| w.to_string()).collect(),
        ..Default::default()
    }
}

/// A warband of six.
pub fn warband() -> Roster {
    let mut leader = model("Ulrak", "hero", &["medium_blade"]);
    leader.leader = true;
    Roster {
        version: 1,
        name: "Lobos".into(),
        points_limit: Some(300),
        totem: Some("Tótem".into()),
        models: vec![
            leader,
            model("Brann", "veteran", &["spear"]),
            model("Kel", "warrior", &["bow"]),
            model("Dag", "warrior", &["medium_blade"]),
            model("Ros", "warrior", &["medium_blade"]),
            model("Ivo", "warrior", &["small_blade"]),
        ],
    }
}

pub fn enemy() -> Roster {
    let mut leader = model("Vorn", "hero", &["medium_blade"]);
    leader.leader = true;
    Roster {
        version: 1,
        name: "Cuervos".into(),
        points_limit: Some(300),
        totem: Some("Tótem".into()),
        models: vec![
            leader,
            model("Sel", "warrior", &["spear"]),
            model("Tor", "warrior", &["medium_blade"]),
            model("Uma", "warrior", &["bow"]),
        ],
    }
}

/// A game of `roster` (side A) against [`enemy`], played at random until
/// it ends (the players end it at some point), as the warband saw it.
pub fn ended_game(roster: &Roster, seed: u64) -> (Game, WarbandGame) {
    let rules = rules();
    let setup = GameSetup::new(roster.clone(), enemy()).with_seed(seed);
    let mut g = Game::new(setup, &rules);
    let mut rng = Roller::seeded(seed);
    for _ in 0..4000 {
        if matches!(g.now(), Now::Ended { .. }) {
            break;
        }
        sim::step_ending(&mut g, &mut rng, 60).expect("a legal random action");
    }
    assert!(
        matches!(g.now(), Now::Ended { .. }),
        "the random game ended"
    );
    let wg = played(&g, Side::A).expect("the log replays");
    (g, wg)
}

pub fn start(seed: u64) -> Start {
    Start {
        pack: pack().id().to_string(),
        seed,
        roster: warband(),
    }
}

/// The `Game` step of a random game of the campaign's warband now.
pub fn game_step(c: &Campaign, seed: u64) -> Step {
    let (_, wg) = ended_game(&c.state.roster(), seed);
    from_game(&c.state, &format!("g{seed}"), &wg).expect("the campaign's warband played")
}
