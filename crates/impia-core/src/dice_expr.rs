//! Dice expressions as tables write them: `1d10`, `2d6`, `1d6-2`, `d3`.

use std::fmt;

use crate::dice::Roller;
use crate::odds::Dist;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceExpr {
    pub count: u32,
    pub sides: u32,
    pub bonus: i32,
}

impl DiceExpr {
    pub fn min(&self) -> i32 {
        self.count as i32 + self.bonus
    }

    pub fn max(&self) -> i32 {
        (self.count * self.sides) as i32 + self.bonus
    }

    /// The exact distribution of the total.
    pub fn dist(&self) -> Dist {
        let mut d = Dist::constant(self.bonus);
        for _ in 0..self.count {
            d = d.add(&Dist::die(self.sides));
        }
        d
    }

    /// Roll it: every die and the total.
    pub fn roll(&self, roller: &mut Roller) -> (Vec<u32>, i32) {
        let dice: Vec<u32> = (0..self.count).map(|_| roller.die(self.sides)).collect();
        let total = dice.iter().sum::<u32>() as i32 + self.bonus;
        (dice, total)
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.bonus {
            0 => Ok(()),
            b if b > 0 => write!(f, "+{b}"),
            b => write!(f, "{b}"),
        }
    }
}

/// A dice expression that does not parse or is out of bounds; `text` is the
/// expression as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceExprError {
    #[error("'{text}' is not a dice expression; expected e.g. 1d10, 2d6 or 1d6-2")]
    NotDice { text: String },
    #[error("'{text}': between 1 and 20 dice of 2 to 1000 sides are supported")]
    Size { text: String },
    #[error("'{text}': too many outcomes to compute exact odds")]
    TooManyOutcomes { text: String },
    #[error("'{text}': the bonus must be between -1000 and +1000")]
    Bonus { text: String },
}

impl std::str::FromStr for DiceExpr {
    type Err = DiceExprError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = || s.to_string();
        let bad = || DiceExprError::NotDice { text: text() };
        let t = s.trim().to_ascii_lowercase();
        let (count, rest) = t.split_once('d').ok_or_else(bad)?;
        let count: u32 = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(i) => {
                let b: i32 = rest[i..]
                    .trim_start_matches('+')
                    .parse()
                    .map_err(|_| bad())?;
                (&rest[..i], b)
            }
            None => (rest, 0),
        };
        let sides: u32 = sides.parse().map_err(|_| bad())?;
        if !(1..=20).contains(&count) || !(2..=1000).contains(&sides) {
            return Err(DiceExprError::Size { text: text() });
        }
        // Exact odds count every outcome over one denominator, sides^count,
        // which must fit in 64 bits with room to add two fractions (20d6 is
        // about 2^52; 20d10 is past 2^66 and refused).
        if (sides as u64)
            .checked_pow(count)
            .is_none_or(|n| n > 1 << 62)
        {
            return Err(DiceExprError::TooManyOutcomes { text: text() });
        }
        if bonus.abs() > 1000 {
            return Err(DiceExprError::Bonus { text: text() });
        }
        Ok(DiceExpr {
            count,
            sides,
            bonus,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_common_forms() {
        assert_eq!(
            "1d10".parse(),
            Ok(DiceExpr {
                count: 1,
                sides: 10,
                bonus: 0
            })
        );
        assert_eq!(
            "2d6+1".parse(),
            Ok(DiceExpr {
                count: 2,
                sides: 6,
                bonus: 1
            })
        );
        assert_eq!(
            "d6-2".parse(),
            Ok(DiceExpr {
                count: 1,
                sides: 6,
                bonus: -2
            })
        );
        assert!("d".parse::<DiceExpr>().is_err());
        assert!("1x10".parse::<DiceExpr>().is_err());
        assert!("0d10".parse::<DiceExpr>().is_err());
        assert!("20d10".parse::<DiceExpr>().is_err());
        assert!("1d6+2147483647".parse::<DiceExpr>().is_err());
        assert!("3d100".parse::<DiceExpr>().is_ok());
    }

    #[test]
    fn errors_say_what_was_written() {
        let msg = |s: &str| s.parse::<DiceExpr>().err().map(|e| e.to_string());
        assert_eq!(
            msg(" 3x6"),
            Some("' 3x6' is not a dice expression; expected e.g. 1d10, 2d6 or 1d6-2".into())
        );
        assert_eq!(
            msg("0d6"),
            Some("'0d6': between 1 and 20 dice of 2 to 1000 sides are supported".into())
        );
        assert_eq!(
            msg("20d10"),
            Some("'20d10': too many outcomes to compute exact odds".into())
        );
        assert_eq!(
            msg("1d6+2000"),
            Some("'1d6+2000': the bonus must be between -1000 and +1000".into())
        );
    }

    #[test]
    fn two_d6_distribution() {
        let d: DiceExpr = "2d6".parse().unwrap_or(DiceExpr {
            count: 0,
            sides: 0,
            bonus: 0,
        });
        let dist = d.dist();
        assert_eq!(dist.min, 2);
        assert_eq!(dist.max(), 12);
        assert_eq!(dist.p_eq(7), crate::odds::Prob::new(1, 6));
    }
}
