//! The games folder and its naming policy (issue 23): where a new game's
//! file goes and what it is called, decided once here for the app, the CLI
//! and any later client. A name says whose game it is and when it started
//! (`ash-wolves-vs-iron-crows-2026-11-24.yaml`); a second game of the same
//! warbands that day is `…-2.yaml`, and so on. An existing file is never
//! replaced: a name taken (or being written by another writer) is passed.

use std::path::{Path, PathBuf};

use super::{Host, HostError};
use crate::game::setup::GameSetup;
use crate::roster::slug;
use crate::tables::RuleSet;

pub use crate::layout::GAMES_DIR;

/// How many names [`Host::save_in`] tries before it gives up.
const MAX_TRIES: u32 = 1000;

/// The file name of the `n`-th game (from 1) of these warbands started on
/// `date` (`YYYY-MM-DD`): lowercase ASCII, no spaces, at most ~140 bytes.
pub fn game_file_name(setup: &GameSetup, date: &str, n: u32) -> String {
    let a = slug(&setup.rosters.a.name);
    let b = slug(&setup.rosters.b.name);
    if n <= 1 {
        format!("{a}-vs-{b}-{date}.yaml")
    } else {
        format!("{a}-vs-{b}-{date}-{n}.yaml")
    }
}

impl Host {
    /// Start a game and write its file in `dir` (created if missing) under
    /// a free name of [`game_file_name`]; never over an existing file.
    pub fn create_in(dir: &Path, setup: GameSetup, rules: &RuleSet) -> Result<Host, HostError> {
        let mut h = Host::new(setup, rules);
        h.save_in(dir)?;
        Ok(h)
    }

    /// Write this game, not yet in a file, in `dir` under a free name (see
    /// [`Host::create_in`]) and autosave there from now on; the path.
    pub fn save_in(&mut self, dir: &Path) -> Result<PathBuf, HostError> {
        self.save_in_dated(dir, &crate::date::today())
    }

    /// As [`Host::save_in`], the name dated `date` (`YYYY-MM-DD`): for a
    /// client that keeps its own calendar, and for tests.
    pub fn save_in_dated(&mut self, dir: &Path, date: &str) -> Result<PathBuf, HostError> {
        std::fs::create_dir_all(dir).map_err(|source| HostError::Folder {
            path: dir.display().to_string(),
            source,
        })?;
        let mut last = None;
        for n in 1..=MAX_TRIES {
            let path = dir.join(game_file_name(self.setup(), date, n));
            match self.save_as(&path, false) {
                Ok(()) => return Ok(path),
                // Taken, or being written by another writer: the next name.
                Err(e @ (HostError::Exists { .. } | HostError::Busy { .. })) => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or(HostError::Exists {
            path: dir.display().to_string(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roster::Roster;
    use crate::text::Lang;

    fn setup(a: &str, b: &str) -> GameSetup {
        GameSetup::new(
            Roster::starter_in(a, Lang::Es),
            Roster::starter_in(b, Lang::Es),
        )
    }

    #[test]
    fn a_name_says_the_warbands_and_the_day() {
        let s = setup("Lobos de Ceniza", "Cuervos Férreos");
        assert_eq!(
            game_file_name(&s, "2026-11-24", 1),
            "lobos-de-ceniza-vs-cuervos-ferreos-2026-11-24.yaml"
        );
        assert_eq!(
            game_file_name(&s, "2026-11-24", 3),
            "lobos-de-ceniza-vs-cuervos-ferreos-2026-11-24-3.yaml"
        );
    }

    #[test]
    fn a_name_stays_within_a_file_name_limit() {
        let long = "Ñ".repeat(300);
        let n = game_file_name(&setup(&long, &long), "2026-11-24", 999);
        assert!(n.len() < 200, "{} bytes", n.len());
        assert!(n.is_ascii() && !n.contains(['/', ' ']), "{n}");
    }
}
