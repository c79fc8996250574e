//! The sets of dice a roll takes (issue 26), and real dice typed in for
//! them. A file of its own so that an action's rules (`acts/<id>.rs`) and
//! the `Rolls` trait can name them without importing the door (`typed.rs`
//! speaks to `Game`, which prepares checks).

use super::error::{GameError, Refusal};
use super::refs::ModelRef;
use super::roll::{CheckDice, OpposedDice, Role, SideDice};
use crate::dice::{CheckSpec, OpposedSpec};

/// One set of dice a roll takes: a d10 and the d3 of its net advantages or
/// complications (R04), rolled by `model` for its side of the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceSlot {
    pub model: Option<ModelRef>,
    /// `None`: a plain attribute check (R01); else its side of an opposed
    /// check (R02).
    pub role: Option<Role>,
    pub spec: CheckSpec,
    /// A die of a table or a roll-off, not of a check (its `spec` plain):
    /// which one, for its words.
    pub table: Option<TableDie>,
}

/// A die rolled on no check, that the players may type all the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableDie {
    /// R39: the dark forces at the start of a turn.
    DarkForces,
    /// R08: a warband's die of the roll-off.
    RollOff(super::refs::Side),
    /// R38: the backlash after a spell.
    Backlash,
}

impl DiceSlot {
    /// One d10 of a table or a roll-off (no d3).
    pub fn table(what: TableDie) -> DiceSlot {
        DiceSlot {
            model: None,
            role: None,
            spec: CheckSpec::default(),
            table: Some(what),
        }
    }

    /// How many d3 it takes (R04: one per net advantage or complication).
    pub fn d3(&self) -> u32 {
        self.spec.edge().unsigned_abs()
    }
}

/// Real dice typed in, one set per slot and in the slots' order, each
/// already checked against its slot's spec.
pub(crate) struct Typed<'a> {
    pub slots: &'a [DiceSlot],
    pub dice: &'a [SideDice],
}

impl Typed<'_> {
    fn wrong_count(&self) -> GameError {
        Refusal::DiceCount {
            want: self.slots.len(),
            given: self.dice.len(),
        }
        .into()
    }

    /// The `k`-th opposed check (R02) of `specs` (the check as the game
    /// builds it now) made of the `2k`-th (active) and next (passive) sets.
    pub(crate) fn opposed(
        &self,
        specs: &[OpposedSpec],
        k: usize,
    ) -> Result<OpposedDice, GameError> {
        let (Some(spec), Some(a), Some(p)) =
            (specs.get(k), self.dice.get(2 * k), self.dice.get(2 * k + 1))
        else {
            return Err(self.wrong_count());
        };
        OpposedDice::typed(*spec, a.clone(), p.clone())
    }

    /// The d10 typed for each table die, in order (`None`: no set typed,
    /// the game rolls).
    pub(crate) fn table_faces(&self) -> Result<Option<Vec<u32>>, GameError> {
        if self.dice.is_empty() {
            return Ok(None);
        }
        if self.dice.len() != self.slots.len() {
            return Err(self.wrong_count());
        }
        Ok(Some(self.dice.iter().map(|d| d.d10).collect()))
    }

    /// A plain check (R01) made of the first set, if there is one.
    pub(crate) fn check(&self) -> Result<Option<CheckDice>, GameError> {
        match (self.slots.first(), self.dice.first()) {
            (Some(s), Some(d)) => Ok(Some(CheckDice::typed(s.spec, d.clone())?)),
            _ => Ok(None),
        }
    }
}
