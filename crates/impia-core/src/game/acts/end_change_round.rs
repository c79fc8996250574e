//! `end_change_round`: R09: this warband makes no more round changes this
//! turn.

use crate::game::act::EndChangeRound;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::names::*;
use crate::game::state::{GameState, Phase, side_slot};
use crate::game::taker::Taker;
use crate::game::turn::change_turn_ok;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndChangeRound {
    /// R09: a player finishes changing rounds; after both, the rounds begin.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let side = self.side;
        change_turn_ok(st, side)?;
        st.change_round.first.get_or_insert(side);
        st.change_round.done[side_slot(side)] = true;
        if st.change_round.done == [true, true] {
            st.phase = Phase::Rounds;
        }
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_side(self.side)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for EndChangeRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {}",
            d.warband(self.side, l),
            l.pick("no cambia más rondas", "no more round changes")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndChangeRound {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "end_change_round")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "end_change_round", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndChangeRound {}
