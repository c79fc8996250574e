//! `set_engaged`.

use crate::core::game::act::SetEngaged;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::{Ctx, engage, model};
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;

impl super::Rules for SetEngaged {
    /// A hand correction of who is engaged.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let SetEngaged { a, b, engaged: on } = *self;
        model(st, a)?;
        model(st, b)?;
        if a.side == b.side {
            return Err(Refusal::EngageEnemiesOnly.into());
        }
        if on {
            engage(st, a, b);
        } else {
            for (x, y) in [(a, b), (b, a)] {
                if let Some(m) = st.model_mut(x) {
                    m.engaged.retain(|e| *e != y);
                }
            }
        }
        Ok(())
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        Ok(())
    }

    fn is_roll(&self) -> bool {
        false
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for SetEngaged {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetEngaged {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetEngaged {}
