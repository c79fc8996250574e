//! `cast_spell`: R38: cast a spell, fear to the models within 15 cm, then
//! the backlash roll.

use crate::core::game::act::CastSpell;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::{Action, SpellChoice, check_number};
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for CastSpell {
    /// R38: a roll, the backlash (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.caster)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        match &self.spell {
            SpellChoice::Custom {
                level, cost, hit, ..
            } => {
                check_number("level", *level)?;
                check_number("cost", *cost)?;
                if let Some(h) = hit {
                    check_number("strength", h.strength)?;
                    check_number("penetration", h.penetration)?;
                }
                Ok(())
            }
            SpellChoice::Known { .. } => Ok(()),
        }
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for CastSpell {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for CastSpell {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for CastSpell {}
