//! Table packs: the die-range and lookup tables of a game, one pack per game.
//!
//! Three packs ship with impia: `impia` (this game's own tables — dark forces
//! R39 and spell backlash R38 built from the [`RuleSet`], fall R18, jump R16
//! and cover R30 as lookups), `crisis` and `dragon_rage` (YAML files in
//! `tables/packs/`, embedded at build time). Players add their own packs: a
//! YAML file that starts with `pack:`, or a folder of table files. Every pack
//! is checked strictly when it loads (see [`load`]); the format is described
//! in `docs/TABLE-PACKS.md`.

pub mod cell;
mod check_grid;
mod check_kit;
mod check_lookup;
mod check_roll;
pub mod error;
mod format;
mod impia;
mod input;
pub mod links;
pub mod load;
mod locate;
pub mod nested;
pub mod odds;
pub mod roll;
mod rolled;

use std::path::{Path, PathBuf};

use crate::dice_expr::DiceExpr;
use crate::error::DataError;
use crate::fsutil::YamlFolder;
use crate::tables::{RowRange, RuleSet};
use crate::text::{Lang, Text, clip};

pub use cell::{Cell, CellResult, LegendEntry};
pub use impia::impia_pack;
pub use load::{is_pack_file, load_user_packs, parse_pack_file, user_packs};

/// The pack files that ship with impia, embedded so that they work from any
/// folder.
pub const SHIPPED: &[(&str, &str)] = &[
    (
        "tables/packs/crisis.yaml",
        include_str!("../../../../tables/packs/crisis.yaml"),
    ),
    (
        "tables/packs/dragon_rage.yaml",
        include_str!("../../../../tables/packs/dragon_rage.yaml"),
    ),
];

/// The id of the pack built from this game's own rule tables.
pub const IMPIA: &str = "impia";

/// Where a pack came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// Built into impia.
    Shipped,
    /// A user's pack file or pack folder.
    User(PathBuf),
}

/// A game's tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Pack {
    pub id: String,
    pub name: Text,
    pub description: Option<Text>,
    /// Where its tables are printed (a rule book and edition).
    pub source: Option<Text>,
    pub origin: Origin,
    pub tables: Vec<PackTable>,
}

impl Pack {
    pub fn table(&self, id: &str) -> Option<&PackTable> {
        self.tables.iter().find(|t| t.id == id)
    }
}

/// One table of a pack: a roll table or a lookup table.
#[derive(Clone, Debug, PartialEq)]
pub struct PackTable {
    pub id: String,
    pub name: Text,
    /// The rule or section that prints it (R39, 2.7.5).
    pub rule: Option<String>,
    pub description: Option<Text>,
    /// Printed under the table (footnotes, how to use it).
    pub notes: Vec<Text>,
    /// Numbers the player adds to the roll, each asked for by name.
    pub modifiers: Vec<Modifier>,
    pub body: Body,
}

impl PackTable {
    pub fn kind(&self) -> &'static str {
        match &self.body {
            Body::Roll(_) => "roll",
            Body::Lookup(_) => "lookup",
        }
    }

    /// Whether anything of this table is rolled: a roll table, rolled
    /// columns, or a result that is a roll. A lookup with nothing to roll is
    /// a reference table (fall, jump, cover).
    pub fn rolls(&self) -> bool {
        match &self.body {
            Body::Roll(_) => true,
            Body::Lookup(lk) => {
                lk.column_dice.is_some()
                    || lk
                        .rows
                        .iter()
                        .flat_map(|r| &r.cells)
                        .any(|c| matches!(c.result, CellResult::Roll { .. }))
            }
        }
    }

    /// The dice as shown in a list: the table's own roll, or the results' rolls.
    pub fn dice_label(&self) -> Option<String> {
        match &self.body {
            Body::Roll(r) => Some(r.dice.to_string()),
            Body::Lookup(lk) => {
                if let Some(d) = lk.column_dice {
                    return Some(d.to_string());
                }
                let mut seen: Vec<String> = Vec::new();
                for c in lk.rows.iter().flat_map(|r| &r.cells) {
                    if let CellResult::Roll { dice, .. } = &c.result {
                        let s = dice.to_string();
                        if !seen.contains(&s) {
                            seen.push(s);
                        }
                    }
                }
                seen.sort();
                (!seen.is_empty()).then(|| seen.join("/"))
            }
        }
    }
}

/// A number added to a roll. With `value` it is a fixed bonus the player
/// ticks (Dragon Rage: +1 to climb with no defender adjacent); without, the
/// player types it (spell level, fear).
#[derive(Clone, Debug, PartialEq)]
pub struct Modifier {
    pub id: String,
    pub name: Text,
    pub value: Option<i32>,
    /// Choice ids of the lookup's inputs it applies to; empty: every roll.
    pub only: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Roll(RollBody),
    Lookup(Box<LookupBody>),
}

