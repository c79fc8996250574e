//! Issue 38, the property: any sequence of campaign steps and undos, undone
//! back to where it began, returns to the state before it; and each step
//! undone at once leaves the campaign as it was (the refund).

use std::sync::OnceLock;

use proptest::prelude::*;

use crate::campaign_support::{game_step, pack, rules, start};
use impia::core::campaign::offers::take;
use impia::core::campaign::{Campaign, offers};

/// A campaign whose first game is open (its sequence still to do).
fn base() -> &'static Campaign {
    static BASE: OnceLock<Campaign> = OnceLock::new();
    BASE.get_or_init(|| {
        let rules = rules();
        let mut c = Campaign::new(start(5), &pack(), &rules);
        let s = game_step(&c, 3);
        c.act(s, &pack(), &rules).expect("game");
        c
    })
}

#[derive(Clone, Debug)]
enum Op {
    Take(usize),
    Undo,
    Redo,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0usize..64).prop_map(Op::Take),
        2 => Just(Op::Undo),
        1 => Just(Op::Redo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_steps_and_undos_return_to_the_state_before_them(ops in proptest::collection::vec(op(), 0..40)) {
        let rules = rules();
        let p = pack();
        let start = base().clone();
        let at = start.log.len();
        let mut c = start.clone();
        for o in ops {
            match o {
                Op::Take(i) => {
                    let allowed: Vec<String> = offers(&c, &p, &rules)
                        .into_iter()
                        .filter(|o| o.refused.is_none())
                        .map(|o| o.id)
                        .collect();
                    if allowed.is_empty() {
                        continue;
                    }
                    let id = &allowed[i % allowed.len()];
                    let step = take(&c, &p, &rules, id, None).expect("an allowed offer makes a step");
                    let before = c.state.clone();
                    c.act(step, &p, &rules).expect("an allowed offer applies");
                    // Each step undone at once is a full refund.
                    let mut back = c.clone();
                    back.undo(&p, &rules).expect("undo");
                    prop_assert_eq!(&back.state, &before);
                }
                Op::Undo if c.log.len() > at => {
                    c.undo(&p, &rules).expect("undo");
                }
                Op::Undo => {}
                Op::Redo => {
                    c.redo(&p, &rules);
                }
            }
        }
        while c.log.len() > at {
            c.undo(&p, &rules).expect("undo");
        }
        prop_assert_eq!(&c.log, &start.log);
        prop_assert_eq!(&c.state, &start.state);
    }
}
