//! Exact odds of checks, as reduced fractions, by convolution of the dice
//! distributions (never by simulation).
//!
//! R01 attribute check, R02 opposed check, R04 advantages and complications,
//! R23 the Combat tie.

use num_rational::Ratio;
use serde::{Serialize, Serializer};

use crate::dice::{CheckSpec, OpposedSpec, net_edge};
use crate::text::Lang;

/// An exact probability.
pub type Prob = Ratio<u64>;

/// A probability as the CLI and the app show it: the reduced fraction and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds(pub Prob);

impl Odds {
    pub fn value(&self) -> f64 {
        *self.0.numer() as f64 / *self.0.denom() as f64
    }

    pub fn exact(&self) -> String {
        format!("{}/{}", self.0.numer(), self.0.denom())
    }

    /// The percent as every client writes it (issue 34: one formatter):
    /// one decimal, a decimal comma in Spanish ("62,5 %"), a point in
    /// English ("62.5 %").
    pub fn percent(&self, l: Lang) -> String {
        format!("{} %", crate::text::decimal(self.value() * 100.0, l))
    }
}

impl Serialize for Odds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Odds", 2)?;
        st.serialize_field("exact", &self.exact())?;
        st.serialize_field("value", &self.value())?;
        st.end()
    }
}

/// A distribution of integer totals: `counts[i]` ways to get `min + i`, out of `denom`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dist {
    pub min: i32,
    pub counts: Vec<u64>,
    pub denom: u64,
}

impl Dist {
    /// A fixed value.
    pub fn constant(v: i32) -> Dist {
        Dist {
            min: v,
            counts: vec![1],
            denom: 1,
        }
    }

    /// One fair die, 1..=sides.
    pub fn die(sides: u32) -> Dist {
        Dist {
            min: 1,
            counts: vec![1; sides.max(1) as usize],
            denom: sides.max(1) as u64,
        }
    }

    /// R04: the kept d3 of `net` advantages (positive) or complications
    /// (negative): the highest of |net| d3, added or subtracted.
    pub fn edge(net: i32) -> Dist {
        let n = net.unsigned_abs();
        if n == 0 {
            return Dist::constant(0);
        }
        // P(max = k) = (k^n - (k-1)^n) / 3^n.
        let counts: Vec<u64> = (1..=3u64).map(|k| k.pow(n) - (k - 1).pow(n)).collect();
        let denom = 3u64.pow(n);
        if net > 0 {
            Dist {
                min: 1,
                counts,
                denom,
            }
        } else {
            Dist {
                min: -3,
                counts: counts.into_iter().rev().collect(),
                denom,
            }
        }
    }

    pub fn max(&self) -> i32 {
        self.min + self.counts.len() as i32 - 1
    }

    /// Shift every total by `k`. Saturating: `k` may come from a user's
    /// number, and a wrapped total would turn a certain result into none.
    pub fn shifted(mut self, k: i32) -> Dist {
        self.min = self.min.saturating_add(k);
        self
    }

    /// The distribution of the sum of two independent totals.
    pub fn add(&self, other: &Dist) -> Dist {
        let mut counts = vec![0u64; self.counts.len() + other.counts.len() - 1];
        for (i, a) in self.counts.iter().enumerate() {
            if *a == 0 {
                continue;
            }
            for (j, b) in other.counts.iter().enumerate() {
                counts[i + j] += a * b;
            }
        }
        Dist {
            min: self.min + other.min,
            counts,
            denom: self.denom * other.denom,
        }
    }

    /// Exact P(total = v).
    pub fn p_eq(&self, v: i32) -> Prob {
        // In i64: `v` may be a user's number near the limits of i32.
        let i = i64::from(v) - i64::from(self.min);
        match usize::try_from(i).ok().and_then(|i| self.counts.get(i)) {
            Some(c) => Prob::new(*c, self.denom),
            None => Prob::from_integer(0),
        }
    }

    /// Exact P(total <= v).
    pub fn p_le(&self, v: i32) -> Prob {
        self.p_lt(i64::from(v) + 1)
    }

    /// Exact P(total < v), `v` in i64 so that `at_least` of any i32 works.
    pub fn p_lt(&self, v: i64) -> Prob {
        let upto = (v - i64::from(self.min)).clamp(0, self.counts.len() as i64) as usize;
        Prob::new(self.counts[..upto].iter().sum(), self.denom)
    }

    /// Every (total, probability) pair with a non-zero chance.
    pub fn points(&self) -> Vec<(i32, Prob)> {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, c)| (self.min + i as i32, Prob::new(*c, self.denom)))
            .collect()
    }
}

/// The total of one side of an opposed check: 1d10 + value + modifiers + edge.
pub fn side_total(spec: &CheckSpec) -> Dist {
    Dist::die(10)
        .add(&Dist::edge(spec.edge()))
        .shifted(spec.value + spec.modifier)
}

/// R01 + R04: exact chance that 1d10 is at most attribute + modifiers + edge.
pub fn check_success(spec: &CheckSpec) -> Prob {
    // 1d10 - edge <= value + modifier.
    let edge = Dist::edge(-net_edge(spec.advantages, spec.complications));
    Dist::die(10).add(&edge).p_le(spec.value + spec.modifier)
}