/// A die-range table: roll the dice, read the row.
#[derive(Clone, Debug, PartialEq)]
pub struct RollBody {
    pub dice: DiceExpr,
    pub rows: Vec<RollRow>,
    /// Totals the table leaves out on purpose: no row, nothing happens.
    pub omit: Vec<RowRange>,
}

/// A row of a die-range table.
#[derive(Clone, Debug, PartialEq)]
pub struct RollRow {
    /// The key as printed (`05-06`, `00`, `14+`).
    pub label: String,
    pub range: RowRange,
    pub text: Text,
    /// Dice written in the text, rolled with the row.
    pub nested: Vec<DiceExpr>,
    /// Another table of the pack to roll next.
    pub then: Option<String>,
}

/// A table that crosses one or two inputs the player gives.
#[derive(Clone, Debug, PartialEq)]
pub struct LookupBody {
    /// One or two; the first picks the row, the second the column.
    pub inputs: Vec<Input>,
    /// When set, a roll of these dice picks the column instead of a second input.
    pub column_dice: Option<DiceExpr>,
    /// Column keys (two inputs or rolled columns); empty for one input.
    pub columns: Vec<Key>,
    pub rows: Vec<LookupRow>,
    /// What a result can come to; a roll's success and failure are two of them.
    pub outcomes: Vec<Outcome>,
    /// Index in `outcomes` of a successful roll and of a failed one.
    pub success: usize,
    pub failure: usize,
    pub out_of_range: OutOfRange,
    /// The cell codes and what they mean, as printed under the table.
    pub legend: Vec<LegendEntry>,
}

impl LookupBody {
    pub fn outcome(&self, id: &str) -> Option<usize> {
        self.outcomes.iter().position(|o| o.id == id)
    }
}

/// One input of a lookup table.
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub id: String,
    pub name: Text,
    pub kind: InputKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum InputKind {
    /// A whole number (a strength); values below `min` or above `max` are refused.
    Number { min: Option<i32>, max: Option<i32> },
    /// A measured length or height, in bands (`up_to` on each row).
    Measure,
    /// One of a list (a unit type, a grade of cover).
    Choice(Vec<Choice>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub id: String,
    pub name: Text,
    /// The dice a `N+` result in this column rolls (`climb: 1d6`).
    pub dice: Option<DiceExpr>,
}

/// The key of a lookup row or column.
#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    /// Whole numbers, as printed (`12`, `9+`, `2-3`).
    Range { label: String, range: RowRange },
    /// A choice, by index.
    Choice(usize),
    /// A band of a measure: up to this value (over the previous band's);
    /// `None` for beyond the last.
    UpTo(Option<f64>),
}

/// A row of a lookup table.
#[derive(Clone, Debug, PartialEq)]
pub struct LookupRow {
    pub key: Key,
    /// One cell per column; one cell in all for a one-input lookup.
    pub cells: Vec<Cell>,
}

/// What a result comes to, for the odds (destroyed, hit, missed).
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub id: String,
    pub name: Text,
}

/// What a lookup does with inputs outside its printed keys.
#[derive(Clone, Debug, PartialEq)]
pub enum OutOfRange {
    /// Refuse them, naming the printed range.
    Refuse,
    /// Read the nearest printed row or column.
    Nearest,
    /// Dragon Rage 2.7.5: see [`RatioRule`].
    Ratio(Box<RatioRule>),
}

/// Dragon Rage 2.7.5, out of range: first input at least double the second:
/// `double`; second at least double the first: `half`; otherwise the code
/// `from - first / second` (rounded down), read as a cell, and `cap` once
/// that code reaches `cap_at`.
#[derive(Clone, Debug, PartialEq)]
pub struct RatioRule {
    pub double: Cell,
    pub half: Cell,
    pub from: i32,
    pub cap_at: i32,
    pub cap: Cell,
    /// The procedure as printed.
    pub text: Option<Text>,
}

impl OutOfRange {
    pub fn text(&self) -> Option<&Text> {
        match self {
            OutOfRange::Ratio(r) => r.text.as_ref(),
            _ => None,
        }
    }
}

/// Every pack available: this game's, the shipped ones and the user's, with
/// the problems of the user packs that did not load.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackSet {
    pub packs: Vec<Pack>,
    pub problems: Vec<DataError>,
}

/// Why a `pack/table` reference found nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindError {
    Unknown {
        wanted: String,
        known: Vec<String>,
    },
    Ambiguous {
        wanted: String,
        matches: Vec<String>,
    },
}

impl std::fmt::Display for FindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FindError::Unknown { wanted, known } => write!(
                f,
                "no table '{}'; the tables are: {}",
                clip(wanted),
                known.join(", ")
            ),
            FindError::Ambiguous { wanted, matches } => write!(
                f,
                "'{wanted}' is in several packs; say which: {}",
                matches.join(", ")
            ),
        }
    }
}

