//! Issue 38: a warband to play or to open in the builder is a roster file
//! or a campaign file; a campaign gives its warband at its current version
//! (its injuries and advances as the roster's marks, so points and checks
//! include them) and names that version, which a game started from it
//! records (`GameSetup::campaigns`).

use std::path::{Path, PathBuf};

use super::{CampaignPack, file, host};
use crate::error::DataError;
use crate::game::{CampaignVersion, GameSetup, Side};
use crate::roster::{Roster, parse_roster};
use crate::tables::{MAX_FILE_BYTES, RuleSet};

/// How a campaign file begins (`file::to_text`'s first line).
const HEADER: &str = "# impia campaign file";

/// The text is a campaign file (its first line says so).
pub fn is_campaign(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').starts_with(HEADER)
}

/// A warband as loaded: the roster, and the campaign version it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Warband {
    pub roster: Roster,
    pub campaign: Option<CampaignVersion>,
}

/// Load a roster file, or a campaign file at its current version (a
/// damaged campaign opens as far as it is good); `find` gives a campaign
/// pack by its id.
pub fn load_warband_with(
    path: &Path,
    rules: &RuleSet,
    find: impl Fn(&str) -> Option<CampaignPack>,
) -> Result<Warband, DataError> {
    let name = path.display().to_string();
    let text = crate::fsutil::read_text(path, file::MAX_CAMPAIGN_FILE_BYTES)?;
    if !is_campaign(&text) {
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(DataError::whole(
                &name,
                format!("this roster is larger than {MAX_FILE_BYTES} bytes"),
            ));
        }
        return Ok(Warband {
            roster: parse_roster(&name, &text, rules)?,
            campaign: None,
        });
    }
    let f = file::parse(&name, &text)?;
    let pack = find(&f.start.pack).ok_or_else(|| {
        DataError::whole(
            &name,
            format!(
                "this campaign plays pack '{}', which is not loaded",
                f.start.pack
            ),
        )
    })?;
    let (c, _damaged) = host::replay(f, &pack, rules);
    // The path as the player will find it again (absolute when it can be).
    let file = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    Ok(Warband {
        roster: c.state.roster(),
        campaign: Some(CampaignVersion {
            file: file.display().to_string(),
            steps: c.log.len(),
            games: c.state.games,
        }),
    })
}

/// `load_warband_with` the shipped campaign pack.
pub fn load_warband(path: &Path, rules: &RuleSet) -> Result<Warband, DataError> {
    let shipped = CampaignPack::shipped()?;
    load_warband_with(path, rules, |id| {
        (shipped.id() == id).then(|| shipped.clone())
    })
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The side of a game whose warband came from the campaign at `path`.
pub fn side_in(setup: &GameSetup, path: &Path) -> Option<Side> {
    [Side::A, Side::B].into_iter().find(|s| {
        setup
            .campaigns
            .get(*s)
            .and_then(Option::as_ref)
            .is_some_and(|v| same_file(Path::new(&v.file), path))
    })
}

/// Where a game's campaign is now: the file it names, or a file of that
/// name in `campaigns` (the library's folder, for a library moved or
/// copied to another laptop); `None` when neither is there.
pub fn campaign_file(v: &CampaignVersion, campaigns: &Path) -> Option<PathBuf> {
    let named = PathBuf::from(&v.file);
    if named.is_file() {
        return Some(named);
    }
    let here = campaigns.join(named.file_name()?);
    here.is_file().then_some(here)
}
