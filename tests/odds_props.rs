//! Properties of the exact odds (R01, R02, R04, R23) over the whole range of
//! inputs a table sees, and a check of the exact values against seeded rolls.

use impia::core::dice::{CheckSpec, OpposedOutcome, OpposedSpec, Roller, roll_check, roll_opposed};
use impia::core::odds::{Prob, check_success, opposed};
use proptest::prelude::*;

fn p(n: u64, d: u64) -> Prob {
    Prob::new(n, d)
}

fn one() -> Prob {
    Prob::from_integer(1)
}

fn zero() -> Prob {
    Prob::from_integer(0)
}

/// One side of a check as a table sees it: attribute 0–12, modifiers −3..+3,
/// and up to 4 advantages and complications (more than the cap of 3, so the
/// cap itself is exercised).
fn spec() -> impl Strategy<Value = CheckSpec> {
    (0i32..=12, -3i32..=3, 0u32..=4, 0u32..=4)
        .prop_map(|(v, m, a, c)| CheckSpec::new(v).with_modifier(m).with_edge(a, c))
}

fn opposed_spec() -> impl Strategy<Value = OpposedSpec> {
    (spec(), spec(), any::<bool>()).prop_map(|(active, passive, combat)| OpposedSpec {
        active,
        passive,
        combat,
    })
}

fn with_one_more_advantage(s: CheckSpec) -> CheckSpec {
    s.with_edge(s.advantages + 1, s.complications)
}

fn as_f64(x: Prob) -> f64 {
    *x.numer() as f64 / *x.denom() as f64
}

proptest! {
    #[test]
    fn r01_check_probability_in_unit_interval(s in spec()) {
        let ps = check_success(&s);
        prop_assert!(ps >= zero() && ps <= one(), "{s:?}: {ps}");
        // The kept d3 moves the target by 1 to 3: beyond that the d10 decides alone.
        let target = s.value + s.modifier;
        if target + 3 < 1 {
            prop_assert_eq!(ps, zero(), "{:?}", s);
        }
        if target - 3 >= 10 {
            prop_assert_eq!(ps, one(), "{:?}", s);
        }
        if s.edge() == 0 {
            let expected = p(target.clamp(0, 10) as u64, 10);
            prop_assert_eq!(ps, expected, "{:?}", s);
        }
    }

    #[test]
    fn r04_more_advantages_never_lower_the_chance(o in opposed_spec()) {
        let a = o.active;
        let more = with_one_more_advantage(a);
        prop_assert!(
            check_success(&more) >= check_success(&a),
            "check {a:?} -> {more:?}"
        );
        let base = opposed(&o);
        let better = opposed(&OpposedSpec { active: more, ..o });
        prop_assert!(
            better.active_wins.0 >= base.active_wins.0,
            "opposed {o:?}: {} -> {}", base.active_wins.0, better.active_wins.0
        );
        // An extra advantage for the passive side never helps the active one.
        let worse = opposed(&OpposedSpec { passive: with_one_more_advantage(o.passive), ..o });
        prop_assert!(
            worse.active_wins.0 <= base.active_wins.0,
            "opposed {o:?}: {} -> {}", base.active_wins.0, worse.active_wins.0
        );
    }

    #[test]
    fn r02_opposed_probabilities_sum_to_one(o in opposed_spec()) {
        let r = opposed(&o);
        prop_assert_eq!(r.active_higher.0 + r.passive_higher.0 + r.equal.0, one(), "{:?}", o);
        let both = r.both_hit.map_or(zero(), |b| b.0);
        prop_assert_eq!(r.active_wins.0 + r.passive_wins.0 + both, one(), "{:?}", o);
        for x in [r.active_higher.0, r.passive_higher.0, r.equal.0, r.active_wins.0] {
            prop_assert!(x >= zero() && x <= one());
        }
        // R23: only an opposed Combat check has a "both hit" outcome, and it is the tie.
        if o.combat {
            prop_assert_eq!(r.both_hit.map(|b| b.0), Some(r.equal.0));
            prop_assert_eq!(r.active_wins.0, r.active_higher.0);
        } else {
            prop_assert_eq!(r.both_hit, None);
            prop_assert_eq!(r.active_wins.0, r.active_higher.0 + r.equal.0);
        }
    }

    #[test]
    fn r02_opposed_odds_symmetric_when_sides_swap(a in spec(), b in spec()) {
        let ab = opposed(&OpposedSpec { active: a, passive: b, combat: false });
        let ba = opposed(&OpposedSpec { active: b, passive: a, combat: false });
        prop_assert_eq!(ab.active_higher.0, ba.passive_higher.0, "{:?} vs {:?}", a, b);
        prop_assert_eq!(ab.passive_higher.0, ba.active_higher.0, "{:?} vs {:?}", a, b);
        prop_assert_eq!(ab.equal.0, ba.equal.0, "{:?} vs {:?}", a, b);
    }
}

