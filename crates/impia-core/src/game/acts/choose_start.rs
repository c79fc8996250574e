//! `choose_start`: R08: the roll-off winner chooses which warband activates
//! first.

use crate::game::act::ChooseStart;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, require_no_pending, require_rounds};
use crate::game::offers::names::*;
use crate::game::state::{GameState, Now};
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ChooseStart {
    /// R08: the roll-off winner chooses which warband activates first.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let side = self.side;
        require_rounds(st)?;
        require_no_pending(st)?;
        let round = st.current_round();
        if round.and_then(|r| st.rolloff_winner(r)).is_none() {
            return Err(Refusal::NoRollOffWon.into());
        }
        if !side.is_warband() {
            return Err(Refusal::WarbandStarts.into());
        }
        if let Some(rs) = st.round.as_mut() {
            rs.starts = Some(side);
            rs.next = Some(side);
        }
        Ok(())
    }

    fn taker(&self, st: &GameState) -> Taker {
        // Not its step: the rules refuse it whoever sends it.
        if let Now::ChooseStart { winner, .. } = st.now() {
            Taker::of_side(winner)
        } else {
            Taker::Either
        }
    }

    fn taker_reads_the_state(&self) -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ChooseStart {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            l.pick("Empieza", "Starting:"),
            d.warband(self.side, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ChooseStart {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "choose_start")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "choose_start", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ChooseStart {}
