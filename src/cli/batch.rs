//! `impia odds batch`: many odds in one process. Each line of stdin is one
//! case, a JSON object whose `kind` is `check` or `opposed` and whose other
//! keys are that command's flags (`attr`, `mod`, `adv`, `comp`; `active`,
//! `passive`, `active_mod`, …, `combat`). Each case gets one line on stdout:
//! the object `odds check --json` or `odds opposed --json` prints for it,
//! on one line; a bad case gets `{"error": "line N: …"}` and the rest go on.
//! Blank lines are skipped. Exit 0 when every case was good, 1 otherwise.

use std::io::{BufRead, Read, Write};

use serde::Deserialize;

use super::dice::{CheckOddsOut, parse_count, parse_modifier, parse_value};
use crate::core::dice::{CheckSpec, OpposedSpec};
use crate::core::odds::{self, Odds};

/// The longest line read: far above any case; a longer one is refused
/// without being held in memory.
const MAX_LINE: u64 = 64 * 1024;

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Case {
    Check(CheckCase),
    Opposed(OpposedCase),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckCase {
    attr: i64,
    #[serde(default, rename = "mod")]
    modifier: i64,
    #[serde(default)]
    adv: i64,
    #[serde(default)]
    comp: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpposedCase {
    active: i64,
    passive: i64,
    #[serde(default)]
    active_mod: i64,
    #[serde(default)]
    passive_mod: i64,
    #[serde(default)]
    active_adv: i64,
    #[serde(default)]
    active_comp: i64,
    #[serde(default)]
    passive_adv: i64,
    #[serde(default)]
    passive_comp: i64,
    #[serde(default)]
    combat: bool,
}

/// A side's inputs checked by the very parsers of the command's flags, so
/// that a case is refused exactly when the command would refuse it.
fn spec(key: &str, value: i64, modifier: i64, adv: i64, comp: i64) -> Result<CheckSpec, String> {
    let named = |name: &str, e: String| format!("{name}: {e}");
    let value = parse_value(&value.to_string()).map_err(|e| named(key, e))?;
    let modifier = parse_modifier(&modifier.to_string()).map_err(|e| named("mod", e))?;
    let adv = parse_count(&adv.to_string()).map_err(|e| named("adv", e))?;
    let comp = parse_count(&comp.to_string()).map_err(|e| named("comp", e))?;
    Ok(CheckSpec::new(value)
        .with_modifier(modifier)
        .with_edge(adv, comp))
}

/// One case's output line, or why the case is bad.
pub fn case_line(text: &str) -> Result<String, String> {
    let case: Case = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let line = match case {
        Case::Check(c) => {
            let s = spec("attr", c.attr, c.modifier, c.adv, c.comp)?;
            serde_json::to_string(&CheckOddsOut {
                p_success: Odds(odds::check_success(&s)),
            })
        }
        Case::Opposed(c) => {
            let active = spec(
                "active",
                c.active,
                c.active_mod,
                c.active_adv,
                c.active_comp,
            )
            .map_err(|e| format!("active side: {e}"))?;
            let passive = spec(
                "passive",
                c.passive,
                c.passive_mod,
                c.passive_adv,
                c.passive_comp,
            )
            .map_err(|e| format!("passive side: {e}"))?;
            serde_json::to_string(&odds::opposed(&OpposedSpec {
                active,
                passive,
                combat: c.combat,
            }))
        }
    };
    line.map_err(|e| e.to_string())
}

/// Run every case of `input`, one output line each. `Ok(true)` when every
/// case was good; `Err` only when `output` cannot be written or `input` read.
pub fn run(input: impl BufRead, mut output: impl Write) -> std::io::Result<bool> {
    let mut input = input;
    let mut all_good = true;
    let mut buf = Vec::new();
    let mut n = 0usize;
    loop {
        buf.clear();
        let read = input.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf)?;
        if read == 0 {
            break;
        }
        n += 1;
        let result = if buf.last() != Some(&b'\n') && read as u64 == MAX_LINE {
            // Skip the rest of the over-long line.
            let mut rest = Vec::new();
            loop {
                rest.clear();
                let more = input.by_ref().take(MAX_LINE).read_until(b'\n', &mut rest)?;
                if more == 0 || rest.last() == Some(&b'\n') {
                    break;
                }
            }
            Err(format!("the line is longer than {MAX_LINE} bytes"))
        } else {
            match std::str::from_utf8(&buf) {
                Ok(t) if t.trim().is_empty() => continue,
                Ok(t) => case_line(t.trim()),
                Err(_) => Err("not UTF-8 text".to_string()),
            }
        };
        match result {
            Ok(line) => writeln!(output, "{line}")?,
            Err(e) => {
                all_good = false;
                let err = serde_json::json!({ "error": format!("line {n}: {e}") });
                writeln!(output, "{err}")?;
            }
        }
    }
    output.flush()?;
    Ok(all_good)
}
