//! Dice as the log stores them: the check's spec and every die, whether the
//! app rolled it or a player typed it from a real die, so that replay needs no
//! random generator (R01–R04, R33 re-roll).

use serde::{Deserialize, Serialize};

use super::error::{GameError, Refusal};
use super::refs::ModelRef;
use crate::dice::{
    CheckRoll, CheckSpec, Die, EdgeRoll, OpposedOutcome, OpposedRoll, OpposedSpec, Roller,
    SideRoll, opposed_outcome,
};
use crate::odds::{self, Odds, OpposedOdds};
use crate::text::Text;

/// The dice of one side of a check as they fell: the d10 and the d3s of its
/// net advantages or complications (R04).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDice {
    pub d10: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub d3: Vec<u32>,
}

impl SideDice {
    pub fn new(d10: u32, d3: Vec<u32>) -> Self {
        SideDice { d10, d3 }
    }

    /// Roll the d10 and as many d3 as the spec's net edge asks for.
    pub fn roll(roller: &mut Roller, spec: &CheckSpec) -> Self {
        let d10 = roller.die(10);
        let d3 = (0..spec.edge().unsigned_abs())
            .map(|_| roller.die(3))
            .collect();
        SideDice { d10, d3 }
    }

    /// The dice fit the spec: a d10 of 1–10 and one d3 (1–3) per net
    /// advantage or complication.
    pub fn check(&self, spec: &CheckSpec) -> Result<(), GameError> {
        if !(1..=10).contains(&self.d10) {
            return Err(Refusal::DieOutOfRange {
                sides: 10,
                value: self.d10,
            }
            .into());
        }
        let want = spec.edge().unsigned_abs() as usize;
        if self.d3.len() != want {
            return Err(Refusal::D3Count {
                want,
                given: self.d3.len(),
            }
            .into());
        }
        if let Some(bad) = self.d3.iter().find(|v| !(1..=3).contains(*v)) {
            return Err(Refusal::DieOutOfRange {
                sides: 3,
                value: *bad,
            }
            .into());
        }
        Ok(())
    }

    /// R04: the highest d3, added for advantages, subtracted for complications.
    pub fn edge_value(&self, spec: &CheckSpec) -> i32 {
        self.d3.iter().copied().max().unwrap_or(0) as i32 * spec.edge().signum()
    }

    /// R02: 1d10 + value + modifiers + the kept d3.
    pub fn total(&self, spec: &CheckSpec) -> i32 {
        self.d10 as i32 + spec.value + spec.modifier + self.edge_value(spec)
    }

    fn edge_roll(&self, spec: &CheckSpec) -> EdgeRoll {
        let net = spec.edge();
        let best = self
            .d3
            .iter()
            .enumerate()
            .max_by_key(|(i, v)| (**v, std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        EdgeRoll {
            net,
            dice: self
                .d3
                .iter()
                .enumerate()
                .map(|(i, v)| Die {
                    sides: 3,
                    value: *v,
                    kept: Some(i) == best,
                })
                .collect(),
            value: self.edge_value(spec),
        }
    }

    fn side_roll(&self, spec: &CheckSpec) -> SideRoll {
        SideRoll {
            spec: *spec,
            d10: Die {
                sides: 10,
                value: self.d10,
                kept: true,
            },
            edge: self.edge_roll(spec),
            total: self.total(spec),
        }
    }
}

/// R33: a totem re-roll: the model that took it and the dice it replaced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reroll {
    pub by: ModelRef,
    pub first: SideDice,
}

/// An attribute check as stored in the log (R01).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckDice {
    pub spec: CheckSpec,
    /// The dice that count (after a re-roll, the new ones).
    pub roll: SideDice,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll: Option<Reroll>,
}

impl CheckDice {
    pub fn roll(roller: &mut Roller, spec: CheckSpec) -> Self {
        CheckDice {
            roll: SideDice::roll(roller, &spec),
            spec,
            reroll: None,
        }
    }

    /// Dice typed from a real roll, checked against the spec.
    pub fn typed(spec: CheckSpec, roll: SideDice) -> Result<Self, GameError> {
        roll.check(&spec)?;
        Ok(CheckDice {
            spec,
            roll,
            reroll: None,
        })
    }

    /// R33: `by` re-rolls; the first dice are kept for the history.
    pub fn rerolled(mut self, by: ModelRef, new: SideDice) -> Self {
        let first = std::mem::replace(&mut self.roll, new);
        self.reroll = Some(Reroll { by, first });
        self
    }

    pub fn check(&self) -> Result<(), GameError> {
        self.roll.check(&self.spec)?;
        if let Some(r) = &self.reroll {
            r.first.check(&self.spec)?;
        }
        Ok(())
    }

    /// R01: the d10 must be at most this.
    pub fn target(&self) -> i32 {
        self.spec.value + self.spec.modifier + self.roll.edge_value(&self.spec)
    }

    pub fn success(&self) -> bool {
        self.roll.d10 as i32 <= self.target()
    }

    /// The roll as `core::dice` shows it, die by die.
    pub fn to_roll(&self) -> CheckRoll {
        let side = self.roll.side_roll(&self.spec);
        CheckRoll {
            spec: self.spec,
            d10: side.d10,
            edge: side.edge,
            target: self.target(),
            success: self.success(),
        }
    }
}

