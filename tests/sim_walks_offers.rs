//! Issue 23: the random player walks the core's offers. Every action it
//! draws from them (every allowed offer and target, declarations answered
//! at random, dice rolled) is accepted, every refused offer names its
//! rule, and across a few seeded games
//! every kind of action is played, but those no offer lists, which the
//! players make by hand (each with its reason).

use std::collections::BTreeSet;

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::{ActionKind, Game, GameSetup, sim};

/// The kinds no offer lists: the players make them by hand at the table
/// (the random player draws them by hand too), and why.
const BY_HAND: &[(ActionKind, &str)] = &[
    (
        ActionKind::ScenarioPoints,
        "the scenario's objectives are scored by hand",
    ),
    (ActionKind::AdjustFear, "a hand correction"),
    (ActionKind::AdjustPool, "a hand correction"),
    (ActionKind::AdjustOwnDp, "a hand correction"),
    (ActionKind::AdjustToughness, "a hand correction"),
    (ActionKind::SetStatus, "a hand correction"),
    (
        ActionKind::SetEngaged,
        "a hand correction (engagement is judged on the table)",
    ),
    (ActionKind::SetRound, "a hand correction"),
    (ActionKind::Note, "a note, free text"),
    (
        ActionKind::PassReroll,
        "offered only when both sides of a roll may still re-roll it (a tie \
         with both totems left): too rare for these walks; \
         fair_play.rs plays it from the offers",
    ),
    (
        ActionKind::Fall,
        "offered (issue 34, its height declared) but drawn by hand, its height \
         at random, so the seeded walks stay as they were",
    ),
    (
        ActionKind::TouchTerrain,
        "touching terrain happens within a Move: a free tool",
    ),
];

fn by_hand(k: ActionKind) -> bool {
    BY_HAND.iter().any(|(h, _)| *h == k)
}

/// The setups walked: the fixture warbands with Headstrong models (R42),
/// under the latest rules, rules 3 and rules 1.
fn setups() -> Vec<GameSetup> {
    let mut ra = roster_a();
    ra.models[1].upgrades.push("headstrong".into());
    let mut rb = roster_b();
    rb.models[0].upgrades.push("headstrong".into());
    let mut out = Vec::new();
    for seed in 1..=4u64 {
        out.push(GameSetup::new(ra.clone(), rb.clone()).with_seed(seed));
    }
    out.push(setup(11).with_rules(3));
    out.push(setup(12).with_rules(1));
    out
}

/// Play `steps` random steps of `setup`, ending the game one step in 300
/// where allowed; the kinds played and the steps walked. Panics if an action drawn from the
/// offers is refused.
fn walk(setup: GameSetup, seed: u64, steps: usize) -> (BTreeSet<ActionKind>, usize) {
    let mut g = Game::new(setup, &rules());
    let mut rng = Roller::seeded(seed);
    let mut played = BTreeSet::new();
    let mut walked = 0;
    for i in 0..steps {
        if g.state().ended.is_some() {
            break;
        }
        walked += 1;
        // Every refused offer names the rule it breaks.
        for o in g.offers().offers.iter().filter(|o| !o.allowed) {
            let rule = o.why_not.as_ref().and_then(|e| e.rule);
            assert!(
                rule.is_some(),
                "seed {seed}: {} refused without a rule",
                o.id
            );
        }
        let a = sim::next_action_ending(&g, &mut rng, 300).expect("a random action");
        let kind = a.kind();
        let text = format!("{a:?}");
        match g.apply(a) {
            Ok(()) => {
                played.insert(kind);
            }
            // A free tool may be refused (a spell at 0 DP…): the next
            // step draws again.
            Err(_) if by_hand(kind) => {}
            Err(e) => panic!("seed {seed} step {i}: the offers' {text} was refused: {e}"),
        }
    }
    (played, walked)
}

#[test]
fn every_action_an_offer_lists_is_played_and_accepted() {
    let mut played = BTreeSet::new();
    let mut steps = 0;
    for (i, s) in setups().into_iter().enumerate() {
        let (kinds, n) = walk(s, i as u64 + 1, 700);
        played.extend(kinds);
        steps += n;
    }
    assert!(steps > 1000, "only {steps} steps walked");
    let missing: Vec<&str> = ActionKind::ALL
        .iter()
        .filter(|k| !by_hand(**k) && !played.contains(k))
        .map(|k| k.id())
        .collect();
    assert!(
        missing.is_empty(),
        "never played from the offers: {missing:?}"
    );
}
