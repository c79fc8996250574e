//! Dice and checks, rolled with a seeded generator that records every die, so
//! that a roll can be shown die by die and replayed from its seed.
//!
//! R01 attribute check, R02 opposed check, R03 modifiers as a sum,
//! R04 advantages and complications, R23 the Combat tie, R27 the hit roll.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

mod words;
pub use words::verdict;

/// The most advantages or complications that may remain after cancelling (R04).
pub const MAX_EDGE: u8 = 3;

/// R04: advantages and complications cancel one for one; at most three of one
/// kind remain. Positive: advantages; negative: complications.
pub fn net_edge(advantages: u32, complications: u32) -> i32 {
    let net = advantages as i64 - complications as i64;
    net.clamp(-(MAX_EDGE as i64), MAX_EDGE as i64) as i32
}

/// One side of a check: the attribute (or value) used, the sum of its
/// modifiers (R03), and its advantages and complications (R04).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckSpec {
    pub value: i32,
    pub modifier: i32,
    pub advantages: u32,
    pub complications: u32,
}

impl CheckSpec {
    pub fn new(value: i32) -> Self {
        CheckSpec {
            value,
            ..Default::default()
        }
    }

    pub fn with_modifier(mut self, modifier: i32) -> Self {
        self.modifier = modifier;
        self
    }

    pub fn with_edge(mut self, advantages: u32, complications: u32) -> Self {
        self.advantages = advantages;
        self.complications = complications;
        self
    }

    /// Net edge after R04's cancelling and cap.
    pub fn edge(&self) -> i32 {
        net_edge(self.advantages, self.complications)
    }
}

/// An opposed check (R02): the active side (whose activation it is) against
/// the passive side. In an opposed Combat check (R23) a tie means both hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedSpec {
    pub active: CheckSpec,
    pub passive: CheckSpec,
    pub combat: bool,
}

/// One die as it fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub sides: u32,
    pub value: u32,
    /// False for an advantage or complication d3 that was not the highest.
    pub kept: bool,
}

/// The d3s of advantages or complications (R04) and the one that counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EdgeRoll {
    /// Net edge rolled: positive advantages, negative complications.
    pub net: i32,
    pub dice: Vec<Die>,
    /// The signed amount added to the attribute (or total).
    pub value: i32,
}

/// Draws dice from a seeded generator.
pub struct Roller {
    rng: StdRng,
    seed: u64,
}

impl Roller {
    pub fn seeded(seed: u64) -> Self {
        Roller {
            rng: StdRng::seed_from_u64(seed),
            seed,
        }
    }

    /// A roller with a fresh random seed; the seed is kept so the roll can be replayed.
    pub fn from_entropy() -> Self {
        let seed: u64 = rand::rng().random();
        Roller::seeded(seed)
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// One die with `sides` faces, 1..=sides.
    pub fn die(&mut self, sides: u32) -> u32 {
        if sides <= 1 {
            return 1;
        }
        self.rng.random_range(1..=sides)
    }

    /// R04: roll the net advantages or complications, keep only the highest d3.
    pub fn edge(&mut self, net: i32) -> EdgeRoll {
        let n = net.unsigned_abs();
        let mut dice: Vec<Die> = (0..n)
            .map(|_| Die {
                sides: 3,
                value: self.die(3),
                kept: false,
            })
            .collect();
        let best = dice
            .iter()
            .enumerate()
            .max_by_key(|(i, d)| (d.value, std::cmp::Reverse(*i)))
            .map(|(i, d)| (i, d.value));
        let value = match best {
            Some((i, v)) => {
                dice[i].kept = true;
                v as i32 * net.signum()
            }
            None => 0,
        };
        EdgeRoll { net, dice, value }
    }
}

/// R01: an attribute check as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRoll {
    pub spec: CheckSpec,
    pub d10: Die,
    pub edge: EdgeRoll,
    /// Attribute + modifiers + edge: the d10 must be at most this.
    pub target: i32,
    pub success: bool,
}

/// R01 + R03 + R04: roll 1d10; success when it is at most the attribute plus
/// modifiers plus the kept advantage (minus the kept complication).
pub fn roll_check(roller: &mut Roller, spec: CheckSpec) -> CheckRoll {
    let d10 = roller.die(10);
    let edge = roller.edge(spec.edge());
    let target = spec.value + spec.modifier + edge.value;
    CheckRoll {
        spec,
        d10: Die {
            sides: 10,
            value: d10,
            kept: true,
        },
        edge,
        target,
        success: d10 as i32 <= target,
    }
}

