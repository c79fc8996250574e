//! The one writer of a campaign file, on the game file's layer: the lock
//! (`game::file::lock`, taken before anything is read), appends flushed to
//! disk, atomic rewrites, and the file compared with what this writer last
//! saw before each save (`game::file::Autosave`).

use std::path::Path;
use std::sync::Arc;

use super::file::{self, CampaignFile, MAX_CAMPAIGN_FILE_BYTES};
use super::{Campaign, CampaignPack, Refused, Start, Step};
use crate::error::DataError;
use crate::game::file::watch::SaveError;
use crate::game::file::{Autosave, Locked, take_lock};
use crate::tables::RuleSet;

/// Why a campaign could not be opened, changed or saved.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    #[error("another impia window or command has this campaign open; try again")]
    Busy,
    #[error("this campaign file has {0} hard links; impia writes only a file with one name")]
    HardLinks(u64),
    #[error("{0}")]
    Data(#[from] DataError),
    #[error("{0}")]
    Refused(#[from] Refused),
    #[error("{0}")]
    Io(String),
    #[error("{0} already exists (overwrite it with --force)")]
    Exists(String),
    #[error("this campaign plays pack '{0}', which is not loaded")]
    NoPack(String),
}

/// A campaign held for writing.
#[derive(Debug)]
pub struct CampaignHost {
    pub campaign: Campaign,
    pub pack: CampaignPack,
    /// Where reading stopped, when the file was damaged (the good part
    /// opened; the next save rewrites the file).
    pub damaged: Option<String>,
    save: Autosave,
}

fn locked(path: &Path) -> Result<Arc<crate::game::file::GameLock>, CampaignError> {
    match take_lock(path).map_err(|e| CampaignError::Io(format!("{}: {e}", path.display())))? {
        Locked::Held(l) => Ok(Arc::new(l)),
        Locked::Busy => Err(CampaignError::Busy),
        Locked::HardLinks(n) => Err(CampaignError::HardLinks(n)),
    }
}

fn save_error(path: &Path, e: SaveError) -> CampaignError {
    match e {
        SaveError::Io(e) => CampaignError::Io(format!("{}: not saved: {e}", path.display())),
        SaveError::Changed(c) => {
            CampaignError::Io(format!("{}: not saved: {}", path.display(), c.words(false)))
        }
    }
}

/// Read a campaign file without taking its lock (status, report).
pub fn read(path: &Path) -> Result<CampaignFile, DataError> {
    let text = crate::fsutil::read_text(path, MAX_CAMPAIGN_FILE_BYTES)?;
    file::parse(&path.display().to_string(), &text)
}

/// Replay a file read: the log up to its first step that does not apply
/// (named in the second value).
pub fn replay(f: CampaignFile, pack: &CampaignPack, rules: &RuleSet) -> (Campaign, Option<String>) {
    let mut damaged = f.damaged.map(|d| d.to_string());
    let mut log = f.log;
    loop {
        match Campaign::replay(f.start.clone(), log.clone(), f.redo.clone(), pack, rules) {
            Ok(c) => return (c, damaged),
            Err((i, why)) => {
                damaged.get_or_insert(format!("step {} does not apply: {}", i + 1, why.0.en));
                log.truncate(i);
            }
        }
    }
}

impl CampaignHost {
    /// Start a campaign and write its file; an existing file is replaced
    /// only with `overwrite`.
    pub fn create(
        path: &Path,
        start: Start,
        pack: CampaignPack,
        rules: &RuleSet,
        overwrite: bool,
    ) -> Result<CampaignHost, CampaignError> {
        let lock = locked(path)?;
        if !overwrite && lock.target().exists() {
            return Err(CampaignError::Exists(path.display().to_string()));
        }
        let campaign = Campaign::new(start, &pack, rules);
        let mut save = Autosave::new(path, lock, 0);
        let text = file::to_text(&campaign.start, &campaign.redo, &campaign.log)?;
        save.rewrite_text(text).map_err(|e| save_error(path, e))?;
        Ok(CampaignHost {
            campaign,
            pack,
            damaged: None,
            save,
        })
    }

    /// Open a campaign for writing; `find` gives the pack by its id.
    pub fn open(
        path: &Path,
        rules: &RuleSet,
        find: impl Fn(&str) -> Option<CampaignPack>,
    ) -> Result<CampaignHost, CampaignError> {
        let lock = locked(path)?;
        let name = path.display().to_string();
        let text =
            crate::fsutil::read_text(lock.target(), MAX_CAMPAIGN_FILE_BYTES).map_err(|mut e| {
                e.file.clone_from(&name);
                e
            })?;
        let f = file::parse(&name, &text)?;
        let pack =
            find(&f.start.pack).ok_or_else(|| CampaignError::NoPack(f.start.pack.clone()))?;
        let torn = f.torn_tail;
        let len = f.len;
        let (campaign, damaged) = replay(f, &pack, rules);
        let mut save = Autosave::new(path, lock, len);
        save.seen_now();
        save.needs_rewrite = torn || damaged.is_some();
        Ok(CampaignHost {
            campaign,
            pack,
            damaged,
            save,
        })
    }

    fn rewrite(&mut self) -> Result<(), CampaignError> {
        let c = &self.campaign;
        let text = file::to_text(&c.start, &c.redo, &c.log)?;
        let path = self.save.path.clone();
        self.save
            .rewrite_text(text)
            .map_err(|e| save_error(&path, e))
    }

    /// Apply one step and save it (one line appended, or the file
    /// rewritten when the redo list is dropped or the file was damaged).
    /// A step not saved is taken back.
    pub fn act(&mut self, step: Step, rules: &RuleSet) -> Result<(), CampaignError> {
        let had_redo = !self.campaign.redo.is_empty();
        let before = self.campaign.clone();
        self.campaign.act(step.clone(), &self.pack, rules)?;
        let saved = if had_redo || self.save.needs_rewrite {
            self.rewrite()
        } else {
            let path = self.save.path.clone();
            file::step_line(&step)
                .map_err(CampaignError::from)
                .and_then(|l| self.save.append_text(l).map_err(|e| save_error(&path, e)))
        };
        if saved.is_err() {
            self.campaign = before;
        }
        saved
    }

    /// Undo the last step (to the redo list) and rewrite the file.
    pub fn undo(&mut self, rules: &RuleSet) -> Result<Option<Step>, CampaignError> {
        let before = self.campaign.clone();
        let s = self.campaign.undo(&self.pack, rules);
        if s.is_some()
            && let Err(e) = self.rewrite()
        {
            self.campaign = before;
            return Err(e);
        }
        Ok(s)
    }

    /// Redo the last undone step and rewrite the file.
    pub fn redo(&mut self, rules: &RuleSet) -> Result<Option<Step>, CampaignError> {
        let before = self.campaign.clone();
        let s = self.campaign.redo(&self.pack, rules);
        if s.is_some()
            && let Err(e) = self.rewrite()
        {
            self.campaign = before;
            return Err(e);
        }
        Ok(s)
    }
}