impl PackSet {
    /// The `impia` pack from `rules` and the shipped packs. A shipped pack
    /// that fails its checks is a bug; it is reported as a problem, never a
    /// panic.
    pub fn shipped(rules: &RuleSet) -> PackSet {
        let mut set = PackSet {
            packs: vec![impia_pack(rules)],
            problems: Vec::new(),
        };
        for (name, text) in SHIPPED {
            match parse_pack_file(name, text, Origin::Shipped) {
                Ok(p) => set.packs.push(p),
                Err(e) => set.problems.push(e),
            }
        }
        set
    }

    /// The shipped packs and the user packs of a `--tables DIR` folder: its
    /// pack files (YAML files that start with `pack:`) and its sub-folders.
    pub fn load(rules: &RuleSet, user_dir: Option<&Path>) -> PackSet {
        let mut set = PackSet::shipped(rules);
        if let Some(dir) = user_dir {
            set.add_user_dir(dir, false);
        }
        set
    }

    /// Add the packs of a folder. With `folder_is_pack`, a folder holding
    /// loose table files (and no pack files or pack folders) is itself a pack
    /// — what a player who picks their pack's folder in the app means.
    /// A pack whose id is taken is a problem; the first one stays.
    pub fn add_user_dir(&mut self, dir: &Path, folder_is_pack: bool) {
        let (packs, problems) = load_user_packs(dir, folder_is_pack);
        self.add(packs, problems);
    }

    /// The shipped packs and the user packs of a `--tables` folder already
    /// read for the rule tables ([`RuleSet::load_folder`]): its files are
    /// not read again.
    pub fn with_folder(rules: &RuleSet, folder: Option<&YamlFolder>) -> PackSet {
        let mut set = PackSet::shipped(rules);
        if let Some(f) = folder {
            let (packs, problems) = user_packs(f, false);
            set.add(packs, problems);
        }
        set
    }

    /// Add packs found in a folder, and its problems.
    fn add(&mut self, packs: Vec<Pack>, problems: Vec<DataError>) {
        self.problems.extend(problems);
        for p in packs {
            if self.packs.iter().any(|q| q.id == p.id) {
                let file = match &p.origin {
                    Origin::User(path) => path.display().to_string(),
                    Origin::Shipped => p.id.clone(),
                };
                self.problems.push(DataError::whole(
                    file,
                    format!(
                        "pack id '{}' is already taken by another pack; give this one another `pack:` id",
                        p.id
                    ),
                ));
            } else {
                self.packs.push(p);
            }
        }
    }

    pub fn pack(&self, id: &str) -> Option<&Pack> {
        self.packs.iter().find(|p| p.id == id)
    }

    /// Every table as `pack/id`.
    pub fn all_refs(&self) -> Vec<String> {
        self.packs
            .iter()
            .flat_map(|p| p.tables.iter().map(move |t| format!("{}/{}", p.id, t.id)))
            .collect()
    }

    /// Find `pack/id`, or a bare `id`: a table of this game first (so
    /// `dark_forces` keeps working), else the one pack that has it.
    pub fn find(&self, wanted: &str) -> Result<(&Pack, &PackTable), FindError> {
        let unknown = || FindError::Unknown {
            wanted: wanted.to_string(),
            known: self.all_refs(),
        };
        if let Some((p, t)) = wanted.split_once('/') {
            let pack = self.pack(p).ok_or_else(unknown)?;
            let table = pack.table(t).ok_or_else(unknown)?;
            return Ok((pack, table));
        }
        if let Some(pack) = self.pack(IMPIA)
            && let Some(t) = pack.table(wanted)
        {
            return Ok((pack, t));
        }
        let found: Vec<(&Pack, &PackTable)> = self
            .packs
            .iter()
            .filter_map(|p| p.table(wanted).map(|t| (p, t)))
            .collect();
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(unknown()),
            many => Err(FindError::Ambiguous {
                wanted: wanted.to_string(),
                matches: many
                    .iter()
                    .map(|(p, t)| format!("{}/{}", p.id, t.id))
                    .collect(),
            }),
        }
    }
}

/// A choice's name by id (for labels).
pub fn choice_name<'a>(input: &'a Input, id: &str, l: Lang) -> Option<&'a str> {
    match &input.kind {
        InputKind::Choice(cs) => cs.iter().find(|c| c.id == id).map(|c| c.name.get(l)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_packs_load() {
        let rules = RuleSet::builtin().expect("rules");
        let set = PackSet::shipped(&rules);
        assert!(set.problems.is_empty(), "{:?}", set.problems);
        let ids: Vec<&str> = set.packs.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, [IMPIA, "crisis", "dragon_rage"]);
    }
}
