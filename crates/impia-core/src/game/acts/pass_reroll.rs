//! `pass_reroll`: issue 33: a side takes none of its re-rolls on the roll
//! waiting (R33 totem, R42 Headstrong), so that the roll may be closed.

use crate::game::act::PassReroll;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::Ctx;
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for PassReroll {
    /// Only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    /// The side is no longer asked about this roll until its dice change.
    fn while_roll_waits(&self, st: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        let Some(p) = st.pending.as_mut() else {
            return Some(Err(Refusal::NoRollWaiting.into()));
        };
        if self.side.is_warband() && !p.passed.contains(&self.side) {
            p.passed.push(self.side);
        }
        Some(Ok(()))
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_side(self.side)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for PassReroll {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {}",
            d.warband(self.side, l),
            l.pick("no repite la tirada", "takes no re-roll")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for PassReroll {
    fn cost(&self, _st: &GameState, _ctx: Ctx<'_>) -> i32 {
        0
    }

    fn label(&self, _st: &GameState, _rules: &RuleSet, l: Lang) -> String {
        l.pick("No repetir", "No re-roll").into()
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for PassReroll {}