/// One side of an opposed check as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideRoll {
    pub spec: CheckSpec,
    pub d10: Die,
    pub edge: EdgeRoll,
    /// 1d10 + value + modifiers + edge.
    pub total: i32,
}

/// Who won an opposed check (R02, R23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpposedOutcome {
    ActiveWins,
    PassiveWins,
    /// Opposed Combat check tied: both models are hit (R23).
    BothHit,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedRoll {
    pub spec: OpposedSpec,
    pub active: SideRoll,
    pub passive: SideRoll,
    pub outcome: OpposedOutcome,
}

fn roll_side(roller: &mut Roller, spec: CheckSpec) -> SideRoll {
    let d10 = roller.die(10);
    let edge = roller.edge(spec.edge());
    SideRoll {
        spec,
        d10: Die {
            sides: 10,
            value: d10,
            kept: true,
        },
        total: d10 as i32 + spec.value + spec.modifier + edge.value,
        edge,
    }
}

/// R02: who wins given both totals. A tie goes to the active side, except in
/// an opposed Combat check (R23), where both hit.
pub fn opposed_outcome(active_total: i32, passive_total: i32, combat: bool) -> OpposedOutcome {
    use std::cmp::Ordering::*;
    match active_total.cmp(&passive_total) {
        Greater => OpposedOutcome::ActiveWins,
        Less => OpposedOutcome::PassiveWins,
        Equal if combat => OpposedOutcome::BothHit,
        Equal => OpposedOutcome::ActiveWins,
    }
}

/// R02: roll both sides (active first) and decide.
pub fn roll_opposed(roller: &mut Roller, spec: OpposedSpec) -> OpposedRoll {
    let active = roll_side(roller, spec.active);
    let passive = roll_side(roller, spec.passive);
    let outcome = opposed_outcome(active.total, passive.total, spec.combat);
    OpposedRoll {
        spec,
        active,
        passive,
        outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r04_advantages_and_complications_cancel_one_for_one() {
        assert_eq!(net_edge(2, 1), 1);
        assert_eq!(net_edge(1, 3), -2);
        assert_eq!(net_edge(2, 2), 0);
    }

    #[test]
    fn r04_at_most_three_remain() {
        assert_eq!(net_edge(5, 0), 3);
        assert_eq!(net_edge(0, 7), -3);
        assert_eq!(net_edge(6, 2), 3);
    }

    #[test]
    fn r04_only_the_highest_d3_counts() {
        for seed in 0..200 {
            let mut r = Roller::seeded(seed);
            let e = r.edge(3);
            let max = e.dice.iter().map(|d| d.value).max().unwrap_or(0) as i32;
            assert_eq!(e.value, max);
            assert_eq!(e.dice.iter().filter(|d| d.kept).count(), 1);
            let e = r.edge(-2);
            let max = e.dice.iter().map(|d| d.value).max().unwrap_or(0) as i32;
            assert_eq!(e.value, -max);
        }
    }

    #[test]
    fn r01_success_when_d10_at_most_target() {
        for seed in 0..200 {
            let mut r = Roller::seeded(seed);
            let roll = roll_check(&mut r, CheckSpec::new(5).with_modifier(-1).with_edge(1, 0));
            assert_eq!(roll.target, 4 + roll.edge.value);
            assert_eq!(roll.success, roll.d10.value as i32 <= roll.target);
            assert!((1..=10).contains(&roll.d10.value));
        }
    }

    #[test]
    fn r02_tie_goes_to_active_side() {
        assert_eq!(opposed_outcome(9, 9, false), OpposedOutcome::ActiveWins);
        assert_eq!(opposed_outcome(8, 9, false), OpposedOutcome::PassiveWins);
    }

    #[test]
    fn r23_combat_tie_means_both_hit() {
        assert_eq!(opposed_outcome(9, 9, true), OpposedOutcome::BothHit);
        assert_eq!(opposed_outcome(10, 9, true), OpposedOutcome::ActiveWins);
    }

    #[test]
    fn seeded_rolls_reproduce() {
        let spec = OpposedSpec {
            active: CheckSpec::new(4).with_edge(2, 0),
            passive: CheckSpec::new(3).with_edge(0, 1),
            combat: true,
        };
        let a = roll_opposed(&mut Roller::seeded(42), spec);
        let b = roll_opposed(&mut Roller::seeded(42), spec);
        assert_eq!(a, b);
        let differs = (0..50).any(|s| roll_opposed(&mut Roller::seeded(s), spec) != a);
        assert!(differs, "different seeds should give different rolls");
    }
}