/// An opposed check as stored in the log (R02): the active side is the one
/// whose activation it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpposedDice {
    pub spec: OpposedSpec,
    pub active: SideDice,
    pub passive: SideDice,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll: Option<Reroll>,
}

/// One side of an opposed check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Active,
    Passive,
}

impl OpposedDice {
    pub fn roll(roller: &mut Roller, spec: OpposedSpec) -> Self {
        let active = SideDice::roll(roller, &spec.active);
        let passive = SideDice::roll(roller, &spec.passive);
        OpposedDice {
            spec,
            active,
            passive,
            reroll: None,
        }
    }

    pub fn typed(
        spec: OpposedSpec,
        active: SideDice,
        passive: SideDice,
    ) -> Result<Self, GameError> {
        active.check(&spec.active)?;
        passive.check(&spec.passive)?;
        Ok(OpposedDice {
            spec,
            active,
            passive,
            reroll: None,
        })
    }

    /// R33: `by` re-rolls its own side (`role`); the first dice are kept.
    pub fn rerolled(mut self, by: ModelRef, role: Role, new: SideDice) -> Self {
        let slot = match role {
            Role::Active => &mut self.active,
            Role::Passive => &mut self.passive,
        };
        let first = std::mem::replace(slot, new);
        self.reroll = Some(Reroll { by, first });
        self
    }

    pub fn check(&self) -> Result<(), GameError> {
        self.active.check(&self.spec.active)?;
        self.passive.check(&self.spec.passive)?;
        Ok(())
    }

    pub fn totals(&self) -> (i32, i32) {
        (
            self.active.total(&self.spec.active),
            self.passive.total(&self.spec.passive),
        )
    }

    /// R02, R23: who won.
    pub fn outcome(&self) -> OpposedOutcome {
        let (a, p) = self.totals();
        opposed_outcome(a, p, self.spec.combat)
    }

    pub fn to_roll(&self) -> OpposedRoll {
        OpposedRoll {
            spec: self.spec,
            active: self.active.side_roll(&self.spec.active),
            passive: self.passive.side_roll(&self.spec.passive),
            outcome: self.outcome(),
        }
    }
}

/// A check the game built from the tracked models: its spec, every modifier
/// source in words (both languages), and the models rolling each side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PreparedCheck<S> {
    pub spec: S,
    pub sources: Vec<Text>,
    /// The model rolling (the active side of an opposed check).
    pub active: Option<ModelRef>,
    /// The model rolling the passive side of an opposed check.
    pub passive: Option<ModelRef>,
}

impl PreparedCheck<CheckSpec> {
    /// R01, R04: the exact chance of success.
    pub fn odds(&self) -> Odds {
        Odds(odds::check_success(&self.spec))
    }

    pub fn roll(&self, roller: &mut Roller) -> CheckDice {
        CheckDice::roll(roller, self.spec)
    }

    pub fn with_dice(&self, dice: SideDice) -> Result<CheckDice, GameError> {
        CheckDice::typed(self.spec, dice)
    }
}

impl PreparedCheck<OpposedSpec> {
    /// R02, R23: the exact odds of each outcome.
    pub fn odds(&self) -> OpposedOdds {
        odds::opposed(&self.spec)
    }

    pub fn roll(&self, roller: &mut Roller) -> OpposedDice {
        OpposedDice::roll(roller, self.spec)
    }

    pub fn with_dice(&self, active: SideDice, passive: SideDice) -> Result<OpposedDice, GameError> {
        OpposedDice::typed(self.spec, active, passive)
    }

    /// Which side `model` rolls, if it takes part.
    pub fn role_of(&self, model: ModelRef) -> Option<Role> {
        if self.active == Some(model) {
            Some(Role::Active)
        } else if self.passive == Some(model) {
            Some(Role::Passive)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::roll_opposed;

    #[test]
    fn r04_dice_rebuild_the_roll_of_core_dice() {
        // Rolling with the same seed gives the same dice as core::dice.
        let spec = OpposedSpec {
            active: CheckSpec::new(5).with_edge(2, 0),
            passive: CheckSpec::new(4).with_modifier(1).with_edge(0, 1),
            combat: true,
        };
        for seed in 0..100 {
            let ours = OpposedDice::roll(&mut Roller::seeded(seed), spec).to_roll();
            let theirs = roll_opposed(&mut Roller::seeded(seed), spec);
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn r04_wrong_number_of_d3_is_refused() {
        let spec = CheckSpec::new(5).with_edge(1, 0);
        assert!(CheckDice::typed(spec, SideDice::new(4, vec![])).is_err());
        assert!(CheckDice::typed(spec, SideDice::new(4, vec![2, 3])).is_err());
        assert!(CheckDice::typed(spec, SideDice::new(11, vec![2])).is_err());
        assert!(CheckDice::typed(spec, SideDice::new(4, vec![4])).is_err());
        let ok = CheckDice::typed(spec, SideDice::new(7, vec![2])).unwrap();
        assert_eq!(ok.target(), 7);
        assert!(ok.success());
    }
}
