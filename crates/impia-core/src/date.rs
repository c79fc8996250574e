//! Today's date as the game's files write it (`YYYY-MM-DD`, UTC): the day
//! in a new game's file name and in a warband's record. Its own module, so
//! neither the host nor the records owns the calendar.

/// Today in UTC as `YYYY-MM-DD` (the civil calendar from days since 1970).
// web_time's clock is std's on native (which the lint names) and the
// browser's on the web, where std's panics.
#[allow(clippy::disallowed_methods)]
pub fn today() -> String {
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil(secs / 86_400)
}

/// Howard Hinnant's days-to-civil algorithm.
fn civil(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates_from_days() {
        assert_eq!(super::civil(0), "1970-01-01");
        assert_eq!(super::civil(19_723), "2024-01-01");
        assert_eq!(super::civil(20_415), "2025-11-23");
    }
}
