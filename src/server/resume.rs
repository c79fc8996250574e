//! Issue 35: a share that survives a restart of the app. The address,
//! the three tokens and the seats the laptop allowed are kept in a small
//! file beside the game (`.NAME.share`, readable by its owner only), so
//! sharing the same game again can come back on the same port with the
//! same links and approvals: no phone scans or asks again. A fresh share
//! writes new tokens over it, which is how old links are revoked.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Seat;

/// The largest share file read: a few hundred bytes are written.
const MAX_FILE: u64 = 4096;

/// What a share needs to come back as it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// The address and port it listened on.
    pub addr: SocketAddr,
    /// Seat A's, seat B's and the table's tokens.
    pub tokens: [String; 3],
    /// Whether seat A and seat B were allowed to play.
    pub allowed: [bool; 2],
}

impl Saved {
    /// A seat's token.
    pub fn token(&self, seat: Seat) -> &str {
        &self.tokens[seat.slot()]
    }

    /// Tokens as [`super::Share`] makes them: 22 base64url characters,
    /// all different. A file edited by hand into anything else is not
    /// resumed (a fresh share is).
    fn is_sound(&self) -> bool {
        let good = |t: &String| {
            t.len() == 22
                && t.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        };
        self.tokens.iter().all(good)
            && self.tokens[0] != self.tokens[1]
            && self.tokens[1] != self.tokens[2]
            && self.tokens[0] != self.tokens[2]
    }
}

/// Where a game's share is kept: a hidden file beside it.
pub fn path_for(game: &Path) -> Option<PathBuf> {
    let name = game.file_name()?.to_string_lossy();
    Some(game.with_file_name(format!(".{name}.share")))
}

/// The share last saved for `game`, if there is a sound one that only its
/// owner can read.
pub fn load(game: &Path) -> Option<Saved> {
    let path = path_for(game)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Readable by others: the keys may have leaked; not resumed.
        let meta = std::fs::symlink_metadata(&path).ok()?;
        if !meta.is_file() || meta.permissions().mode() & 0o077 != 0 {
            return None;
        }
    }
    let text = crate::core::fsutil::read_text(&path, MAX_FILE).ok()?;
    let saved: Saved = serde_json::from_str(&text).ok()?;
    saved.is_sound().then_some(saved)
}

/// Keep `saved` for `game`: written whole to a private temporary file
/// (0600) beside it, then renamed over the old one.
pub fn save(game: &Path, saved: &Saved) -> std::io::Result<()> {
    let path = path_for(game).ok_or_else(|| std::io::Error::other("the game has no file name"))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let json = serde_json::to_string_pretty(saved).map_err(std::io::Error::other)?;
    // tempfile's files are created 0600: never readable by others, not
    // even for a moment.
    let mut tmp = tempfile::Builder::new()
        .prefix(".impia-share-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(json.as_bytes())?;
    tmp.as_file().sync_all()?;
    tmp.persist(&path).map_err(|e| e.error)?;
    Ok(())
}

/// Forget `game`'s share (nothing to resume).
pub fn forget(game: &Path) {
    if let Some(p) = path_for(game) {
        let _ = std::fs::remove_file(p);
    }
}