#[test]
fn r01_r02_r04_hand_computed_cases() {
    assert_eq!(check_success(&CheckSpec::new(5)), p(1, 2));
    // One advantage: kept d3 of 1, 2 or 3 → (6 + 7 + 8) / 30.
    assert_eq!(check_success(&CheckSpec::new(5).with_edge(1, 0)), p(7, 10));
    let o = opposed(&OpposedSpec {
        active: CheckSpec::new(4),
        passive: CheckSpec::new(3),
        combat: false,
    });
    assert_eq!(o.active_higher.0, p(11, 20));
    assert_eq!(o.passive_higher.0, p(9, 25));
    assert_eq!(o.equal.0, p(9, 100));
}

/// Asserts that `hits` out of `n` is within 4 standard errors of `exact`.
fn assert_close(what: &str, hits: u32, n: u32, exact: Prob) {
    let pe = as_f64(exact);
    assert!(
        pe > 0.0 && pe < 1.0,
        "{what}: pick a case with a chance strictly between 0 and 1"
    );
    let freq = f64::from(hits) / f64::from(n);
    let se = (pe * (1.0 - pe) / f64::from(n)).sqrt();
    assert!(
        (freq - pe).abs() <= 4.0 * se,
        "{what}: simulated {freq:.5} vs exact {exact} = {pe:.5} (4 SE = {:.5})",
        4.0 * se
    );
}

const ROLLS: u32 = 100_000;

#[test]
fn r04_exact_odds_match_seeded_simulation() {
    let checks = [
        (11, CheckSpec::new(5).with_edge(1, 0)),
        (12, CheckSpec::new(4).with_modifier(-1).with_edge(0, 2)),
        (13, CheckSpec::new(7).with_modifier(1).with_edge(3, 0)),
        // Five complications cancel two advantages and are capped at three.
        (14, CheckSpec::new(8).with_edge(2, 7)),
    ];
    for (seed, s) in checks {
        let mut roller = Roller::seeded(seed);
        let hits = (0..ROLLS)
            .filter(|_| roll_check(&mut roller, s).success)
            .count() as u32;
        assert_close(&format!("check {s:?}"), hits, ROLLS, check_success(&s));
    }

    let opposed_cases = [
        (
            21,
            OpposedSpec {
                active: CheckSpec::new(4),
                passive: CheckSpec::new(3),
                combat: false,
            },
        ),
        (
            22,
            OpposedSpec {
                active: CheckSpec::new(5).with_edge(2, 0),
                passive: CheckSpec::new(5).with_modifier(1).with_edge(0, 1),
                combat: true,
            },
        ),
        (
            23,
            OpposedSpec {
                active: CheckSpec::new(3).with_edge(0, 3),
                passive: CheckSpec::new(4).with_edge(3, 0),
                combat: true,
            },
        ),
    ];
    for (seed, s) in opposed_cases {
        let mut roller = Roller::seeded(seed);
        let (mut active, mut passive, mut both) = (0u32, 0u32, 0u32);
        for _ in 0..ROLLS {
            match roll_opposed(&mut roller, s).outcome {
                OpposedOutcome::ActiveWins => active += 1,
                OpposedOutcome::PassiveWins => passive += 1,
                OpposedOutcome::BothHit => both += 1,
            }
        }
        let exact = opposed(&s);
        assert_close(
            &format!("active wins {s:?}"),
            active,
            ROLLS,
            exact.active_wins.0,
        );
        assert_close(
            &format!("passive wins {s:?}"),
            passive,
            ROLLS,
            exact.passive_wins.0,
        );
        match exact.both_hit {
            Some(b) => assert_close(&format!("both hit {s:?}"), both, ROLLS, b.0),
            None => assert_eq!(both, 0, "no 'both hit' outside Combat: {s:?}"),
        }
    }
}
