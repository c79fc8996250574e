//! Issue 23, a property of the offers: in any position a random game
//! reaches, every allowed offer (each of its targets) with its declarations
//! answered at random is accepted by the rules, and every refused offer is
//! refused naming the rule it breaks.

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::{Action, Game, GameSetup, sim};
use proptest::prelude::*;

/// Every allowed offer's drafts with random declarations are accepted;
/// every refused offer names a rule. Returns how many drafts were tried.
fn check_position(g: &Game, rng: &mut Roller) -> Result<usize, TestCaseError> {
    let mut tried = 0;
    for o in g.offers().offers {
        if !o.allowed {
            let e = o.why_not.as_ref();
            prop_assert!(
                e.is_some_and(|e| e.rule.is_some()),
                "{} refused without a rule: {:?}",
                o.id,
                e
            );
            continue;
        }
        let drafts: Vec<(&Action, &[_])> = if o.targets.is_empty() {
            vec![(&o.draft, o.declarations.as_slice())]
        } else {
            o.targets
                .iter()
                .map(|t| (&t.draft, t.declarations.as_slice()))
                .collect()
        };
        for (draft, decls) in drafts {
            let a = sim::random_declarations(rng, draft, decls);
            let verdict = g.with_dice(&a).and_then(|full| g.check(&full));
            prop_assert!(
                verdict.is_ok(),
                "{} with {:?}: {:?}",
                o.id,
                a,
                verdict.err().map(|e| e.to_string())
            );
            // Its price is of that very draft.
            prop_assert!(g.price(&a).is_ok(), "{} not priced: {a:?}", o.id);
            tried += 1;
        }
    }
    Ok(tried)
}

fn play_and_check(setup: GameSetup, seed: u64, steps: usize) -> Result<usize, TestCaseError> {
    let mut g = Game::new(setup, &rules());
    let mut rng = Roller::seeded(seed);
    let mut tried = 0;
    for _ in 0..steps {
        tried += check_position(&g, &mut rng)?;
        if sim::step(&mut g, &mut rng).is_err() {
            break;
        }
    }
    Ok(tried)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn every_allowed_offer_with_random_declarations_is_accepted(seed in any::<u64>()) {
        let tried = play_and_check(setup(seed), seed, 60)?;
        prop_assert!(tried > 60, "only {tried} drafts tried");
    }

    #[test]
    fn so_it_is_with_imposing_models_and_rules_1(seed in any::<u64>()) {
        let mut rb = roster_b();
        rb.models[0].upgrades.push("imposing_presence".into());
        let four = GameSetup::new(roster_a(), rb).with_seed(seed);
        play_and_check(four, seed, 40)?;
        play_and_check(setup(seed).with_rules(1), seed, 40)?;
    }
}
