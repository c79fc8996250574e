//! The Tables view: the table packs (this game's, Crisis, Dragon Rage and the
//! player's own) in a searchable list; a table's inputs and modifiers as
//! fields; the exact chance of each outcome before the roll; the roll with
//! every die shown; a history; and "open pack folder…", whose problems are
//! listed here, never a panic.

mod grid;
mod table;
mod view;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::core::dice::Roller;
use crate::core::fsutil::YamlFolder;
use crate::core::packs::roll::{InputValue, applied_modifier};
use crate::core::packs::{Body, InputKind, Key, Pack, PackSet, PackTable};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// What the player set for one table: its inputs and its modifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub values: Vec<InputValue>,
    /// One per modifier of the table; a fixed bonus is its value or 0.
    pub mods: Vec<i32>,
}

/// A roll as the history keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// `pack/id`.
    pub table: String,
    /// One line per table rolled (the first, then the ones it sent to).
    pub lines: Vec<String>,
    pub seed: u64,
    /// Which roll since the seed was set (1: the first, as `--seed` gives).
    pub nth: usize,
    /// The row read (a roll table's row), to pick it out in the odds.
    pub row: Option<usize>,
}

pub struct TablesView {
    /// Loaded on first show from the rules and the `--tables` folder.
    pub packs: Option<PackSet>,
    /// The `--tables DIR` of the command line, read once at start for the
    /// rule tables and the packs.
    pub user_folder: Option<Arc<YamlFolder>>,
    /// Folders opened with "open pack folder…".
    pub opened: Vec<PathBuf>,
    pub query: String,
    /// The table shown: (pack id, table id).
    pub selected: Option<(String, String)>,
    pub state: HashMap<String, TableState>,
    /// Text of the seed field; empty means a random seed.
    pub seed_text: String,
    seed_in_use: Option<u64>,
    roller: Roller,
    /// Rolls made since the typed seed was set.
    since_seed: usize,
    /// Past rolls, newest first.
    pub history: Vec<Rolled>,
    /// An error of the last roll (an input outside the table).
    pub error: Option<String>,
}

impl Default for TablesView {
    fn default() -> Self {
        TablesView {
            packs: None,
            user_folder: None,
            opened: Vec::new(),
            query: String::new(),
            selected: None,
            state: HashMap::new(),
            seed_text: String::new(),
            seed_in_use: None,
            roller: Roller::from_entropy(),
            since_seed: 0,
            history: Vec::new(),
            error: None,
        }
    }
}

/// The starting values of a table's inputs: the lowest printed key, the
/// first choice, 5 cm.
fn default_state(t: &PackTable) -> TableState {
    let values = match &t.body {
        Body::Lookup(lk) => lk
            .inputs
            .iter()
            .enumerate()
            .map(|(i, input)| match &input.kind {
                InputKind::Choice(_) => InputValue::Choice(0),
                InputKind::Measure => InputValue::Measure(5.0),
                InputKind::Number { min, .. } => {
                    let keys: Vec<Key> = if i == 0 {
                        lk.row_keys()
                    } else {
                        lk.columns.clone()
                    };
                    let lo = keys
                        .iter()
                        .filter_map(|k| match k {
                            Key::Range { range, .. } => Some(range.lo),
                            _ => None,
                        })
                        .min();
                    InputValue::Number(lo.or(*min).unwrap_or(1))
                }
            })
            .collect(),
        Body::Roll(_) => Vec::new(),
    };
    TableState {
        values,
        mods: vec![0; t.modifiers.len()],
    }
}

fn table_ref(p: &Pack, t: &PackTable) -> String {
    format!("{}/{}", p.id, t.id)
}

impl TablesView {
    /// Load the packs if not yet loaded.
    pub fn ensure_loaded(&mut self, rules: &RuleSet) {
        if self.packs.is_some() {
            return;
        }
        let mut set = PackSet::with_folder(rules, self.user_folder.as_deref());
        for d in &self.opened {
            set.add_user_dir(d, true);
        }
        if self.selected.is_none() {
            self.selected = set
                .packs
                .first()
                .and_then(|p| p.tables.first().map(|t| (p.id.clone(), t.id.clone())));
        }
        self.packs = Some(set);
    }

