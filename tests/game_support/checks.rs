//! The checks a test reads before it rolls, and the small questions it
//! asks the game. Issue 34: no longer methods of `Game` (the app, the
//! phones and the CLI all use `Game::prepare` / `Game::price` of an
//! action): each check here is `Game::prepare` of the action that rolls
//! it, so a test reads the very check every client is shown. R33's
//! re-roll left and R38's backlash modifier are the core's own answers
//! (`Game::can_reroll`, `Game::backlash_modifier`), not copies here.

use impia::core::dice::{CheckSpec, OpposedSpec};
use impia::core::game::act;
use impia::core::game::{
    Action, CheckOptions, FightOptions, Game, GameError, HitOptions, ModelRef, Prepared,
    PreparedCheck, Score, ShootOptions, Sides,
};
use impia::core::tables::Stat;

/// The checks and questions of the game tests, over a [`Game`].
pub trait Checks {
    /// R23, R24: the opposed Combat check of a Fight.
    fn fight_check(
        &self,
        attacker: ModelRef,
        defender: ModelRef,
        options: &FightOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError>;

    /// R20, R22: the free Fight of an Assault.
    fn assault_check(
        &self,
        attacker: ModelRef,
        defender: ModelRef,
        brutal: bool,
        options: &FightOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError>;

    /// R26: the Accuracy check of a shot.
    fn shoot_check(
        &self,
        shooter: ModelRef,
        target: ModelRef,
        options: &ShootOptions,
    ) -> Result<PreparedCheck<CheckSpec>, GameError>;

    /// R25: one opposed Agility check per engaged opponent.
    fn disengage_checks(
        &self,
        model: ModelRef,
    ) -> Result<Vec<PreparedCheck<OpposedSpec>>, GameError>;

    /// R27–R30: the roll of the pending hit of `attacker` on `target`.
    fn hit_check(
        &self,
        attacker: ModelRef,
        target: ModelRef,
        options: &HitOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError>;

    /// R18: a fall's roll; `None` when the height does no harm.
    fn fall_check(
        &self,
        model: ModelRef,
        height_cm: f64,
    ) -> Result<Option<PreparedCheck<OpposedSpec>>, GameError>;

    /// R01: a plain attribute check.
    fn attribute_check(
        &self,
        model: ModelRef,
        stat: Stat,
        modifier: i32,
    ) -> Result<PreparedCheck<CheckSpec>, GameError> {
        self.attribute_check_with(model, stat, modifier, &CheckOptions::default())
    }

    /// R01, R04, R41: an attribute check with its options.
    fn attribute_check_with(
        &self,
        model: ModelRef,
        stat: Stat,
        modifier: i32,
        options: &CheckOptions,
    ) -> Result<PreparedCheck<CheckSpec>, GameError>;

    /// R31: would `model` flee if its activation ended now (the status's
    /// `fear_level`)?
    fn would_flee(&self, model: ModelRef) -> bool;

    /// Victory points of both warbands.
    fn scoreboard(&self) -> Sides<Score>;
}

/// The one opposed check `action` rolls.
fn opposed(g: &Game, action: Action) -> Result<PreparedCheck<OpposedSpec>, GameError> {
    match g.prepare(&action)? {
        Prepared::Opposed(p) => Ok(p),
        other => panic!("{action:?} prepares {other:?}, not one opposed check"),
    }
}

/// The attribute check `action` rolls.
fn check(g: &Game, action: Action) -> Result<PreparedCheck<CheckSpec>, GameError> {
    match g.prepare(&action)? {
        Prepared::Check(p) => Ok(p),
        other => panic!("{action:?} prepares {other:?}, not an attribute check"),
    }
}

impl Checks for Game {
    fn fight_check(
        &self,
        attacker: ModelRef,
        defender: ModelRef,
        options: &FightOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError> {
        let options = options.clone();
        let fight = act::Fight {
            attacker,
            defender,
            options,
            roll: None,
        };
        opposed(self, Action::Fight(fight))
    }

    fn assault_check(
        &self,
        attacker: ModelRef,
        defender: ModelRef,
        brutal: bool,
        options: &FightOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError> {
        let options = options.clone();
        let assault = act::Assault {
            attacker,
            defender,
            brutal,
            options,
            roll: None,
        };
        opposed(self, Action::Assault(assault))
    }

    fn shoot_check(
        &self,
        shooter: ModelRef,
        target: ModelRef,
        options: &ShootOptions,
    ) -> Result<PreparedCheck<CheckSpec>, GameError> {
        let options = options.clone();
        let shot = act::Shoot {
            shooter,
            target,
            options,
            roll: None,
            stray: None,
        };
        check(self, Action::Shoot(shot))
    }

    fn disengage_checks(
        &self,
        model: ModelRef,
    ) -> Result<Vec<PreparedCheck<OpposedSpec>>, GameError> {
        let rolls = Vec::new();
        let action = Action::Disengage(act::Disengage { model, rolls });
        match self.prepare(&action)? {
            Prepared::Disengage(v) => Ok(v),
            other => panic!("a Disengage prepares {other:?}"),
        }
    }

    fn hit_check(
        &self,
        attacker: ModelRef,
        target: ModelRef,
        options: &HitOptions,
    ) -> Result<PreparedCheck<OpposedSpec>, GameError> {
        let options = options.clone();
        let hit = act::ResolveHit {
            attacker,
            target,
            options,
            roll: None,
            witnesses: Vec::new(),
        };
        opposed(self, Action::ResolveHit(hit))
    }

    fn fall_check(
        &self,
        model: ModelRef,
        height_cm: f64,
    ) -> Result<Option<PreparedCheck<OpposedSpec>>, GameError> {
        let fall = act::Fall {
            model,
            height_cm,
            roll: None,
            witnesses: Vec::new(),
        };
        match self.prepare(&Action::Fall(fall))? {
            Prepared::Opposed(p) => Ok(Some(p)),
            Prepared::NoRoll => Ok(None),
            other => panic!("a fall prepares {other:?}"),
        }
    }

    fn attribute_check_with(
        &self,
        model: ModelRef,
        stat: Stat,
        modifier: i32,
        options: &CheckOptions,
    ) -> Result<PreparedCheck<CheckSpec>, GameError> {
        let options = options.clone();
        let c = act::Check {
            model,
            stat,
            modifier,
            reason: String::new(),
            options,
            roll: None,
        };
        check(self, Action::Check(c))
    }

    fn would_flee(&self, model: ModelRef) -> bool {
        self.fear_level(model) == "flees"
    }

    fn scoreboard(&self) -> Sides<Score> {
        self.state().sides.map(|_, s| s.score)
    }
}
