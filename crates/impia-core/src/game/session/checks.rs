//! The checks a view builds from the tracked models before it rolls (it
//! shows them, rolls, then sends the action with the dice), and the small
//! questions it asks the game.

use super::super::action::{
    self, CheckOptions, FightOptions, HitOptions, ShootOptions, SpellChoice,
};
use super::super::error::GameError;
use super::super::refs::{ModelRef, Sides};
use super::super::roll::PreparedCheck;
use super::super::state::Score;
use super::super::{attribute, fear, guard, hits, kit, melee, shooting, spell};
use super::Game;
use crate::dice::{CheckSpec, OpposedSpec};
use crate::tables::Stat;
use crate::text::Lang;

impl Game {
    // --- Checks built from the tracked models (the view shows them, rolls,
    // then sends the action with the dice). ---

    /// R23, R24: the opposed Combat check of a Fight.
    pub fn fight_check(
        &self,
        attacker: ModelRef,
        defender: ModelRef,
        options: &FightOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError> {
        options.check_numbers()?;
        melee::fight_check(&self.state, self.ctx(), attacker, defender, options, None)
    }

    /// R20, R22: the free Fight of an Assault.
    pub fn assault_check(
        &self,
        attacker: ModelRef,
        defender: ModelRef,
        brutal: bool,
        options: &FightOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError> {
        options.check_numbers()?;
        melee::fight_check(
            &self.state,
            self.ctx(),
            attacker,
            defender,
            options,
            Some(brutal),
        )
    }

    /// R26: the Accuracy check of a shot.
    pub fn shoot_check(
        &self,
        shooter: ModelRef,
        target: ModelRef,
        options: &ShootOptions,
    ) -> Result<PreparedCheck<CheckSpec>, GameError> {
        options.check_numbers()?;
        shooting::shoot_check(&self.state, self.ctx(), shooter, target, options)
    }

    /// R25: one opposed Agility check per engaged opponent, in the order of
    /// the model's engagements.
    pub fn disengage_checks(
        &self,
        model: ModelRef,
    ) -> Result<Vec<PreparedCheck<OpposedSpec>>, GameError> {
        melee::disengage_checks(&self.state, self.ctx(), model)
    }

    /// R27–R30: the roll of the pending hit of `attacker` on `target`.
    pub fn hit_check(
        &self,
        attacker: ModelRef,
        target: ModelRef,
        options: &HitOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError> {
        options.check_numbers()?;
        hits::hit_check(&self.state, self.ctx(), attacker, target, options)
    }

    /// R18: a fall's roll; `None` when the height does no harm (Prone, no roll).
    pub fn fall_check(
        &self,
        model: ModelRef,
        height_cm: f64,
    ) -> Result<Option<PreparedCheck<OpposedSpec>>, GameError> {
        hits::fall_check(&self.state, self.ctx(), model, height_cm)
    }

    /// R01: a plain attribute check.
    pub fn attribute_check(
        &self,
        model: ModelRef,
        stat: Stat,
        modifier: i32,
    ) -> Result<PreparedCheck<CheckSpec>, GameError> {
        self.attribute_check_with(model, stat, modifier, &CheckOptions::default())
    }

    /// R01, R04: an attribute check with advantages or complications, or
    /// the Courage check before assaulting a Dreadful aspect (R41).
    pub fn attribute_check_with(
        &self,
        model: ModelRef,
        stat: Stat,
        modifier: i32,
        options: &CheckOptions,
    ) -> Result<PreparedCheck<CheckSpec>, GameError> {
        action::check_number("modifier", modifier)?;
        options.check_numbers()?;
        attribute::attribute_check(&self.state, self.ctx(), model, stat, modifier, options)
    }

    /// R38: what the backlash roll adds to its die (level + the caster's fear).
    pub fn backlash_modifier(&self, caster: ModelRef, spell: &SpellChoice) -> Option<i32> {
        spell::backlash_modifier(&self.state, caster, spell)
    }

    /// R33: may `model`'s warband still take its totem re-roll this turn?
    pub fn can_reroll(&self, model: ModelRef) -> bool {
        kit::can_reroll(&self.state, &self.rules, model)
    }

    /// R31: would `model` flee if its activation ended now?
    pub fn would_flee(&self, model: ModelRef) -> bool {
        fear::would_flee(&self.state, &self.rules, model)
    }

    /// R10–R12: what `model` can spend now: its warband's pool plus its own DP.
    pub fn dp_available(&self, model: ModelRef) -> i32 {
        guard::can_pay(&self.state, model)
    }

    /// Victory points of both warbands.
    pub fn scoreboard(&self) -> Sides<Score> {
        self.state.sides.map(|_, s| s.score)
    }

    /// Roster problems of the warbands, one line each.
    pub fn warnings(&self, lang: Lang) -> Vec<String> {
        self.setup.warnings(&self.rules, lang)
    }
}