/// The exact odds of an opposed check (R02, R23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OpposedOdds {
    pub active_higher: Odds,
    pub passive_higher: Odds,
    pub equal: Odds,
    /// The active side wins: higher, or tied outside Combat (R02).
    pub active_wins: Odds,
    pub passive_wins: Odds,
    /// Tied in an opposed Combat check: both hit (R23). `None` outside Combat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub both_hit: Option<Odds>,
}

/// R02 + R23: exact odds of an opposed check by convolution of both totals.
pub fn opposed(spec: &OpposedSpec) -> OpposedOdds {
    let a = side_total(&spec.active);
    let p = side_total(&spec.passive);
    // Count pairs over the common denominator, reduce once at the end.
    let mut higher = 0u64;
    let mut equal = 0u64;
    // Cumulative counts of the passive side to avoid a double loop.
    let mut cum = Vec::with_capacity(p.counts.len() + 1);
    cum.push(0u64);
    for c in &p.counts {
        cum.push(cum[cum.len() - 1] + c);
    }
    let p_total = cum[cum.len() - 1];
    for (i, ca) in a.counts.iter().enumerate() {
        if *ca == 0 {
            continue;
        }
        let v = a.min + i as i32;
        // Passive totals strictly below v.
        let below = (v - p.min).clamp(0, p.counts.len() as i32) as usize;
        higher += ca * cum[below];
        let j = v - p.min;
        if j >= 0 && (j as usize) < p.counts.len() {
            equal += ca * p.counts[j as usize];
        }
    }
    let denom = a.denom * p.denom;
    let total_pairs = a.counts.iter().sum::<u64>() * p_total;
    let lower = total_pairs - higher - equal;
    let higher_p = Prob::new(higher, denom);
    let equal_p = Prob::new(equal, denom);
    let lower_p = Prob::new(lower, denom);
    let (active_wins, both_hit) = if spec.combat {
        (higher_p, Some(Odds(equal_p)))
    } else {
        (higher_p + equal_p, None)
    };
    OpposedOdds {
        active_higher: Odds(higher_p),
        passive_higher: Odds(lower_p),
        equal: Odds(equal_p),
        active_wins: Odds(active_wins),
        passive_wins: Odds(lower_p),
        both_hit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(n: u64, d: u64) -> Prob {
        Prob::new(n, d)
    }

    #[test]
    fn the_one_percent_formatter_writes_a_decimal_comma_in_spanish() {
        let o = Odds(p(5, 8));
        assert_eq!(o.percent(Lang::Es), "62,5 %");
        assert_eq!(o.percent(Lang::En), "62.5 %");
        assert_eq!(Odds(p(18, 25)).percent(Lang::Es), "72,0 %");
    }

    #[test]
    fn r01_check_5_is_one_half() {
        assert_eq!(check_success(&CheckSpec::new(5)), p(1, 2));
    }

    #[test]
    fn r04_check_5_with_one_advantage_is_seven_tenths() {
        // (6 + 7 + 8) / 30.
        assert_eq!(check_success(&CheckSpec::new(5).with_edge(1, 0)), p(7, 10));
    }

    #[test]
    fn r04_one_complication_mirrors_one_advantage() {
        // (4 + 3 + 2) / 30.
        assert_eq!(check_success(&CheckSpec::new(5).with_edge(0, 1)), p(3, 10));
    }

    #[test]
    fn r04_two_advantages_keep_the_highest_d3() {
        // max of 2d3: 1 w.p. 1/9, 2 w.p. 3/9, 3 w.p. 5/9; check 5: (6*1 + 7*3 + 8*5) / 90.
        assert_eq!(check_success(&CheckSpec::new(5).with_edge(2, 0)), p(67, 90));
    }

    #[test]
    fn r01_modifiers_change_the_attribute() {
        assert_eq!(check_success(&CheckSpec::new(5).with_modifier(2)), p(7, 10));
        assert_eq!(check_success(&CheckSpec::new(0)), p(0, 1));
        assert_eq!(check_success(&CheckSpec::new(12)), p(1, 1));
    }

    #[test]
    fn r02_opposed_4_vs_3() {
        let o = opposed(&OpposedSpec {
            active: CheckSpec::new(4),
            passive: CheckSpec::new(3),
            combat: false,
        });
        assert_eq!(o.active_higher.0, p(11, 20));
        assert_eq!(o.passive_higher.0, p(9, 25));
        assert_eq!(o.equal.0, p(9, 100));
        assert_eq!(o.active_wins.0, p(64, 100));
        assert_eq!(o.both_hit, None);
    }

    #[test]
    fn r23_opposed_combat_tie_is_both_hit() {
        let o = opposed(&OpposedSpec {
            active: CheckSpec::new(4),
            passive: CheckSpec::new(3),
            combat: true,
        });
        assert_eq!(o.active_wins.0, p(11, 20));
        assert_eq!(o.both_hit.map(|b| b.0), Some(p(9, 100)));
        assert_eq!(o.active_wins.0 + o.passive_wins.0 + o.equal.0, p(1, 1));
    }

    #[test]
    fn r02_equal_values_favour_active_side() {
        let o = opposed(&OpposedSpec {
            active: CheckSpec::new(3),
            passive: CheckSpec::new(3),
            combat: false,
        });
        assert_eq!(o.active_wins.0, p(55, 100));
    }

    #[test]
    fn odds_serialize_as_exact_and_value() {
        let json = serde_json::to_string(&Odds(p(7, 10))).unwrap_or_default();
        assert_eq!(json, r#"{"exact":"7/10","value":0.7}"#);
    }
}
