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

/// A row range that does not parse; `text` is the range as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    #[error(
        "'{text}' is not a row range; expected a number (7), a range (2-5) or an open range (14+)"
    )]
    NotRange { text: String },
    #[error("'{text}': the range ends before it starts")]
    Backwards { text: String },
}

impl std::str::FromStr for RowRange {
    type Err = RangeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RangeError::NotRange {
            text: s.to_string(),
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
                return Err(RangeError::Backwards {
                    text: s.to_string(),
                });
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

/// Ranges that do not overlap, kept sorted so that a new one is checked in
/// logarithmic time: checking every row against every other was quadratic,
/// minutes for a table of 64,000 rows.
#[derive(Debug, Default)]
pub struct Disjoint {
    /// By `lo`: the range's `hi` (`i32::MAX` when open) and its index.
    placed: std::collections::BTreeMap<i32, (i32, usize)>,
}

impl Disjoint {
    /// The index of the first range added (the lowest index) that `r`
    /// overlaps, if any.
    pub fn overlapping(&self, r: &RowRange) -> Option<usize> {
        let hi = r.hi.unwrap_or(i32::MAX);
        // The placed ranges that start at or below `hi`, from the highest
        // start down, end in descending order: they overlap while they end
        // at or above `lo`.
        self.placed
            .range(..=hi)
            .rev()
            .take_while(|(_, (h, _))| *h >= r.lo)
            .map(|(_, (_, i))| *i)
            .min()
    }

    /// Add `r` as range `i`; `Err` with the first range it overlaps.
    pub fn insert(&mut self, r: &RowRange, i: usize) -> Result<(), usize> {
        if let Some(j) = self.overlapping(r) {
            return Err(j);
        }
        self.placed.insert(r.lo, (r.hi.unwrap_or(i32::MAX), i));
        Ok(())
    }
}

/// The first range that overlaps one before it in `ranges`, and the first
/// of those before it that it overlaps: `(i, j)`, `j < i`, the pair that
/// checking each range against all the ranges before it would find first.
/// Sorted by start, ranges are disjoint when each starts after every one
/// before it in that order ends: one sweep after the sort says whether any
/// pair overlaps. Only then (an error) is the pair looked for, in the order
/// given, with [`Disjoint`].
pub fn first_overlap(ranges: &[RowRange]) -> Option<(usize, usize)> {
    let mut by_start: Vec<&RowRange> = ranges.iter().collect();
    by_start.sort_unstable_by_key(|r| r.lo);
    let mut end: Option<i32> = None;
    let mut any = false;
    for r in by_start {
        if end.is_some_and(|e| r.lo <= e) {
            any = true;
            break;
        }
        end = Some(r.hi.unwrap_or(i32::MAX));
    }
    if !any {
        return None;
    }
    let mut placed = Disjoint::default();
    ranges
        .iter()
        .enumerate()
        .find_map(|(i, r)| placed.insert(r, i).err().map(|j| (i, j)))
}

/// The values from `lo` to `hi` that none of `ranges` holds, in order, by
/// one sweep over the ranges sorted (not every value against every range).
pub fn uncovered<'a>(lo: i32, hi: i32, ranges: impl IntoIterator<Item = &'a RowRange>) -> Vec<i32> {
    let mut sorted: Vec<&RowRange> = ranges.into_iter().collect();
    sorted.sort_by_key(|r| r.lo);
    let (lo, hi) = (i64::from(lo), i64::from(hi));
    let mut out = Vec::new();
    // The lowest value not yet known to be held.
    let mut next = lo;
    let gap = |from: i64, to: i64, out: &mut Vec<i32>| {
        out.extend((from..=to.min(hi)).filter_map(|v| i32::try_from(v).ok()));
    };
    for r in sorted {
        if next > hi {
            break;
        }
        let (rlo, rhi) = (i64::from(r.lo), r.hi.map_or(i64::MAX, i64::from));
        if rlo > next {
            gap(next, rlo - 1, &mut out);
        }
        next = next.max(rhi.saturating_add(1));
    }
    if next <= hi {
        gap(next, hi, &mut out);
    }
    out
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

    #[test]
    fn disjoint_ranges_name_the_first_they_overlap() {
        let mut d = Disjoint::default();
        let r = |s: &str| s.parse::<RowRange>().expect("range");
        assert_eq!(d.insert(&r("5-6"), 0), Ok(()));
        assert_eq!(d.insert(&r("1-2"), 1), Ok(()));
        assert_eq!(d.insert(&r("9+"), 2), Ok(()));
        assert_eq!(d.insert(&r("2-5"), 3), Err(0));
        assert_eq!(d.insert(&r("7-8"), 3), Ok(()));
        assert_eq!(d.overlapping(&r("100")), Some(2));
        assert_eq!(d.overlapping(&r("3-4")), None);
    }

    #[test]
    fn first_overlap_is_the_pair_a_check_against_every_earlier_row_finds() {
        let r = |s: &str| s.parse::<RowRange>().expect("range");
        let pairwise = |ranges: &[RowRange]| {
            (0..ranges.len()).find_map(|i| {
                (0..i)
                    .find(|&j| ranges[i].overlaps(&ranges[j]))
                    .map(|j| (i, j))
            })
        };
        let cases: [&[&str]; 7] = [
            &["1-4", "5-6", "7+"],
            &["7+", "1-4", "5-6"],
            &["5-6", "1-2", "9+", "2-5", "7-8"],
            &["1-10", "20-30", "25", "3"],
            &["9+", "1-2", "3", "12-14"],
            &["4", "4"],
            &["3-3", "1-2", "2-9", "1"],
        ];
        for case in cases {
            let ranges: Vec<RowRange> = case.iter().map(|s| r(s)).collect();
            assert_eq!(first_overlap(&ranges), pairwise(&ranges), "{case:?}");
        }
        assert_eq!(first_overlap(&[r("5-6"), r("1-2"), r("2-5")]), Some((2, 0)));
        assert_eq!(first_overlap(&[]), None);
        // The end of an open range is the largest total: nothing after it.
        assert_eq!(first_overlap(&[r("3+"), r("2147483647")]), Some((1, 0)));
    }

    #[test]
    fn errors_say_what_was_written() {
        let msg = |s: &str| s.parse::<RowRange>().err().map(|e| e.to_string());
        assert_eq!(
            msg("x"),
            Some(
                "'x' is not a row range; expected a number (7), a range (2-5) or an open range (14+)"
                    .into()
            )
        );
        assert_eq!(
            msg("5-2"),
            Some("'5-2': the range ends before it starts".into())
        );
    }

    #[test]
    fn uncovered_values_are_found_by_a_sweep() {
        let r = |s: &str| s.parse::<RowRange>().expect("range");
        let rows = [r("5-6"), r("1-2"), r("9+")];
        assert_eq!(uncovered(1, 10, &rows), vec![3, 4, 7, 8]);
        assert_eq!(uncovered(1, 2, &rows), Vec::<i32>::new());
        assert_eq!(uncovered(0, 0, &rows), vec![0]);
    }
}
