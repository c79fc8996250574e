//! Issue 38: a warband's campaign, the game after the game. A campaign is a
//! log like a game: a file owned by one warband, each step an event
//! (`Step`), the warband at any point the replay of the steps before it
//! (`CampaignState`), undo and redo. The sequence is data: a campaign pack
//! (`pack`) holds the injury and advance tables, the experience, income and
//! hiring; the rules summary has none of it, so every pack carries the
//! label "house rules — not in the rules summary".

pub mod after;
mod check;
pub mod file;
pub mod host;
pub mod offers;
pub mod pack;
mod rows;
mod state;
pub mod view;
pub mod warband;

pub use host::CampaignHost;
pub use offers::{Offer, RowOdds, offers};
pub use pack::{CampaignPack, parse_campaign_pack};
pub use state::{CampaignState, Entry, Fallen, Frozen, Line, Member, OpenGame};
pub use warband::{Warband, campaign_file, is_campaign, load_warband, load_warband_with, side_in};

use serde::{Deserialize, Serialize};

use crate::roster::Roster;
use crate::tables::RuleSet;
use crate::text::Text;

/// One model's part in a game, by its campaign id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayedModel {
    pub uid: u32,
    #[serde(default)]
    pub acted: bool,
    #[serde(default)]
    pub down: bool,
    #[serde(default)]
    pub fled: bool,
    #[serde(default)]
    pub removed: bool,
    #[serde(default)]
    pub downs: u32,
}

impl PlayedModel {
    /// It went Down or out of action: it rolls on the injury table.
    pub fn hurt(&self) -> bool {
        self.down || self.removed
    }
}

/// One step of the campaign, one line of its file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// A game played, drafted from its log: its id, VP, result and what
    /// each model did.
    Game {
        id: String,
        vp: i32,
        /// `win`, `draw` or `loss`.
        result: String,
        models: Vec<PlayedModel>,
    },
    /// Experience given to a model for the open game.
    Experience { uid: u32, xp: u32 },
    /// An injury roll for a model that went Down: the dice and the row.
    Injury {
        uid: u32,
        dice: Vec<u32>,
        row: usize,
    },
    /// An advance: the model spends its experience and rolls.
    Advance {
        uid: u32,
        dice: Vec<u32>,
        row: usize,
    },
    /// The open game's income.
    Income { gold: i64 },
    /// A new model hired for gold.
    Hire { troop: String, name: String },
    /// The roster edited outside the sequence (the builder): a new version.
    Edit { roster: Roster },
    /// "After game N": the figures frozen then.
    Mark {
        game: u32,
        rating: u32,
        points: u32,
        models: usize,
    },
}

/// Why a step is refused, in both languages.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.en)]
pub struct Refused(pub Text);

pub(crate) fn refused(es: impl Into<String>, en: impl Into<String>) -> Refused {
    Refused(Text {
        es: es.into(),
        en: en.into(),
    })
}

/// A campaign: its start, its log and redo list, and the state they make.
#[derive(Clone, Debug, PartialEq)]
pub struct Campaign {
    pub start: Start,
    pub log: Vec<Step>,
    pub redo: Vec<Step>,
    pub state: CampaignState,
}

/// How a campaign starts: the warband as it was, the pack, the dice's seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// The campaign pack's id.
    pub pack: String,
    pub seed: u64,
    pub roster: Roster,
}

impl Campaign {
    pub fn new(start: Start, pack: &CampaignPack, rules: &RuleSet) -> Campaign {
        let state = CampaignState::new(&start, pack, rules);
        Campaign {
            start,
            log: Vec::new(),
            redo: Vec::new(),
            state,
        }
    }

    /// Replay `log` from the start; the first step that does not apply is
    /// the error (its index and why).
    pub fn replay(
        start: Start,
        log: Vec<Step>,
        redo: Vec<Step>,
        pack: &CampaignPack,
        rules: &RuleSet,
    ) -> Result<Campaign, (usize, Refused)> {
        let state = Self::state_of(&start, &log, pack, rules)?;
        Ok(Campaign {
            start,
            log,
            redo,
            state,
        })
    }

    fn state_of(
        start: &Start,
        log: &[Step],
        pack: &CampaignPack,
        rules: &RuleSet,
    ) -> Result<CampaignState, (usize, Refused)> {
        let mut st = CampaignState::new(start, pack, rules);
        for (i, s) in log.iter().enumerate() {
            st.apply(s, pack, rules, true).map_err(|e| (i, e))?;
        }
        Ok(st)
    }

    /// The state after the first `n` steps (every version of the warband).
    pub fn state_at(
        &self,
        n: usize,
        pack: &CampaignPack,
        rules: &RuleSet,
    ) -> Result<CampaignState, (usize, Refused)> {
        Self::state_of(&self.start, &self.log[..n.min(self.log.len())], pack, rules)
    }

    /// Apply a step: refused steps change nothing; a new step drops the
    /// redo list.
    pub fn act(&mut self, step: Step, pack: &CampaignPack, rules: &RuleSet) -> Result<(), Refused> {
        let mut st = self.state.clone();
        st.apply(&step, pack, rules, false)?;
        self.state = st;
        self.log.push(step);
        self.redo.clear();
        Ok(())
    }

    /// Undo the last step: its refund is the replay without it (an undone
    /// advance gives its experience back, an undone death brings the model
    /// back, an undone hire its gold).
    pub fn undo(&mut self, pack: &CampaignPack, rules: &RuleSet) -> Option<Step> {
        let last = self.log.pop()?;
        match Self::state_of(&self.start, &self.log, pack, rules) {
            Ok(st) => {
                self.state = st;
                self.redo.push(last.clone());
                Some(last)
            }
            Err(_) => {
                self.log.push(last);
                None
            }
        }
    }

    /// Redo the last undone step, with the same dice.
    pub fn redo(&mut self, pack: &CampaignPack, rules: &RuleSet) -> Option<Step> {
        let step = self.redo.pop()?;
        let mut st = self.state.clone();
        if st.apply(&step, pack, rules, true).is_err() {
            self.redo.push(step);
            return None;
        }
        self.state = st;
        self.log.push(step.clone());
        Some(step)
    }

    /// The seed of the next roll: the campaign's seed and how many steps
    /// stand before it, so that undoing a roll and rolling again gives the
    /// same dice (an undo is no re-roll).
    pub fn next_seed(&self) -> u64 {
        self.start
            .seed
            .wrapping_add((self.log.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}
