//! Row ranges of die-range tables as printed: `7`, `2-5`, `14+`.

use std::fmt;

/// An inclusive range of totals; `hi == None` is open upwards (`14+`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowRange {
    pub lo: i32,
    pub hi: Option<i32>,
}

impl RowRange {
    pub fn contains(&self, v: i32) -> bool {
        v >= self.lo && self.hi.is_none_or(|h| v <= h)
    }

    pub fn overlaps(&self, other: &RowRange) -> bool {
        let a_hi = self.hi.unwrap_or(i32::MAX);
        let b_hi = other.hi.unwrap_or(i32::MAX);
        self.lo <= b_hi && other.lo <= a_hi
    }
}

impl fmt::Display for RowRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hi {
            None => write!(f, "{}+", self.lo),
            Some(h) if h == self.lo => write!(f, "{}", self.lo),
            Some(h) => write!(f, "{}-{}", self.lo, h),
        }
    }
}

impl std::str::FromStr for RowRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!(
                "'{s}' is not a row range; expected a number (7), a range (2-5) or an open range (14+)"
            )
        };
        let t = s.trim();
        if let Some(lo) = t.strip_suffix('+') {
            let lo = lo.trim().parse().map_err(|_| bad())?;
            return Ok(RowRange { lo, hi: None });
        }
        // A leading '-' would be a negative number, so split after the first char.
        if let Some(i) = t.get(1..).and_then(|rest| rest.find('-')).map(|i| i + 1) {
            let lo: i32 = t[..i].trim().parse().map_err(|_| bad())?;
            let hi: i32 = t[i + 1..].trim().parse().map_err(|_| bad())?;
            if hi < lo {
                return Err(format!("'{s}': the range ends before it starts"));
            }
            return Ok(RowRange { lo, hi: Some(hi) });
        }
        let v: i32 = t.parse().map_err(|_| bad())?;
        Ok(RowRange { lo: v, hi: Some(v) })
    }
}

/// "5", "5, 7", "5-7" — the values listed compactly for an error message.
pub fn describe_values(values: &[i32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let start = values[i];
        let mut end = start;
        while i + 1 < values.len() && values[i + 1] == end + 1 {
            i += 1;
            end = values[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_printed_ranges() {
        assert_eq!("7".parse(), Ok(RowRange { lo: 7, hi: Some(7) }));
        assert_eq!("2-5".parse(), Ok(RowRange { lo: 2, hi: Some(5) }));
        assert_eq!("14+".parse(), Ok(RowRange { lo: 14, hi: None }));
        assert_eq!("05-06".parse(), Ok(RowRange { lo: 5, hi: Some(6) }));
        assert!("5-2".parse::<RowRange>().is_err());
        assert!("x".parse::<RowRange>().is_err());
    }

    #[test]
    fn overlap_and_contains() {
        let a = RowRange { lo: 1, hi: Some(7) };
        let b = RowRange { lo: 8, hi: None };
        assert!(!a.overlaps(&b));
        assert!(b.contains(99));
        assert!(a.overlaps(&RowRange { lo: 7, hi: Some(9) }));
    }

    #[test]
    fn describes_values_compactly() {
        assert_eq!(describe_values(&[5]), "5");
        assert_eq!(describe_values(&[2, 3, 4, 9]), "2-4, 9");
    }
}