    /// Add a folder of packs (or a pack folder) picked by the player; its
    /// packs join the list, its problems are shown in the view. Every pack
    /// is read again, so opening a folder once more picks up the fixes made
    /// to it.
    pub fn add_folder(&mut self, dir: &Path, rules: &RuleSet) {
        if !self.opened.iter().any(|d| d == dir) {
            self.opened.push(dir.to_path_buf());
        }
        let mut set = PackSet::with_folder(rules, self.user_folder.as_deref());
        let mut first_new = None;
        for d in &self.opened {
            let before = set.packs.len();
            set.add_user_dir(d, true);
            if d == dir {
                first_new = set.packs.get(before).map(|p| p.id.clone());
            }
        }
        if let Some(p) = first_new.as_deref().and_then(|id| set.pack(id))
            && let Some(t) = p.tables.first()
        {
            self.selected = Some((p.id.clone(), t.id.clone()));
        }
        self.packs = Some(set);
    }

    /// The table shown, with its pack.
    pub fn current(&self) -> Option<(&Pack, &PackTable)> {
        let (p, t) = self.selected.as_ref()?;
        let pack = self.packs.as_ref()?.pack(p)?;
        Some((pack, pack.table(t)?))
    }

    /// Select `pack/id`.
    pub fn select(&mut self, wanted: &str, rules: &RuleSet) -> bool {
        self.ensure_loaded(rules);
        let Some(set) = &self.packs else {
            return false;
        };
        match set.find(wanted) {
            Ok((p, t)) => {
                self.selected = Some((p.id.clone(), t.id.clone()));
                true
            }
            Err(_) => false,
        }
    }

    /// The inputs and modifiers of the table shown (created with defaults).
    pub fn state_mut(&mut self) -> Option<&mut TableState> {
        let (p, t) = self.current()?;
        let key = table_ref(p, t);
        let fresh = default_state(t);
        let st = self.state.entry(key).or_insert_with(|| fresh.clone());
        // A pack read again may have other inputs: start over then.
        let same = st.mods.len() == fresh.mods.len()
            && st.values.len() == fresh.values.len()
            && st
                .values
                .iter()
                .zip(&fresh.values)
                .all(|(a, b)| std::mem::discriminant(a) == std::mem::discriminant(b));
        if !same {
            *st = fresh;
        }
        Some(st)
    }

    /// A typed seed starts a sequence whose first roll is what
    /// `impia table roll … --seed S` gives; with no seed each roll gets a
    /// fresh one, so that every roll of the history can be replayed.
    fn sync_seed(&mut self) {
        let wanted = self.seed_text.trim().parse::<u64>().ok();
        if wanted.is_none() {
            self.roller = Roller::from_entropy();
            self.since_seed = 0;
        } else if wanted != self.seed_in_use {
            self.roller = match wanted {
                Some(s) => Roller::seeded(s),
                None => Roller::from_entropy(),
            };
            self.since_seed = 0;
        }
        self.seed_in_use = wanted;
        self.since_seed += 1;
    }

    /// Roll the table shown with its inputs and modifiers, and record it.
    pub fn roll(&mut self, l: Lang) {
        self.sync_seed();
        let Some(st) = self.state_mut().cloned() else {
            return;
        };
        let seed = self.roller.seed();
        let Some((pid, tid)) = &self.selected else {
            return;
        };
        // Borrow the packs and the roller apart: both are fields of self.
        let Some(pack) = self.packs.as_ref().and_then(|s| s.pack(pid)) else {
            return;
        };
        let Some(t) = pack.table(tid) else {
            return;
        };
        let modifier = applied_modifier(t, &st.mods, &st.values);
        let table = table_ref(pack, t);
        let result = t.roll(pack, modifier, &st.values, &mut self.roller);
        match result {
            Ok(r) => {
                let lines = r.lines(pack, l, false);
                let row = r.row;
                self.error = None;
                let nth = self.since_seed;
                self.history.insert(
                    0,
                    Rolled {
                        table,
                        lines,
                        seed,
                        nth,
                        row,
                    },
                );
                self.history.truncate(200);
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }
}
