//! YAML with bounds: every YAML text impia reads goes through [`check`] (or
//! [`from_str`], which checks then parses), so that no file can make a load
//! hang or eat the memory.
//!
//! The parser (libyaml-rs under `yaml_serde`) has two weak spots, both
//! measured here in a debug build:
//!
//! - **Deep flow nesting** is quadratic: 20,000 levels of `{a: ` (80 KB)
//!   took 2.1 s, and a 200 KB roster of `[[[…]]]` took 42 s; a 2 MiB file
//!   would take hours. The recursion limit of `yaml_serde` does not help: the
//!   parser scans the whole nest before that limit is checked.
//! - **Aliases** are expanded without a bound on the size they produce: a
//!   146 KB roster whose 3,000 models each said `weapons: *w` of a 3,000-id
//!   list became 9 million strings (513 MB); 2 MiB would exhaust the memory.
//!   The parser's repetition limit counts alias jumps, not what they expand
//!   to.
//!
//! No file impia writes uses either, so [`check`] refuses both, in two
//! steps. A small scanner that follows the parser's tokens (its block
//! indentation, block and quoted scalars, comments, byte-order marks,
//! every kind of line break) refuses `[` and `{` nested past
//! [`MAX_FLOW_DEPTH`] and any alias (`*name`), with file, line and column,
//! before the parser sees them; anchors alone (`&name`) are harmless and
//! allowed. Then, as a backstop in case some odd text hid an alias from the
//! scanner, the parser itself walks the document, following every alias,
//! and stops once it has met more values than the text could hold without
//! aliases. `tests/fuzz_loaders.rs` holds the scanner against the parser
//! over millions of generated texts.

mod expansion;
mod scan;
#[cfg(test)]
mod tests;

use serde::de::DeserializeOwned;

use crate::error::DataError;
use expansion::check_expansion;
use scan::{Refused, scan};

/// The deepest nesting of `[` and `{` accepted. Impia's files use two or
/// three levels; `yaml_serde` refuses documents nested past 128 anyway.
pub const MAX_FLOW_DEPTH: usize = 64;

/// Check a YAML text (see the module's comment), then parse it; `file`
/// names it in errors.
pub fn from_str<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    // A byte order mark would otherwise be read as part of the first key.
    let text = crate::fsutil::strip_bom(text);
    check(file, text)?;
    serde_yaml::from_str(text).map_err(|e| DataError::yaml(file, &e))
}

/// Refuse a YAML text that nests `[`/`{` past [`MAX_FLOW_DEPTH`] or uses
/// an alias. A text the parser refuses for another reason passes: its
/// parse gives the error.
pub fn check(file: &str, text: &str) -> Result<(), DataError> {
    check_tokens(file, text)?;
    check_expansion(file, text)
}

/// Refuse `[`/`{` nested past [`MAX_FLOW_DEPTH`] and any alias, at its place.
fn check_tokens(file: &str, text: &str) -> Result<(), DataError> {
    match scan(text, MAX_FLOW_DEPTH, true) {
        Ok(_) => Ok(()),
        Err(Refused::Deep(pos)) => Err(DataError::at(
            file,
            pos,
            format!(
                "`[` and `{{` nested more than {MAX_FLOW_DEPTH} deep; impia files need a few levels"
            ),
        )),
        Err(Refused::Alias(pos)) => Err(DataError::at(
            file,
            pos,
            "YAML aliases (`*name`) are not read in impia files: write the value out in full",
        )),
    }
}

/// How deep the parser will nest `[` and `{` in `text`, as the guard's
/// scanner finds it (for tests that hold it against the parser).
pub fn flow_depth(text: &str) -> usize {
    match scan(text, usize::MAX, false) {
        Ok(d) => d,
        Err(_) => usize::MAX,
    }
}

/// Whether a YAML text is a pack file: it has a top-level `pack:` key.
/// Other YAML files of a `--tables` folder are rule tables. Here, below
/// both loaders, so `tables` need not import `packs`.
pub fn is_pack_file(text: &str) -> bool {
    crate::fsutil::strip_bom(text)
        .lines()
        .any(|l| l.starts_with("pack:"))
}
